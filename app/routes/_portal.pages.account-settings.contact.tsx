// Account settings, "Contact details": a customer's own name, phone, address and company. Staff details
// are kept by administrators.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { contactSchema } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { updateOwnContact } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { attempt } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/pages/account-settings/contact';

export const handle = { i18n: ['common', 'account', 'requests'] };

/** The page's own loader reads what it shows; this one only guards the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const submission = parseWithZod(await readForm(request), { schema: contactSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const saved = await attempt(
    () =>
      updateOwnContact(signedIn, {
        name: v.name,
        phone: v.phone,
        street: v.street,
        city: v.city,
        country: v.country,
        company_name: v.companyName,
      }),
    'contact details',
  );
  if (!saved.ok) return data(submission.reply({ formErrors: [saved.key] }), { status: 400 });
  return redirectWithFlash(request, '/pages/account-settings', { key: 'account:contact.saved' });
}

export default function ContactSettings() {
  const result = useActionData<SubmissionResult<string[]>>();
  return <AccountSettingsPage answer={result && { form: 'contact', result }} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
