// The unsubscribe link of every notification mail: no sign-in needed. The page says what the link stops
// and asks for a click (a form), since mail scanners open links on their own; the click turns those
// e-mails off — the news still shows in the portal. A link the back office did not sign is not found.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { AuthShell } from '~/components/auth-shell';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Notice } from '~/components/form-parts';
import { translateMessage } from '~/components/messages';
import { titleMeta } from '~/components/page-title';
import { Alert, Button, Stack, Text, TextLink } from '~/components/ui';
import { attempt } from '~/services/errors.server';
import { unsubscribeLink } from '~/services/notifications.server';
import { pageTools } from '~/services/page.server';
import { languageCookie } from '~/services/i18n.server';
import { isLanguage } from '~/i18n';

export const handle = { i18n: ['common', 'auth', 'account'] };

/**
 * Kept by no cache; the link's token goes to no other site. `same-origin` rather than `no-referrer`: with
 * no referrer at all the browser sends the page's form as from nowhere (Origin: null), refused as
 * cross-site.
 */
const LINK_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The mail's language (`?lng=`) for a visitor without a language of their own yet, then the plain link.
  const url = new URL(request.url);
  const mailLanguage = url.searchParams.get('lng');
  if (mailLanguage !== null) {
    const known = (await languageCookie.parse(request.headers.get('Cookie'))) as unknown;
    const headers = new Headers(LINK_HEADERS);
    if (isLanguage(mailLanguage) && !known)
      headers.append('Set-Cookie', await languageCookie.serialize(mailLanguage));
    throw redirect(url.pathname, { headers });
  }
  const { t, title } = await pageTools(request, 'account');
  const target = await unsubscribeLink(params.token ?? '', false);
  if (!target) {
    return data(
      { title: title(t('unsubscribe.invalidTitle')), kind: null },
      { status: 404, headers: LINK_HEADERS },
    );
  }
  return data({ title: title(t('unsubscribe.title')), kind: target.kind }, { headers: LINK_HEADERS });
}

export async function action({ params }: ActionFunctionArgs) {
  const done = await attempt(() => unsubscribeLink(params.token ?? '', true), 'unsubscribe');
  if (!done.ok) {
    return data({ done: false, invalid: false, error: done.key }, { status: 503, headers: LINK_HEADERS });
  }
  if (!done.value) {
    return data({ done: false, invalid: true, error: null }, { status: 404, headers: LINK_HEADERS });
  }
  return data({ done: true, invalid: false, error: null }, { headers: LINK_HEADERS });
}

/** The page and its data request (Remix sends a loader's headers only through this export). */
export const headers = () => LINK_HEADERS;

export const meta = titleMeta;

export default function Unsubscribe() {
  const { kind } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation('account');
  const { t: common } = useTranslation();
  if (!kind || answer?.invalid) {
    return (
      <AuthShell design="card" title={t('unsubscribe.invalidTitle')}>
        <Notice color="warning">{t('unsubscribe.invalid')}</Notice>
        <TextLink to="/auth/login" level="body-sm" style={{ alignSelf: 'center' }}>
          {t('unsubscribe.signIn')}
        </TextLink>
      </AuthShell>
    );
  }
  const what = kind === 'all' ? t('unsubscribe.allKinds') : t(`notificationSettings.kinds.${kind}`);
  return (
    <AuthShell design="card" title={t('unsubscribe.title')}>
      {answer?.done ? (
        <Notice>{t('unsubscribe.done', { what })}</Notice>
      ) : (
        <Form method="post">
          <Stack gap={2}>
            {answer?.error && (
              <Alert color="danger" role="alert">
                {translateMessage(common, answer.error)}
              </Alert>
            )}
            <Text>{t('unsubscribe.question', { what })}</Text>
            <Text level="body-sm" textColor="text.secondary">
              {t('unsubscribe.stillInPortal')}
            </Text>
            <Button type="submit" loading={navigation.state === 'submitting'}>
              {t('unsubscribe.submit')}
            </Button>
          </Stack>
        </Form>
      )}
      <TextLink to="/pages/account-settings/notifications" level="body-sm" style={{ alignSelf: 'center' }}>
        {t('unsubscribe.settings')}
      </TextLink>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
