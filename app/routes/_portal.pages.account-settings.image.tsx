// Account settings, "Profile picture": a customer's own picture, sent as a multipart form (the only one
// of the page; server/security.js MULTIPART_PAGES names this address with its body limit).
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { CONTACT_IMAGE_LIMIT } from '@contract/values';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { rolesFor } from '~/services/access';
import { imageProblemMessage, imageType, updateOwnImage } from '~/services/account.server';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { attempt, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { guardUpload, withUploadForm, type UploadForm } from '~/services/uploads.server';

const SCREEN = '/pages/account-settings/image';

export const handle = { i18n: ['common', 'account', 'requests'] };

/** The page's own loader reads what it shows; this one only guards the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return null;
}

const refused = (errors: string[]) =>
  data<SubmissionResult<string[]>>({ status: 'error', error: { image: errors } }, { status: 400 });

async function sendImage(request: Request, signedIn: SignedIn, upload: UploadForm) {
  if (upload.problems.length) return refused(upload.problems.map(imageProblemMessage));
  const file = upload.files[0];
  if (!file) return refused(['account:image.required']);
  const saved = await attempt(() => updateOwnImage(signedIn, file.data), 'profile image', {
    keyFor: (error) => (isBackofficeError(error, 'rejected') ? 'account:image.wrongType' : null),
  });
  if (!saved.ok) return refused([saved.key]);
  return redirectWithFlash(request, '/pages/account-settings', { key: 'account:image.saved' });
}

export async function action({ request }: ActionFunctionArgs) {
  // A refusal before the picture is read (signed out, staff) drops its body, so the browser is not left
  // stuck.
  const signedIn = await guardUpload(request, () => requireUser(request, { anyOf: rolesFor(SCREEN) }));
  const options = { fileField: 'image', maxFiles: 1, maxFileBytes: CONTACT_IMAGE_LIMIT, typeOf: imageType };
  return withUploadForm(request, options, (upload) => sendImage(request, signedIn, upload));
}

export default function ImageSettings() {
  const result = useActionData<SubmissionResult<string[]>>();
  return <AccountSettingsPage answer={result && { form: 'image', result }} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
