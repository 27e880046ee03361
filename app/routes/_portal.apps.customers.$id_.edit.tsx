// Staff: correct a customer's details (404 for an unknown one); back to the customer with a notice, or
// the form again with what was typed and why not.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { displayPhone } from '@contract/phones';
import { CustomerForm } from '~/components/customers/customer-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { customerSchema, withAllRequiredMessage } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import {
  customerBody,
  customerFormKeyFor,
  getCustomerOr404,
  updateCustomer,
} from '~/services/customers.server';
import { attempt, formErrorsOf } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';

const SCREEN = '/apps/customers/:id/edit';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const customer = await getCustomerOr404(signedIn, recordIdOr404(params.id));
  const { t, title } = await pageTools(request, 'customers');
  return { title: title(t('edit.title', { name: customer.name })), customer };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  const submission = withAllRequiredMessage(parseWithZod(formData, { schema: customerSchema }));
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const saved = await attempt(
    () => updateCustomer(signedIn, id, customerBody(submission.value)),
    'edit customer',
    { keyFor: customerFormKeyFor },
  );
  if (!saved.ok) return data(submission.reply(formErrorsOf(saved)), { status: 400 });
  return redirectWithFlash(request, `/apps/customers/${id}`, {
    key: 'customers:edit.saved',
    values: { name: saved.value.name },
  });
}

export const meta = titleMeta;

export default function EditCustomer() {
  const { t } = useTranslation('customers');
  const { customer } = useLoaderData<typeof loader>();
  return (
    <CustomerForm
      formId={`customer-${customer.id}`}
      title={t('edit.title', { name: customer.name })}
      lastResult={useActionData<typeof action>()}
      defaultValue={{
        name: customer.name,
        email: customer.email ?? undefined,
        phone: customer.phone ? displayPhone(customer.phone) : undefined,
        nationalId: customer.national_id ?? undefined,
        clientType: customer.client_type ?? undefined,
        gender: customer.gender ?? undefined,
        dateOfBirth: customer.date_of_birth ?? undefined,
        businessIndustry: customer.business_industry ?? undefined,
        companyName: customer.company_name ?? undefined,
        street: customer.street ?? undefined,
        city: customer.city ?? undefined,
        country: customer.country ?? undefined,
      }}
      submitLabel={t('edit.submit')}
      cancelTo={`/apps/customers/${customer.id}`}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
