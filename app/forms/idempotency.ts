// The hidden key every create form carries, so the same form sent again (a retry after "not reachable")
// makes one record: the back office answers the first create for a key it has seen (docs/api.md).
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** What the component needs of a Conform reply: the values that were sent, and whether it succeeded. */
export interface SentForm {
  status?: 'success' | 'error';
  initialValue?: Record<string, unknown> | null;
}

/**
 * The key the form carries: the one just sent when the form comes back with what was typed (so a retry
 * is recognised), otherwise the fresh one of the page's loader (a new form, or after a success).
 */
export function formKeyFor(lastResult: SentForm | null | undefined, fresh: string | undefined) {
  const sent = lastResult?.status === 'success' ? undefined : lastResult?.initialValue?.[IDEMPOTENCY_FIELD];
  return typeof sent === 'string' && sent ? sent : fresh;
}
