// Route parameters naming a record: anything that is not one answers 404, like a record that is not there.
import { loanNumber } from '@contract';
import { recordId } from './input';

/** The positive whole number in `raw`, or a thrown 404. */
export function recordIdOr404(raw: unknown): number {
  const id = recordId.safeParse(raw);
  if (!id.success) throw new Response('Not found', { status: 404 });
  return id.data;
}

/** A loan number from the URL (LN-2026-0007), or 404. */
export function loanNumberOr404(raw: unknown): string {
  const parsed = loanNumber.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}
