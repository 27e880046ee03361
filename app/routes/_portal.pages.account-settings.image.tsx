// Account settings, "Profile picture": anyone's own picture, sent as a multipart form (the only one of
// the page; server/security.js MULTIPART_PAGES names this address with its body limit), or removed by a
// second form posting `intent=remove`. Either way the session then carries the avatar's new address.
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { CONTACT_IMAGE_LIMIT } from '@contract/values';
import { AccountSettingsPage } from '~/components/account/settings-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { rolesFor } from '~/services/access';
import {
  imageProblemMessage,
  imageRefusalKey,
  imageType,
  removeOwnImage,
  updateOwnImage,
} from '~/services/account.server';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { attempt } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { sessionCheck } from '~/services/session-check.server';
import { commitUser } from '~/services/session.server';
import { guardUpload, withUploadForm, type UploadForm } from '~/services/uploads.server';
import { pictureUrl } from '~/services/user';

const SCREEN = '/pages/account-settings/image';
const SETTINGS = '/pages/account-settings';

export const handle = { i18n: ['common', 'account', 'requests'] };

/** The page's own loader reads what it shows; this one only guards the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return null;
}

const refused = (errors: string[]) =>
  data<SubmissionResult<string[]>>({ status: 'error', error: { image: errors } }, { status: 400 });

/**
 * Back to the page with the message, and the session cookie with the avatar's new address: the top bar
 * shows the new picture (or the initials) on the next page already, without signing in again. The
 * person's other sessions follow on their next page (the session check reads the new version; this
 * process asks again at once instead of trusting an answer from before the change).
 */
async function done(request: Request, signedIn: SignedIn, version: number | null, key: string) {
  sessionCheck().forgetUser(signedIn.user.id);
  const profile_image = version ? pictureUrl(version) : null;
  const committed = await commitUser(request, { ...signedIn.user, profile_image }, SETTINGS);
  return redirectWithFlash(request, SETTINGS, { key }, { headers: committed.headers });
}

async function sendImage(request: Request, signedIn: SignedIn, upload: UploadForm) {
  if (upload.formData.get('intent') === 'remove') {
    const removed = await attempt(() => removeOwnImage(signedIn), 'profile image');
    if (!removed.ok) return refused([removed.key]);
    return done(request, signedIn, null, 'account:image.removed');
  }
  if (upload.problems.length) return refused(upload.problems.map(imageProblemMessage));
  const file = upload.files[0];
  if (!file) return refused(['account:image.required']);
  const saved = await attempt(() => updateOwnImage(signedIn, file.data), 'profile image', {
    keyFor: imageRefusalKey,
  });
  if (!saved.ok) return refused([saved.key]);
  return done(request, signedIn, saved.value, 'account:image.saved');
}

export async function action({ request }: ActionFunctionArgs) {
  // A refusal before the picture is read (signed out) drops its body, so the browser is not left stuck.
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
