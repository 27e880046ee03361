/**
 * What orders, loans and invoices share: money in cents, calendar days, and their yearly numbers
 * (SO-2026-0012, LN-2026-0007, INV-2026-0031, PAY-2026-0044).
 */
import { sql } from 'kysely';
import type { Database } from './data/database';

/** Amounts are kept in integer cents, so that sums never drift; answers carry currency units. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

// Calendar days are the contract's (the portal's forms count them alike).
export { addDays, addMonths, dayOf } from '@contract/dates';

/**
 * The next number of the year for a kind of record, e.g. SO-2026-0012: the prefix, the year of `now`
 * and a sequence of at least four digits, counted in `number_sequences` (one row per prefix and year,
 * so a number costs the same with 10 000 records as with none). Call it in the transaction that
 * inserts the record: a rolled-back insert gives its number back.
 */
export async function allocateNumber(
  db: Database,
  prefix: 'SO' | 'LN' | 'INV' | 'PAY' | 'QT',
  now: Date,
): Promise<string> {
  const stem = `${prefix}-${now.getUTCFullYear()}-`;
  const { last } = await db
    .insertInto('number_sequences')
    .values({ stem, last: 1 })
    .onConflict((conflict) => conflict.column('stem').doUpdateSet({ last: sql`number_sequences.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${stem}${String(last).padStart(4, '0')}`;
}
