// The sign-in's second step, in either design: the code from the authenticator app or a recovery code.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Stack, Text, TextLink } from '~/components/ui';
import { twoStepsSchema } from '~/forms/auth';
import type { twoStepsAction } from '~/services/auth-actions.server';
import { AuthShell, type AuthDesign } from '../auth-shell';
import { TextField } from '../form-field';
import { FormErrors, SubmitButton } from '../form-parts';

export function TwoStepsPage({ design, suffix }: { design: AuthDesign; suffix: '' | '2' }) {
  const { t } = useTranslation('auth');
  const lastResult = useActionData<typeof twoStepsAction>();
  const [form, fields] = useForm({
    id: 'two-steps',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoStepsSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <AuthShell design={design} title={t('twoSteps.heading')} subtitle={t('twoSteps.subtitle')}>
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        <Stack gap={2}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            field={fields.code}
            label={t('twoSteps.code')}
            hint={t('twoSteps.codeHint')}
            autoComplete="one-time-code"
            required
            autoFocus
            dir="ltr"
          />
          <SubmitButton>{t('twoSteps.submit')}</SubmitButton>
        </Stack>
      </Form>
      <Text level="body-sm" textAlign="center">
        <TextLink level="inherit" to={`/auth/login${suffix}`}>
          {t('twoSteps.back')}
        </TextLink>
      </Text>
    </AuthShell>
  );
}
