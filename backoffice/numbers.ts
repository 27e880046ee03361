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

/** The calendar day (UTC, YYYY-MM-DD) of a moment. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The calendar day `days` later (earlier when negative). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000));
}

/** The same day of the month `months` later; the month's last day when it has no such day (31 → 30). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return dayOf(target);
}

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
