// Staff: file a request for service on behalf of a chosen customer.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SERVICES } from '~/catalog';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { titleMeta } from '~/components/page-title';
import { AttachmentsField, DescriptionField } from '~/components/requests/request-form';
import { SelectField } from '~/components/select-field';
import { Card, Stack } from '~/components/ui';
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

export default function StaffRequestForService() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('customers');
  const { t: tr } = useTranslation('requests');
  const { t: tcat } = useTranslation('catalog');
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: 'staff-request',
    lastResult,
    defaultValue: { customer: data.preselected },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffRequestSchema }),
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
