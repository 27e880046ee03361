// Notification settings: for each kind of news the person is told of, whether it also comes by e-mail
// at once, in one e-mail a day (the digest), or only in the portal. One form; nothing needs JavaScript.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import type { z } from 'zod';
import type { NotificationKind } from '@contract';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { Card, Stack, Text, TextLink } from '~/components/ui';
import { notificationPreferencesSchema } from '~/forms/account';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, formErrorsOf, loadPart } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { notificationPreferences, saveNotificationPreferences } from '~/services/notifications.server';
import { pageTools } from '~/services/page.server';

const SCREEN = '/pages/account-settings/notifications';

export const handle = { i18n: ['common', 'account'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'account');
  const loaded = await loadPart(notificationPreferences(signedIn), 'notification preferences', common);
  return {
    title: title(t('notificationSettings.title')),
    preferences: loaded.value,
    loadError: loaded.error,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const submission = parseWithZod(await readForm(request), { schema: notificationPreferencesSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const preferences = Object.entries(submission.value).flatMap(([kind, channel]) =>
    channel ? [{ kind: kind as NotificationKind, channel }] : [],
  );
  const saved = await attempt(
    () => saveNotificationPreferences(signedIn, preferences),
    'notification preferences',
  );
  if (!saved.ok) return data(submission.reply(formErrorsOf(saved)), { status: 400 });
  return redirectWithFlash(request, SCREEN, { key: 'account:notificationSettings.saved' });
}

export const meta = titleMeta;

export default function NotificationSettings() {
  const { preferences, loadError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation('account');
  const [form, fields] = useForm<z.input<typeof notificationPreferencesSchema>>({
    id: 'notification-settings',
    lastResult,
    defaultValue: Object.fromEntries((preferences ?? []).map((choice) => [choice.kind, choice.channel])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notificationPreferencesSchema }),
    shouldValidate: 'onSubmit',
  });
  const channels = (['email', 'digest', 'portal'] as const).map((channel) => ({
    value: channel,
    label: t(`notificationSettings.channels.${channel}`),
  }));
  return (
    <Stack gap={3} style={{ maxWidth: 720 }}>
      <PageHeading title={t('notificationSettings.title')} intro={t('notificationSettings.intro')} />
      <TextLink to="/pages/account-settings" level="body-sm">
        {t('notificationSettings.back')}
      </TextLink>
      {!preferences ? (
        <LoadFailed>{t('notificationSettings.loadFailed', { reason: loadError ?? '' })}</LoadFailed>
      ) : (
        <Card component="section" aria-labelledby="notification-settings-title">
          <Text id="notification-settings-title" level="title-lg" component="h2">
            {t('notificationSettings.formTitle')}
          </Text>
          <Text level="body-sm" textColor="text.secondary">
            {t('notificationSettings.hint')}
          </Text>
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
            <Stack gap={2}>
              <FormErrors id={form.errorId} errors={form.errors} />
              {preferences.map(({ kind }) => (
                <SelectField
                  key={kind}
                  field={fields[kind]}
                  label={t(`notificationSettings.kinds.${kind}`)}
                  options={channels}
                />
              ))}
              <SubmitButton>{t('notificationSettings.submit')}</SubmitButton>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
