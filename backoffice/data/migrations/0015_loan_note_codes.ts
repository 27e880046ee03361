/**
 * The lines the back office writes on a loan's transactions (its pay-out, the arrangement fee, an
 * instalment paid, a late fee) carry a code and its values beside the English note, so that the portal
 * says them in the reader's language. Notes written before are read back into codes where they are one
 * of those lines; a note typed by staff keeps no code.
 */
import type { Kysely } from 'kysely';
import { schemaTypes } from '../dialect';
import type { LoanNote } from '../../loanNotes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema.alterTable('loan_transactions').addColumn('note_code', 'text').execute();
  await db.schema
    .alterTable('loan_transactions')
    .addColumn('note_params', 'text', (c) => c.check(t.jsonObjectOrNull('note_params')))
    .execute();
  const rows: { id: number; note: string | null }[] = await db
    .selectFrom('loan_transactions')
    .select(['id', 'note'])
    .where('note', 'is not', null)
    .execute();
  for (const row of rows) {
    const coded = row.note === null ? null : noteCodeOf(row.note);
    if (!coded) continue;
    await db
      .updateTable('loan_transactions')
      .set({ note_code: coded.code, note_params: JSON.stringify(coded.params) })
      .where('id', '=', row.id)
      .execute();
  }
}

const PATTERNS: [RegExp, (match: RegExpExecArray) => LoanNote][] = [
  [
    /^Principal paid out; the balance adds ([A-Z]{3}) ([\d,]+(?:\.\d+)?) interest over (\d+) months$/,
    ([, currency, interest, months]) => ({
      code: 'disbursement',
      params: { currency: currency!, interest: Number(interest!.replaceAll(',', '')), months: Number(months) },
    }),
  ],
  [/^Arrangement fee$/, () => ({ code: 'arrangement_fee', params: {} })],
  [
    /^Arrangement fee \((\d+(?:\.\d+)?)%\)$/,
    ([, percent]) => ({ code: 'arrangement_fee', params: { percent: Number(percent) } }),
  ],
  [
    /^Instalment (\d+) of (\d+)$/,
    ([, number, total]) => ({ code: 'instalment', params: { number: Number(number), total: Number(total) } }),
  ],
  [
    /^Instalment (\d+) of (\d+) and the arrangement fee$/,
    ([, number, total]) => ({
      code: 'instalment_and_fee',
      params: { number: Number(number), total: Number(total) },
    }),
  ],
  [
    /^Late payment fee: instalment (\d+) unpaid$/,
    ([, number]) => ({ code: 'late_fee', params: { number: Number(number) } }),
  ],
];

/** A note the back office wrote before lines had codes, read back; null for words a person typed. */
export function noteCodeOf(note: string): LoanNote | null {
  for (const [pattern, read] of PATTERNS) {
    const match = pattern.exec(note);
    if (match) return read(match);
  }
  return null;
}
