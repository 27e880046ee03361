// The one error path: whatever failed, the user gets a translation key ("namespace:key") for their language.
import type { TFunction } from 'i18next';
import { messageWith, translateMessage } from '~/components/messages';
import { logger } from '../../server/logger.js';
import { isBackofficeError, type BackofficeErrorKind } from './backoffice/client.server';
import { translator } from './i18n.server';

/** Screens tell a back-office failure's kind, code and fields apart through this, never the client. */
export { isBackofficeError };

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
 * (e.g. `{ invalid_token: 'auth:reset.invalid' }`) and `byKindOverride` for kinds in this context.
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
    // A create form sent again with other content after its first sending was saved.
    if (error.code === 'idempotency_key_reused') return 'common:errors.alreadySent';
    return overrides.byKind?.[error.kind] ?? byKind[error.kind];
  }
  return 'common:errors.unexpected';
}

/** Logs what the user cannot see (stack, cause) beside the message they do see. */
export function reportError(context: string, error: unknown): void {
  if (error instanceof ServerRefusal) return;
  if (isBackofficeError(error) && (error.kind === 'rejected' || error.kind === 'unauthorized')) return;
  logger.error({ err: error, context }, 'unexpected error');
}

export type Loaded<T> = { value: T; error: null } | { value: null; error: string };

/**
 * A part of a page that may fail on its own (a list, a card, a choice list): its value, or why it is
 * missing as a message in the reader's language (`t`: the page's translator), logged with `context`. An
 * ended session or a missing record, thrown as a response, ends the whole page instead.
 */
export async function loadPart<T>(work: Promise<T>, context: string, t: TFunction): Promise<Loaded<T>> {
  try {
    return { value: await work, error: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    // A list or a card is never "not found": a 404 here is a back office without the call (an extension).
    if (isBackofficeError(error, 'not_found')) {
      return { value: null, error: translateMessage(t, NOT_OFFERED) };
    }
    reportError(context, error);
    return { value: null, error: translateMessage(t, messageKeyFor(error)) };
  }
}

/** What the user reads when the back office lacks a call the screen needs (it answers 404). */
export const NOT_OFFERED = 'common:errors.notOffered';

/**
 * For an action on a record the page has just loaded: a 404 then means the back office lacks the call
 * (an extension), which the form says (`attempt`'s `keyFor`); null for any other failure.
 */
export function notOfferedKey(error: unknown): string | null {
  return isBackofficeError(error, 'not_found') ? NOT_OFFERED : null;
}

/**
 * What a record page's or download's loader does with a failed load (the one mapping): a Response goes
 * on as it is; another customer's or a missing record is a 404, never told apart; a back office that is
 * down or answered garbage is a 503 carrying the message the lists show, in the reader's language, as
 * plain text (a download shows it as it is; a page's error boundary shows it). Anything else is a bug
 * and stays a 500.
 */
export async function recordLoadFailed(request: Request, context: string, error: unknown): Promise<never> {
  if (error instanceof Response) throw error;
  if (isBackofficeError(error, 'not_found')) throw new Response('Not found', { status: 404 });
  if (isBackofficeError(error, 'unavailable') || isBackofficeError(error, 'bad_answer')) {
    reportError(context, error);
    const message = translateMessage(await translator(request, 'common'), messageKeyFor(error));
    throw new Response(message, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '30' },
    });
  }
  throw error;
}

/** Work that failed for a reason the user can read: its message key, and the form field it is about. */
export type Failed = {
  ok: false;
  /** The message key ("namespace:key") in the user's language. */
  key: string;
  /** The form field the message belongs to, when the screen's `keyFor` named one; else the whole form. */
  field?: string;
  /** What was thrown, for a screen that answers one case otherwise (a redirect, another status). */
  error: unknown;
};

export type Attempted<T> = { ok: true; value: T } | Failed;

/**
 * A screen's own reading of a failure it expects (a conflict, a refused field): the key to show, or the
 * key and the field it goes under; nothing for the failures every screen answers alike.
 */
export type KeyFor = (error: unknown) => string | { key: string; field: string } | null | undefined;

/**
 * Runs a screen's back-office work (the one way an action turns a failure into a form message): its
 * value, or why it failed as a message key. A thrown Response (an ended session's way to sign-in, a 404)
 * goes on untouched. A failure `keyFor` knows is the screen's to answer and is not logged; any other is
 * reported with `context` and gets the key of `messageKeyFor`.
 */
export async function attempt<T>(
  work: () => T | Promise<T>,
  context: string,
  options: { keyFor?: KeyFor } = {},
): Promise<Attempted<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof Response) throw error;
    const own = options.keyFor?.(error);
    if (typeof own === 'string') return { ok: false, key: own, error };
    if (own) return { ok: false, key: own.key, field: own.field, error };
    reportError(context, error);
    return { ok: false, key: messageKeyFor(error), error };
  }
}

/** A failure as the errors of a form's reply (`submission.reply(...)`): under its field, or the form's. */
export function formErrorsOf(
  failure: Failed,
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  return failure.field ? { fieldErrors: { [failure.field]: [failure.key] } } : { formErrors: [failure.key] };
}
