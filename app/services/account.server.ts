// The signed-in user's own contact: reading it, saving it, and the profile picture.
import { messageWith } from '~/components/messages';
import type { SignedIn } from './auth.server';
import { backoffice } from './backoffice/client.server';
import { CONTACT_IMAGE_LIMIT, type ContactDetails } from '@contract';
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

export function getOwnContact(signedIn: SignedIn): Promise<ContactDetails> {
  return backoffice().call('getContactDetails', {
    session: signedIn.session,
    query: { user_id: signedIn.user.id },
  });
}

export function partnerOf(signedIn: SignedIn): number {
  const partnerId = signedIn.user.partner_id;
  if (!partnerId) throw new Response('Not found', { status: 404 });
  return partnerId;
}
