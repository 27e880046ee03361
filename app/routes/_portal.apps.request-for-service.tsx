// Staff: file a request for service on behalf of a chosen customer.
import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CATEGORIES, CONTAINER_TYPES, DESTINATIONS, ORIGINS, SERVICES } from '~/catalog';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { titleMeta } from '~/components/page-title';
import { AttachmentsField, DescriptionField } from '~/components/requests/request-form';
import { SelectField } from '~/components/select-field';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { TextField } from '~/components/form-field';
import { staffRequestSchema } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { customerChoices } from '~/services/customers.server';
import { loadPart } from '~/services/errors.server';
import { newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { staffRequestAction } from '~/services/request-actions.server';
import { LoadFailed, PageHeading } from '~/components/page-parts';

export const handle = { i18n: ['common', 'catalog', 'requests', 'customers'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/request-for-service') });
  const { t, title, common } = await pageTools(request, 'customers');
  const url = new URL(request.url);
  // Without the customers there is nothing to choose from: the page says so, with a retry.
  const customers = await loadPart(customerChoices(signedIn), 'request for service', common);
  return {
    title: title(t('staffRequest.title')),
    customers: customers.value ?? [],
    loadError: customers.error,
    preselected: url.searchParams.get('customer') ?? '',
    ...newFormKey(),
  };
}

export const action = staffRequestAction;
export const meta = titleMeta;

/** The form's fields as the browser sends them. */
type StaffRequestFields = Record<
  | 'customer'
  | 'service'
  | 'category'
  | 'containerType'
  | 'origin'
  | 'destination'
  | 'cbm'
  | 'description'
  | 'attachments',
  string | undefined
>;

export default function StaffRequestForService() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('customers');
  const { t: tr } = useTranslation('requests');
  const { t: tcat } = useTranslation('catalog');
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm<StaffRequestFields>({
    id: 'staff-request',
    lastResult,
    defaultValue: { customer: data.preselected },
    // Conform checks the fields by name; the schema's two halves give one value.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: staffRequestSchema }) as unknown as Submission<
        StaffRequestFields,
        string[],
        StaffRequestFields
      >,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Stack gap={3} style={{ maxWidth: 820 }}>
      <PageHeading title={t('staffRequest.title')} intro={t('staffRequest.intro')} />
      {data.loadError ? (
        <LoadFailed>{t('staffRequest.loadFailed', { reason: data.loadError })}</LoadFailed>
      ) : (
        <Card>
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            aria-describedby={form.errorId}
          >
            <Stack gap={2.5}>
              <FormErrors id={form.errorId} errors={form.errors} />
              <IdempotencyKeyField lastResult={lastResult} />
              <SelectField
                field={fields.customer}
                label={t('staffRequest.customer')}
                placeholder={t('fields.select')}
                options={data.customers.map((customer) => ({
                  value: String(customer.id),
                  label: customer.name,
                }))}
                required
              />
              <SelectField
                field={fields.service}
                label={tr('service.choose')}
                placeholder={t('fields.select')}
                options={SERVICES.map((service) => ({ value: service, label: tcat(`services.${service}`) }))}
                required
              />
              <fieldset className="plain-fieldset">
                <legend>{t('staffRequest.shipment')}</legend>
                <Stack gap={1.5}>
                  <Text level="body-sm">{t('staffRequest.shipmentHint')}</Text>
                  <Grid container spacing={2}>
                    <Grid xs={12} md={6}>
                      <SelectField
                        field={fields.category}
                        label={tr('fields.category')}
                        placeholder={t('fields.select')}
                        options={CATEGORIES.map((value) => ({ value, label: tcat(`categories.${value}`) }))}
                      />
                    </Grid>
                    <Grid xs={12} md={6}>
                      <SelectField
                        field={fields.containerType}
                        label={tr('fields.containerType')}
                        placeholder={t('fields.select')}
                        options={CONTAINER_TYPES.map((value) => ({
                          value,
                          label: tcat(`containerTypes.${value}`),
                        }))}
                      />
                    </Grid>
                    <Grid xs={12} md={4}>
                      <SelectField
                        field={fields.origin}
                        label={tr('fields.origin')}
                        placeholder={t('fields.select')}
                        options={ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) }))}
                      />
                    </Grid>
                    <Grid xs={12} md={4}>
                      <SelectField
                        field={fields.destination}
                        label={tr('fields.destination')}
                        placeholder={t('fields.select')}
                        hint={t('staffRequest.destinationHint')}
                        options={DESTINATIONS.map((value) => ({
                          value,
                          label: tcat(`destinations.${value}`),
                        }))}
                      />
                    </Grid>
                    <Grid xs={12} md={4}>
                      <TextField
                        field={fields.cbm}
                        label={tr('fields.cbm')}
                        type="number"
                        step="any"
                        hint={tr('fields.cbmHint')}
                        dir="ltr"
                      />
                    </Grid>
                  </Grid>
                </Stack>
              </fieldset>
              <DescriptionField field={fields.description} />
              <AttachmentsField field={fields.attachments} submitted={lastResult != null} />
              <SubmitButton>{t('staffRequest.submit')}</SubmitButton>
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
