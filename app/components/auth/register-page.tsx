// The registration page, in either design: full name (split at the first space), e-mail, password;
// once sent, "check your mail" whether the address was new or already had an account.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '~/components/translation';
import { Stack, Text, TextLink } from '~/components/ui';
import { registerSchema } from '~/forms/auth';
import type { registerAction } from '~/services/auth-actions.server';
import { PASSWORD_MIN_LENGTH } from '@contract/values';
import { AuthShell, type AuthDesign } from '../auth-shell';
import { TextField } from '../form-field';
import { FormErrors, Notice, SubmitButton } from '../form-parts';
import { LtrTokens } from '../ltr-text';
import { PRIVACY_PATH, TERMS_PATH } from '../pages/openable';

/** "By creating an account you agree to the Terms of Service and the Privacy Policy", with links. */
function Agreement() {
  const { t } = useTranslation('pages');
  // A press on a link would first blur the field being typed in, whose on-blur check can add a message
  // above and move the link away before the press ends: keep the focus where it is until the click.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  return (
    <Text level="body-sm" textColor="text.secondary">
      <Trans
        t={t}
        i18nKey="legal.agreement"
        components={{
          terms: <TextLink level="inherit" to={TERMS_PATH} onMouseDown={keepFocus} />,
          privacy: <TextLink level="inherit" to={PRIVACY_PATH} onMouseDown={keepFocus} />,
        }}
      />
    </Text>
  );
}

export function RegisterPage({ design, suffix }: { design: AuthDesign; suffix: '' | '2' }) {
  const { t } = useTranslation('auth');
  const answer = useActionData<typeof registerAction>();
  const [form, fields] = useForm({
    id: 'register',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <AuthShell design={design} title={t('register.title')} subtitle={t('register.subtitle')}>
      {answer?.sentTo && (
        <Notice>
          <LtrTokens text={t('register.sent', { email: answer.sentTo })} />
        </Notice>
      )}
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        <Stack gap={2}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            field={fields.fullName}
            label={t('register.fullName')}
            autoComplete="name"
            required
            autoFocus
          />
          <TextField
            field={fields.email}
            label={t('register.email')}
            type="email"
            autoComplete="email"
            required
            dir="ltr"
          />
          <TextField
            field={fields.password}
            label={t('register.password')}
            type="password"
            autoComplete="new-password"
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            required
          />
          <TextField
            field={fields.referralCode}
            label={t('register.referralCode')}
            autoComplete="off"
            dir="ltr"
          />
          <Agreement />
          <SubmitButton>{t('register.submit')}</SubmitButton>
        </Stack>
      </Form>
      <Text level="body-sm" textAlign="center">
        {t('register.haveAccount')}{' '}
        <TextLink level="inherit" to={`/auth/login${suffix}`}>
          {t('register.signIn')}
        </TextLink>
      </Text>
    </AuthShell>
  );
}
