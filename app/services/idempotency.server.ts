// The server's side of the create forms' hidden key: a new one for each form a loader serves, and the
// one a posted form carries, checked before it is forwarded as the Idempotency-Key header.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_FIELD } from '~/forms/idempotency';
import { idempotencyKey } from '@contract';

/** For a loader: `{ idempotencyKey }`, a new random key for the form it serves. */
export function newFormKey(): { idempotencyKey: string } {
  return { idempotencyKey: randomUUID() };
}

/**
 * The posted form's key, or undefined when it has none or a malformed one (a page from before keys,
 * or a tampered field): the create then goes through as it always did, without protection from retries.
 */
export function formKeyFrom(formData: FormData): string | undefined {
  const parsed = idempotencyKey.safeParse(formData.get(IDEMPOTENCY_FIELD));
  return parsed.success ? parsed.data : undefined;
}
