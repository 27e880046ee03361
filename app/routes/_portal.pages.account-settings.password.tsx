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
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
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
  const changed = await attempt(
    () => changePassword(signedIn, submission.value.currentPassword, submission.value.newPassword),
    'password change',
    {
      keyFor: (error) => {
        if (!isBackofficeError(error, 'rejected')) return null;
        if (error.fields.includes('current_password')) {
          return { field: 'currentPassword', key: 'account:password.wrongCurrent' };
        }
        // The back office judges how easy the new password is to guess.
        if (error.fields.includes('new_password')) {
          return { field: 'newPassword', key: 'validation.passwordWeak' };
        }
        return null;
      },
    },
  );
  if (!changed.ok) return data(submission.reply({ ...hidden, ...formErrorsOf(changed) }), { status: 400 });
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
