// The signed-in user's own account: profile (name, phone), picture, password, and — for a customer —
// contact details.
import { messageWith } from '~/components/messages';
import type { SignedIn } from './auth.server';
import { CONTACT_IMAGE_LIMIT, type CallInput, type ContactDetails } from '@contract';
import { isBackofficeError, type KeyFor } from './errors.server';
import type { UploadProblem } from './uploads.server';

export const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export function imageType(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? undefined : IMAGE_TYPES[filename.slice(dot).toLowerCase()];
}

export const IMAGE_MB = CONTACT_IMAGE_LIMIT / (1024 * 1024);

export function imageProblemMessage(problem: UploadProblem): string {
  if (problem.code === 'fileTooLarge') return messageWith('account:image.tooLarge', { mb: IMAGE_MB });
  if (problem.code === 'fileType') return 'account:image.wrongType';
  if (problem.code === 'busy') return 'requests:upload.busy';
  return 'requests:upload.malformed';
}

/**
 * The back office's refusal of a picture the portal let through (its own limits may be smaller than
 * the portal's): too large (413) says the size limit, anything else refused says the type.
 */
export const imageRefusalKey: KeyFor = (error) => {
  if (!isBackofficeError(error, 'rejected')) return null;
  if (error.status === 413) return messageWith('account:image.tooLarge', { mb: IMAGE_MB });
  return 'account:image.wrongType';
};

export function getOwnContact(signedIn: SignedIn): Promise<ContactDetails> {
  return signedIn.backoffice.call('getContactDetails', {
    query: { user_id: signedIn.user.id },
  });
}

export function partnerOf(signedIn: SignedIn): number {
  const partnerId = signedIn.user.partner_id;
  if (!partnerId) throw new Response('Not found', { status: 404 });
  return partnerId;
}

/** The user's own profile (name, phone, saved preferences). */
export function getProfile(signedIn: SignedIn) {
  return signedIn.backoffice.call('getProfile');
}

export function updateProfile(signedIn: SignedIn, body: CallInput<'updateProfile'>['body']) {
  return signedIn.backoffice.call('updateProfile', { body });
}

/** The back office checks the current password and ends the user's other sessions. */
export function changePassword(signedIn: SignedIn, currentPassword: string, newPassword: string) {
  return signedIn.backoffice.call('changePassword', {
    body: { current_password: currentPassword, new_password: newPassword },
  });
}

/** A customer's own contact details (staff's are kept by administrators). */
export function updateOwnContact(signedIn: SignedIn, body: CallInput<'updateContactDetails'>['body']) {
  return signedIn.backoffice.call('updateContactDetails', {
    query: { partner_id: partnerOf(signedIn) },
    body,
  });
}

/**
 * The person's own picture (anyone signed in), as base64 of one of IMAGE_TYPES: kept on their user, since
 * staff share one partner. Answers the picture's new version.
 */
export async function updateOwnImage(signedIn: SignedIn, image: string): Promise<number | null> {
  const saved = await signedIn.backoffice.call('updateUserPicture', {
    params: { id: signedIn.user.id },
    body: { image },
  });
  return saved.picture_version;
}

/** Removes the person's own picture; the avatar shows their initials again. */
export async function removeOwnImage(signedIn: SignedIn): Promise<void> {
  await signedIn.backoffice.call('deleteUserPicture', { params: { id: signedIn.user.id } });
}

/** The person's own picture; none is the 404 page. */
export function ownImage(signedIn: SignedIn) {
  return signedIn.backoffice.record('getUserPicture', { params: { id: signedIn.user.id } });
}
