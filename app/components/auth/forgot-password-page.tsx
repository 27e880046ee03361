// "Forgot your password?": asks the back office to mail a reset link; says the same whether or not the account exists.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Stack, TextLink } from '~/components/ui';
import { forgotPasswordSchema } from '~/forms/auth';
import type { forgotPasswordAction } from '~/services/auth-actions.server';
import { AuthShell, type AuthDesign } from '../auth-shell';
import { TextField } from '../form-field';
import { FormErrors, Notice, SubmitButton } from '../form-parts';
import { LtrTokens } from '../ltr-text';

export function ForgotPasswordPage({ design, suffix }: { design: AuthDesign; suffix: '' | '2' }) {
  const { t } = useTranslation('auth');
  const answer = useActionData<typeof forgotPasswordAction>();
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <AuthShell design={design} title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {answer?.sentTo && (
        <Notice>
          <LtrTokens text={t('forgot.sent', { email: answer.sentTo })} />
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        <Stack gap={2}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            field={fields.email}
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            dir="ltr"
          />
          <SubmitButton>{t('forgot.submit')}</SubmitButton>
        </Stack>
      </Form>
      <TextLink to={`/auth/login${suffix}`} level="body-sm" style={{ alignSelf: 'center' }}>
        {t('forgot.back')}
      </TextLink>
    </AuthShell>
  );
}
