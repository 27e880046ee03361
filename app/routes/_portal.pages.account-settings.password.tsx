// Account settings, "Password": the signed-in user changes their own password; the back office checks the
// current one, judges how easy the new one is to guess, and ends the user's other sessions.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { passwordChangeSchema } from '~/forms/auth';
import { rolesFor } from '~/services/access';
import { changePassword } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { isBackofficeError, messageKeyFor, reportError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { sessionCheck } from '~/services/session-check.server';

const SCREEN = '/pages/account-settings/password';

export const handle = { i18n: ['common', 'account', 'requests'] };

/** The page's own loader reads what it shows; this one only guards the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const submission = parseWithZod(await readForm(request), { schema: passwordChangeSchema });
  // Passwords never come back in the page.
  const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirm'] };
  if (submission.status !== 'success') return data(submission.reply(hidden), { status: 400 });
  try {
    await changePassword(signedIn, submission.value.currentPassword, submission.value.newPassword);
  } catch (error) {
    if (error instanceof Response) throw error;
    const wrongCurrent = isBackofficeError(error, 'rejected') && error.fields.includes('current_password');
    // The back office judges how easy the new password is to guess.
    const weak = isBackofficeError(error, 'rejected') && error.fields.includes('new_password');
    if (!wrongCurrent && !weak) reportError('password change', error);
    const reply = wrongCurrent
      ? submission.reply({ ...hidden, fieldErrors: { currentPassword: ['account:password.wrongCurrent'] } })
      : weak
        ? submission.reply({ ...hidden, fieldErrors: { newPassword: ['validation.passwordWeak'] } })
        : submission.reply({ ...hidden, formErrors: [messageKeyFor(error)] });
    return data(reply, { status: 400 });
  }
  // The back office has ended the user's other sessions: asked about again here on their next request.
  sessionCheck().forgetUser(signedIn.user.id, signedIn.session);
  return redirectWithFlash(request, '/pages/account-settings', { key: 'account:password.saved' });
}

export default function PasswordSettings() {
  const result = useActionData<SubmissionResult<string[]>>();
  return <AccountSettingsPage answer={result && { form: 'password', result }} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
