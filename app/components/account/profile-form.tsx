// "Your profile": the signed-in user's own name and phone (the e-mail is shown, not changed here).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { TextField } from '~/components/form-field';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { FormControl, FormLabel, Grid, Input, Stack } from '~/components/ui';
import { profileSchema } from '~/forms/account';
import type { Profile } from '@contract';

export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: Profile;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('account');
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: { firstName: profile.first_name, lastName: profile.last_name, phone: profile.phone ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form
      method="post"
      action="/pages/account-settings/profile"
      {...getFormProps(form)}
      aria-describedby={form.errorId}
    >
      <Stack gap={2}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormControl>
          <FormLabel htmlFor="profile-email">{t('profile.email')}</FormLabel>
          <Input
            slotProps={{ input: { id: 'profile-email', value: profile.email, readOnly: true, dir: 'ltr' } }}
          />
        </FormControl>
        <Grid container spacing={2}>
          <Grid xs={12} md={4}>
            <TextField
              field={fields.firstName}
              label={t('profile.firstName')}
              autoComplete="given-name"
              required
            />
          </Grid>
          <Grid xs={12} md={4}>
            <TextField field={fields.lastName} label={t('profile.lastName')} autoComplete="family-name" />
          </Grid>
          <Grid xs={12} md={4}>
            <TextField
              field={fields.phone}
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              dir="ltr"
            />
          </Grid>
        </Grid>
        <div>
          <SubmitButton>{t('profile.submit')}</SubmitButton>
        </div>
      </Stack>
    </Form>
  );
}
