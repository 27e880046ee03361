// The hidden key of a create form (see app/forms/idempotency.ts): the page's loader returns a fresh
// `idempotencyKey`; a form that came back with what was typed keeps the key it was sent with.
import { useLoaderData } from '@remix-run/react';
import { formKeyFor, IDEMPOTENCY_FIELD, type SentForm } from '~/forms/idempotency';

export function IdempotencyKeyField({ lastResult }: { lastResult: SentForm | null | undefined }) {
  const loaded = useLoaderData<{ idempotencyKey?: string } | null>();
  const key = formKeyFor(lastResult, loaded?.idempotencyKey);
  if (!key) return null;
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />;
}
