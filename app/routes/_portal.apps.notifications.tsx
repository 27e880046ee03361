// Everyone: what the portal told them — a request received or decided, a quote sent, an order's
// milestone, a loan's decision — newest first, each a link to its record; read one or all. Unread only
// or all, and the page, in the URL.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import type { Notification } from '@contract';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatDateTime } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { ListTable } from '~/components/list-table';
import { Button, Stack, StatusLabel, TextLink } from '~/components/ui';
import { notificationListParams, notificationReadSchema } from '~/forms/account';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, loadPart } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { markRead, myNotifications, notificationTarget } from '~/services/notifications.server';
import { pageTools } from '~/services/page.server';

const SCREEN = '/apps/notifications';

export const handle = { i18n: ['common', 'catalog'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const params = notificationListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { t, title, common } = await pageTools(request, 'common');
  const page = await loadPart(
    myNotifications(signedIn, { unread: params.unread === 'true', page: params.page }),
    'notifications',
    common,
  );
  return {
    title: title(t('notifications.title')),
    params,
    page: page.value
      ? {
          ...page.value,
          items: page.value.items.map((item) => ({ ...item, to: notificationTarget(item) })),
        }
      : null,
    loadError: page.error,
  };
}

/** Marks one notification read (`id`), or all of them. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: notificationReadSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const id = submission.value.id;
  const done = await attempt(() => markRead(signedIn, id === undefined ? undefined : [id]), 'mark read');
  if (!done.ok) return data(submission.reply({ formErrors: [done.key] }), { status: 400 });
  const back = new URL(request.url);
  return redirectWithFlash(request, `${SCREEN}${back.search}`, {
    key: id === undefined ? 'common:notifications.allRead' : 'common:notifications.oneRead',
  });
}

export const meta = titleMeta;

/** What the notification says, in the reader's words. */
function useNotificationText() {
  const { t, i18n } = useTranslation();
  const { t: tcat } = useTranslation('catalog');
  return (notification: Notification) => {
    const params = notification.params;
    return t(`notifications.kinds.${notification.kind}`, {
      id: params.id,
      order: params.order,
      quote: params.quote,
      loan: params.loan,
      name: params.name,
      invoice: params.invoice,
      instalment: params.instalment,
      milestone: params.milestone ? tcat(`milestones.${params.milestone}`) : '',
      date: typeof params.date === 'string' ? formatDate(params.date, i18n.language) : '',
    });
  };
}

export default function Notifications() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const textOf = useNotificationText();
  const unreadOnly = data.params.unread === 'true';
  const busy = (id: string) => navigation.state === 'submitting' && navigation.formData?.get('id') === id;
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        action={
          (data.page?.unread ?? 0) > 0 && (
            <Form method="post">
              <input type="hidden" name="all" value="1" />
              <Button type="submit" variant="outlined" loading={busy('')}>
                {t('notifications.readAll')}
              </Button>
            </Form>
          )
        }
      />
      <TextLink to="/pages/account-settings/notifications" level="body-sm">
        {t('notifications.settingsLink')}
      </TextLink>
      <Stack component="nav" direction="row" gap={2} aria-label={t('notifications.filter')}>
        <TextLink to="?" aria-current={unreadOnly ? undefined : 'page'}>
          {t('notifications.all')}
        </TextLink>
        <TextLink to="?unread=true" aria-current={unreadOnly ? 'page' : undefined}>
          {t('notifications.unreadOnly', { count: data.page?.unread ?? 0 })}
        </TextLink>
      </Stack>
      <ListTable
        page={data.page}
        failure={t('notifications.loadFailed', { reason: data.loadError ?? '' })}
        empty={unreadOnly ? t('notifications.noneUnread') : t('notifications.none')}
        count={t('notifications.count', { count: data.page?.total ?? 0 })}
        caption={t('notifications.title')}
        minWidth={520}
        head={
          <>
            <th scope="col">{t('notifications.what')}</th>
            <th scope="col">{t('notifications.when')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('notifications.readOne')}</span>
            </th>
          </>
        }
      >
        {(data.page?.items ?? []).map((item) => (
          <tr key={item.id}>
            <td>
              <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                {!item.read_at && (
                  <StatusLabel variant="soft" colour="primary">
                    {t('notifications.new')}
                  </StatusLabel>
                )}
                <TextLink to={item.to}>{textOf(item)}</TextLink>
              </Stack>
            </td>
            <td>{formatDateTime(item.created_at, i18n.language)}</td>
            <td>
              {!item.read_at && (
                <Form method="post">
                  <input type="hidden" name="id" value={item.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="plain"
                    loading={busy(String(item.id))}
                    aria-label={t('notifications.readOneLabel', { text: textOf(item) })}
                  >
                    {t('notifications.readOne')}
                  </Button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
