// Staff: "Add New Customer" with the spec's fields, and the invitation to the portal sent at once (in
// the language chosen); a missing field gets the spec's message, a known e-mail or national ID a clear
// refusal, and the form comes back with what was typed.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CustomerForm } from '~/components/customers/customer-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { newCustomerSchema, withAllRequiredMessage } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import {
  createCustomer,
  customerBody,
  customerFormKeyFor,
  inviteCustomer,
} from '~/services/customers.server';
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { getLanguage } from '~/services/i18n.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';

const SCREEN = '/apps/customers/new';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title } = await pageTools(request, 'customers');
  return { title: title(t('add.title')), language: await getLanguage(request), ...newFormKey() };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const formData = await readForm(request);
  const submission = withAllRequiredMessage(parseWithZod(formData, { schema: newCustomerSchema }));
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const created = await attempt(
    () => createCustomer(signedIn, customerBody(v), formKeyFrom(formData)),
    'add customer',
    { keyFor: customerFormKeyFor },
  );
  if (!created.ok) {
    const conflict = isBackofficeError(created.error) && created.error.code === 'conflict';
    return data(submission.reply(formErrorsOf(created)), { status: conflict ? 409 : 400 });
  }
  if (v.invite) {
    // The customer is added either way; a mail that could not go says so on the customer's page.
    const invited = await attempt(
      () => inviteCustomer(signedIn, created.value, v.language ?? 'en'),
      'invite customer',
    );
    if (!invited.ok)
      return redirectWithFlash(request, `/apps/customers/${created.value}`, {
        key: 'customers:access.inviteFailed',
        values: { name: v.name },
        tone: 'neutral',
      });
  }
  return redirectWithFlash(request, `/apps/customers/${created.value}`, {
    key: v.invite ? 'customers:access.addedInvited' : 'customers:directory.added',
    values: { name: v.name, email: v.email },
  });
}

export const meta = titleMeta;

export default function AddCustomer() {
  const { t } = useTranslation('customers');
  const { language } = useLoaderData<typeof loader>();
  return (
    <CustomerForm
      formId="add-customer"
      title={t('add.title')}
      lastResult={useActionData<typeof action>()}
      submitLabel={t('add.submit')}
      cancelTo="/apps/customers"
      language={language}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
