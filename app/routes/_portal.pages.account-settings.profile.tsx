// Account settings, "Your profile": the signed-in user's own name and phone; the portal's session then
// carries the new name.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { profileSchema } from '~/forms/account';
import { rolesFor } from '~/services/access';
import { updateProfile } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { attempt } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { commitUser } from '~/services/session.server';

const SCREEN = '/pages/account-settings/profile';

export const handle = { i18n: ['common', 'account', 'requests'] };

/** The page's own loader reads what it shows; this one only guards the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const submission = parseWithZod(await readForm(request), { schema: profileSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const updated = await attempt(
    () =>
      updateProfile(signedIn, {
        first_name: v.firstName,
        last_name: v.lastName ?? '',
        phone: v.phone ?? null,
      }),
    'profile',
  );
  if (!updated.ok) return data(submission.reply({ formErrors: [updated.key] }), { status: 400 });
  const saved = updated.value;
  const name = `${saved.first_name} ${saved.last_name}`.trim();
  // The session cookie carrying the new name goes with the message.
  const committed = await commitUser(
    request,
    { ...signedIn.user, firstName: saved.first_name, lastName: saved.last_name, name },
    '/pages/account-settings',
  );
  return redirectWithFlash(
    request,
    '/pages/account-settings',
    { key: 'account:profile.saved' },
    { headers: committed.headers },
  );
}

export default function ProfileSettings() {
  const result = useActionData<SubmissionResult<string[]>>();
  return <AccountSettingsPage answer={result && { form: 'profile', result }} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
