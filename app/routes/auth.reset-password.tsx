// The page the reset mail links to: choose a new password with the mailed token. An invitation's link
// (`invitation=1`) opens it as the customer's welcome: their first password.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Stack, TextLink } from '~/components/ui';
import { AuthShell } from '~/components/auth-shell';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, Notice, SubmitButton } from '~/components/form-parts';
import { LtrTokens } from '~/components/ltr-text';
import { titleMeta } from '~/components/page-title';
import { resetPasswordSchema } from '~/forms/auth';
import { resetPasswordAction } from '~/services/auth-actions.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'auth');
  const url = new URL(request.url);
  const invitation = url.searchParams.get('invitation') === '1';
  return {
    title: title(t(invitation ? 'reset.invitationTitle' : 'reset.title')),
    email: url.searchParams.get('email') ?? '',
    token: url.searchParams.get('token') ?? '',
    invitation,
  };
}

export const action = resetPasswordAction;
export const meta = titleMeta;

export default function ResetPassword() {
  const { t } = useTranslation('auth');
  const { email, token, invitation } = useLoaderData<typeof loader>();
  const texts = invitation
    ? {
        title: 'reset.invitationTitle',
        subtitle: 'reset.invitationSubtitle',
        submit: 'reset.invitationSubmit',
      }
    : { title: 'reset.title', subtitle: 'reset.subtitle', submit: 'reset.submit' };
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult,
    defaultValue: { email, token },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const usable = email.length > 0 && token.length >= 16;

  return (
    <AuthShell
      design="card"
      title={t(texts.title)}
      subtitle={usable ? <LtrTokens text={t(texts.subtitle, { email })} /> : undefined}
    >
      {usable ? (
        <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
          <Stack gap={2}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name={fields.email.name} value={email} />
            <input type="hidden" name={fields.token.name} value={token} />
            {invitation && <input type="hidden" name="invitation" value="1" />}
            <TextField
              field={fields.password}
              label={t('reset.password')}
              type="password"
              autoComplete="new-password"
              required
              autoFocus
            />
            <TextField
              field={fields.confirm}
              label={t('reset.confirm')}
              type="password"
              autoComplete="new-password"
              required
            />
            <SubmitButton>{t(texts.submit)}</SubmitButton>
          </Stack>
        </Form>
      ) : (
        <Notice color="warning">{t('reset.invalid')}</Notice>
      )}
      <TextLink to="/auth/forgot-password" level="body-sm" style={{ alignSelf: 'center' }}>
        {t('reset.askAgain')}
      </TextLink>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
