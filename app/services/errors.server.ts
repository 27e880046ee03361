// The one error path: whatever failed, the user gets a translation key ("namespace:key") for their language.
import { messageWith } from '~/components/messages';
import { isBackofficeError, type BackofficeErrorKind } from './backoffice/client.server';

/**
 * An answer that arrived but says it failed (`status` other than "success", spec section 8): the user
 * reads the back office's own message.
 */
export class ServerRefusal extends Error {
  constructor(readonly serverMessage: string) {
    super(serverMessage);
    this.name = 'ServerRefusal';
  }
}

const byKind: Record<BackofficeErrorKind, string> = {
  unauthorized: 'common:errors.sessionExpired',
  forbidden: 'common:errors.forbidden',
  not_found: 'common:errors.notFound',
  rejected: 'common:errors.rejected',
  unavailable: 'common:errors.unavailable',
  bad_answer: 'common:errors.badAnswer',
};

/**
 * The message key for an error. `byCode` names keys for the back office's own refusal codes
 * (e.g. `{ conflict: 'auth:register.emailTaken' }`) and `byKindOverride` for kinds in this context.
 */
export function messageKeyFor(
  error: unknown,
  overrides: { byCode?: Record<string, string>; byKind?: Partial<Record<BackofficeErrorKind, string>> } = {},
): string {
  if (error instanceof ServerRefusal) {
    return messageWith('common:errors.serverSaid', { message: error.serverMessage });
  }
  if (isBackofficeError(error)) {
    if (error.code && overrides.byCode?.[error.code]) return overrides.byCode[error.code]!;
    return overrides.byKind?.[error.kind] ?? byKind[error.kind];
  }
  return 'common:errors.unexpected';
}

/** Logs what the user cannot see (stack, cause) beside the message they do see. */
export function reportError(context: string, error: unknown): void {
  if (error instanceof ServerRefusal) return;
  if (isBackofficeError(error) && (error.kind === 'rejected' || error.kind === 'unauthorized')) return;
  console.error(`[${context}]`, error);
}
