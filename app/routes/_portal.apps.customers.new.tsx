// Staff: "Add New Customer" with the spec's fields; a missing field gets the spec's message, a known
// e-mail a clear refusal, and the form comes back with what was typed.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, FormActions } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { customerSchema, withAllRequiredMessage } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { CLIENT_TYPES, GENDERS } from '@contract/values';
import { createCustomer } from '~/services/customers.server';
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { PageHeading } from '~/components/page-parts';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/customers/new';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title } = await pageTools(request, 'customers');
  return { title: title(t('add.title')), ...newFormKey() };
}

/** The back office already has a customer with this e-mail address. */
const emailTaken = (error: unknown) => isBackofficeError(error) && error.code === 'conflict';

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const formData = await readForm(request);
  const submission = withAllRequiredMessage(parseWithZod(formData, { schema: customerSchema }));
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const created = await attempt(
    () =>
      createCustomer(
        signedIn,
        {
          name: v.name,
          phone: v.phone,
          email: v.email,
          national_id: v.nationalId,
          gender: v.gender,
          date_of_birth: v.dateOfBirth,
          client_type: v.clientType,
          business_industry: v.businessIndustry,
          street: v.street,
          city: v.city,
          country: v.country,
          company_name: v.companyName,
        },
        formKeyFrom(formData),
      ),
    'add customer',
    { keyFor: (error) => (emailTaken(error) ? { field: 'email', key: 'customers:add.emailTaken' } : null) },
  );
  if (!created.ok) {
    return data(submission.reply(formErrorsOf(created)), { status: emailTaken(created.error) ? 409 : 400 });
  }
  return redirectWithFlash(request, '/apps/customers', {
    key: 'customers:directory.added',
    values: { name: v.name },
  });
}

export const meta = titleMeta;

export default function AddCustomer() {
  const { t } = useTranslation('customers');
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'add-customer',
    lastResult,
    onValidate: ({ formData }) => withAllRequiredMessage(parseWithZod(formData, { schema: customerSchema })),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={t('add.title')} intro={t('add.intro')} />
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
                  required
                  dir="ltr"
                />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField
                  field={fields.nationalId}
                  label={t('fields.nationalId')}
                  autoComplete="off"
                  required
                  dir="ltr"
                />
              </Grid>
              <Grid xs={12} md={4}>
                <SelectField
                  field={fields.gender}
                  label={t('fields.gender')}
                  placeholder={t('fields.select')}
                  options={GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))}
                  required
                />
              </Grid>
              <Grid xs={12} md={4}>
                <TextField
                  field={fields.dateOfBirth}
                  label={t('fields.dateOfBirth')}
                  type="date"
                  max={today}
                  required
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
            <FormActions
              submitLabel={t('add.submit')}
              cancelTo={'/apps/customers'}
              cancelLabel={t('add.cancel')}
            />
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
