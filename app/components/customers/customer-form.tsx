// The customer's form for staff: adding one (with the invitation to the portal) and correcting one.
// Posts to its own route; works without JavaScript, every message shown at once.
import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CLIENT_TYPES, GENDERS, MAIL_LANGUAGES } from '@contract/values';
import { CheckboxField, TextField } from '~/components/form-field';
import { FormActions, FormErrors } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { PageHeading } from '~/components/page-parts';
import { SelectField } from '~/components/select-field';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { customerSchema, newCustomerSchema, withAllRequiredMessage } from '~/forms/customers';

/** The names of the four languages, each in its own language (as the language switcher shows them). */
export const LANGUAGE_NAMES: Record<(typeof MAIL_LANGUAGES)[number], string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
  zh: '中文',
};

/** The form's fields as the browser sends them. */
type CustomerFields = Record<
  | 'name'
  | 'email'
  | 'phone'
  | 'nationalId'
  | 'clientType'
  | 'gender'
  | 'dateOfBirth'
  | 'businessIndustry'
  | 'companyName'
  | 'street'
  | 'city'
  | 'country'
  | 'invite'
  | 'language',
  string | undefined
>;

export function CustomerForm({
  formId,
  title,
  lastResult,
  defaultValue,
  submitLabel,
  cancelTo,
  language,
}: {
  formId: string;
  title: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: Record<string, string | undefined>;
  submitLabel: string;
  cancelTo: string;
  /** Adding: the invitation's language offered first (the staff member's own). */
  language?: string;
}) {
  const { t } = useTranslation('customers');
  const adding = language !== undefined;
  const schema = adding ? newCustomerSchema : customerSchema;
  const [form, fields] = useForm<CustomerFields>({
    id: formId,
    lastResult,
    defaultValue: adding ? { invite: 'on', language, ...defaultValue } : defaultValue,
    // Either schema reads the same fields (the add form's two more); Conform checks them by name.
    onValidate: ({ formData }) =>
      withAllRequiredMessage(parseWithZod(formData, { schema })) as unknown as Submission<
        CustomerFields,
        string[],
        CustomerFields
      >,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={title} intro={t('add.intro')} />
      <Card>
        <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
          <Stack gap={2.5}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <IdempotencyKeyField lastResult={lastResult} />
            <Grid container spacing={2}>
              <Grid xs={12} md={6}>
                <TextField field={fields.name} label={t('fields.name')} autoComplete="off" required />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField
                  field={fields.email}
                  label={t('fields.email')}
                  type="email"
                  autoComplete="off"
                  required
                  dir="ltr"
                />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField
                  field={fields.phone}
                  label={t('fields.phone')}
                  type="tel"
                  autoComplete="off"
                  hint={t('add.phoneHint')}
                  required
                  dir="ltr"
                />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField
                  field={fields.nationalId}
                  label={t('fields.nationalId')}
                  autoComplete="off"
                  hint={t('add.nationalIdHint')}
                  required
                  dir="ltr"
                />
              </Grid>
              <Grid xs={12} md={4}>
                <SelectField
                  field={fields.clientType}
                  label={t('fields.clientType')}
                  placeholder={t('fields.select')}
                  options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientTypes.${value}`) }))}
                  required
                />
              </Grid>
              <Grid xs={12} md={4}>
                <SelectField
                  field={fields.gender}
                  label={t('fields.gender')}
                  placeholder={t('fields.select')}
                  options={GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))}
                  hint={t('add.individualOnly')}
                />
              </Grid>
              <Grid xs={12} md={4}>
                <TextField
                  field={fields.dateOfBirth}
                  label={t('fields.dateOfBirth')}
                  type="date"
                  max={today}
                  hint={t('add.individualOnly')}
                />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField field={fields.businessIndustry} label={t('fields.businessIndustry')} required />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField field={fields.companyName} label={t('fields.companyName')} />
              </Grid>
            </Grid>
            <Text level="title-md" component="h2">
              {t('add.address')}
            </Text>
            <Grid container spacing={2}>
              <Grid xs={12} md={6}>
                <TextField field={fields.street} label={t('fields.street')} />
              </Grid>
              <Grid xs={12} md={3}>
                <TextField field={fields.city} label={t('fields.city')} />
              </Grid>
              <Grid xs={12} md={3}>
                <TextField field={fields.country} label={t('fields.country')} />
              </Grid>
            </Grid>
            {adding && (
              <fieldset className="plain-fieldset">
                <legend>{t('access.title')}</legend>
                <Stack gap={1.5}>
                  <CheckboxField field={fields.invite} label={t('add.invite')} />
                  <Grid container spacing={2}>
                    <Grid xs={12} md={6}>
                      <SelectField
                        field={fields.language}
                        label={t('access.language')}
                        options={MAIL_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                      />
                    </Grid>
                  </Grid>
                </Stack>
              </fieldset>
            )}
            <FormActions submitLabel={submitLabel} cancelTo={cancelTo} cancelLabel={t('add.cancel')} />
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
