/**
 * The lines the back office writes on a loan's transactions carry a code and its values beside the
 * English note (loanNotes.ts), and the notes written before codes are read back into codes by
 * migration 0015; a note typed by staff keeps none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './data/database';
import { migrations } from './data/migrations';
import { noteCodeOf } from './data/migrations/0015_loan_note_codes';
import { openTestStore } from './data/test-engines';
import { loanNoteText, noteColumns, type LoanNote } from './loanNotes';
import { addLoanTransaction, disbursement, findLoanByNumber, insertLoan, loanTransactions } from './loans';
import { EVERY_CUSTOMER } from './access';

const now = new Date('2026-03-01T09:00:00.000Z');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(dir: string, list = migrations): Promise<Database> {
  const opened = await openTestStore('sqlite', dir, list);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

function newDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-loan-notes-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function activeLoan(db: Database) {
  const { id: partnerId } = await db
    .insertInto('partners')
    .values({ name: 'Nile Textiles', referral_code: 'NILE0001', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return insertLoan(
    db,
    {
      partnerId,
      requestId: null,
      state: 'approved',
      principalCents: 1_200_000,
      currency: 'USD',
      interestRate: 12,
      termMonths: 6,
      issueDate: '2026-02-01',
      staffNote: null,
      decidedBy: null,
      decidedAt: now.toISOString(),
    },
    now,
  );
}

const LINES: LoanNote[] = [
  { code: 'disbursement', params: { currency: 'USD', interest: 1234.5, months: 6 } },
  { code: 'arrangement_fee', params: {} },
  { code: 'arrangement_fee', params: { percent: 1 } },
  { code: 'instalment', params: { number: 2, total: 6 } },
  { code: 'instalment_and_fee', params: { number: 6, total: 6 } },
  { code: 'late_fee', params: { number: 4 } },
];

describe('loan notes', () => {
  it('say each coded line in English, and the English reads back into the same code', () => {
    expect(LINES.map(loanNoteText)).toEqual([
      'Principal paid out; the balance adds USD 1,234.50 interest over 6 months',
      'Arrangement fee',
      'Arrangement fee (1%)',
      'Instalment 2 of 6',
      'Instalment 6 of 6 and the arrangement fee',
      'Late payment fee: instalment 4 unpaid',
    ]);
    for (const line of LINES) expect(noteCodeOf(loanNoteText(line))).toEqual(line);
    expect(noteCodeOf('Paid by wire, thank you')).toBeNull();
    expect(noteCodeOf('Instalment 2 of 6, paid late')).toBeNull();
  });

  it("come out of a loan's transactions with their code and values; a typed note without", async () => {
    const db = await open(newDir());
    const { id, name } = await activeLoan(db);
    const loan = (await findLoanByNumber(db, EVERY_CUSTOMER, name))!;
    await addLoanTransaction(db, id, disbursement(loan, '2026-02-01'), now);
    await addLoanTransaction(
      db,
      id,
      { type: 'repayment', amountCents: 10_000, date: '2026-02-20', reference: 'W-1', note: 'Paid by wire' },
      now,
    );
    const [paidOut, repayment] = await loanTransactions(db, loan);
    expect(paidOut).toMatchObject({
      note_code: 'disbursement',
      note_params: { currency: 'USD', months: 6 },
    });
    expect(paidOut!.note).toBe(loanNoteText({ code: 'disbursement', params: paidOut!.note_params! }));
    expect(repayment).toMatchObject({ note: 'Paid by wire', note_code: null, note_params: null });
  });

  it('are read back into codes when the database is brought up to date', async () => {
    const dir = newDir();
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0015'));
    const old = await open(dir, before);
    const { id } = await activeLoan(old);
    const notes = [...LINES.map(loanNoteText), 'Paid by wire', null];
    for (const [index, note] of notes.entries()) {
      await old
        .insertInto('loan_transactions')
        .values({
          loan_id: id,
          type: 'fee',
          amount_cents: 100,
          date: '2026-02-01',
          reference: `R-${index}`,
          note,
          created_at: now.toISOString(),
        } as never)
        .execute();
    }
    await cleanups.pop()!();

    const db = await open(dir);
    const rows = await db
      .selectFrom('loan_transactions')
      .select(['note', 'note_code', 'note_params'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.note)).toEqual(notes);
    expect(
      rows.map((row) =>
        row.note_code ? { code: row.note_code, params: JSON.parse(row.note_params!) } : null,
      ),
    ).toEqual([...LINES, null, null]);
  });

  it('are written by the columns helper as code, values and English', () => {
    expect(noteColumns({ code: 'late_fee', params: { number: 3 } })).toEqual({
      note: 'Late payment fee: instalment 3 unpaid',
      noteCode: 'late_fee',
      noteParams: { number: 3 },
    });
  });
});
