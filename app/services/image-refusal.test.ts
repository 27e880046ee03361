// What the picture form says when the back office refuses a picture the portal let through: a back
// office with a smaller size limit answers 413, which is said as the size limit, not as a wrong type.
import { describe, expect, it } from 'vitest';
import { imageRefusalKey, IMAGE_MB } from './account.server';
import { BackofficeError } from './backoffice/client.server';
import { messageWith } from '~/components/messages';

const refusal = (status: number, code: string) =>
  new BackofficeError('rejected', 'updateUserPicture', { status, code });

describe('imageRefusalKey', () => {
  it('says the size limit for a 413, the type for a 400, and leaves other failures alone', () => {
    expect(imageRefusalKey(refusal(413, 'payload_too_large'))).toBe(
      messageWith('account:image.tooLarge', { mb: IMAGE_MB }),
    );
    expect(imageRefusalKey(refusal(400, 'invalid'))).toBe('account:image.wrongType');
    expect(imageRefusalKey(new BackofficeError('unavailable', 'updateUserPicture'))).toBeNull();
    expect(imageRefusalKey(new Error('boom'))).toBeNull();
  });
});
