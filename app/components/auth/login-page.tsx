// The sign-in page, in either design; both post to their own route, which runs the one login action.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useSearchParams } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Stack, Text, TextLink } from '~/components/ui';
import { loginSchema } from '~/forms/auth';
import type { loginAction } from '~/services/auth-actions.server';
import { AuthShell, type AuthDesign } from '../auth-shell';
import { FlashMessage } from '../flash-message';
import { TextField } from '../form-field';
import { FormErrors, Notice, SubmitButton } from '../form-parts';

/** The minutes of a lock named in the address (1 to 15; 15 when missing or not a number). */
function lockMinutes(value: string | null): number {
  const minutes = Number(value);
  return Number.isInteger(minutes) && minutes >= 1 ? Math.min(minutes, 15) : 15;
}

export function LoginPage({ design, suffix }: { design: AuthDesign; suffix: '' | '2' }) {
  const { t } = useTranslation('auth');
  const lastResult = useActionData<typeof loginAction>();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? '';
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const twoSteps = params.get('twoSteps');
  const notice = params.get('expired')
    ? { text: t('login.sessionExpired'), color: 'warning' as const }
    : twoSteps === 'locked'
      ? // The account's lock after too many wrong codes: the same words as after wrong passwords.
        {
          text: t('login.accountLocked', { count: lockMinutes(params.get('minutes')) }),
          color: 'warning' as const,
        }
      : twoSteps === 'expired'
        ? { text: t('twoSteps.restart.expired'), color: 'warning' as const }
        : null;

  return (
    <AuthShell design={design} title={t('login.heading')} subtitle={t('login.subtitle')}>
      {notice && <Notice color={notice.color}>{notice.text}</Notice>}
      {/* What the form just sent did: signed out, or a new password set. */}
      <FlashMessage />
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        <Stack gap={2}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            field={fields.email}
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            dir="ltr"
          />
          <TextField
            field={fields.password}
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <TextLink to={`/auth/forgot-password${suffix}`} level="body-sm" style={{ alignSelf: 'flex-end' }}>
            {t('login.forgot')}
          </TextLink>
          <SubmitButton>{t('login.submit')}</SubmitButton>
        </Stack>
      </Form>
      <Text level="body-sm" textAlign="center">
        {t('login.noAccount')}{' '}
        <TextLink level="inherit" to={`/auth/register${suffix}`}>
          {t('login.createAccount')}
        </TextLink>
      </Text>
    </AuthShell>
  );
}
