/**
 * Loans on both engines: numbering that a failed write gives back, searching customers ignoring case
 * beyond ASCII, sums of cents and counts as numbers, and decisions and links that happen once however
 * many calls race for them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERY_CUSTOMER } from './access';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import {
  addLoanDocument,
  addLoanTransaction,
  createLoanFromRequest,
  decideLoan,
  disbursement,
  financeSummary,
  findLoanByNumber,
  findLoanDocument,
  insertLoan,
  listLoans,
  loanDetail,
  loanTransactions,
  type NewLoan,
} from './loans';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-loans-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-03-01T09:00:00.000Z');
/** The day after the second line fell due. */
const today = '2026-03-02';

async function customer(db: Database, name: string): Promise<number> {
  const { id } = await db
    .insertInto('partners')
    .values({ name, referral_code: name.slice(0, 8).toUpperCase(), created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function staffUser(db: Database): Promise<number> {
  const partner = await customer(db, 'Staff partner');
  const { id } = await db
    .insertInto('users')
    .values({
      email: 'agent@example.com',
      password_hash: 'x',
      first_name: 'A',
      partner_id: partner,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const loan = (partnerId: number, more: Partial<NewLoan> = {}): NewLoan => ({
  partnerId,
  requestId: null,
  state: 'requested',
  principalCents: 1_200_000,
  currency: 'USD',
  interestRate: 12,
  termMonths: 6,
  issueDate: null,
  staffNote: null,
  decidedBy: null,
  decidedAt: null,
  ...more,
});

describe.each(ENGINES)('loans on $engine', ({ engine, available }) => {
  it.skipIf(!available)('number by year, and a loan rolled back gives its number back', async () => {
    const db = await open(engine);
    const partner = await customer(db, 'Nile Star Trading');
    expect((await insertLoan(db, loan(partner), now)).name).toBe('LN-2026-0001');
    await expect(
      db.transaction().execute(async (trx) => {
        await insertLoan(trx, loan(partner), now);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A CHECK refusal inside insertLoan rolls its own number back too.
    await expect(insertLoan(db, loan(partner, { termMonths: 0 }), now)).rejects.toThrow();
    expect((await insertLoan(db, loan(partner), now)).name).toBe('LN-2026-0002');
    expect((await insertLoan(db, loan(partner), new Date('2027-01-02T00:00:00Z'))).name).toBe('LN-2027-0001');
    expect(await findLoanByNumber(db, EVERY_CUSTOMER, 'ln-2026-0001')).toBeNull();
    expect(await findLoanByNumber(db, EVERY_CUSTOMER, 'LN-2026-0001')).toMatchObject({
      partner_name: 'Nile Star Trading',
    });
  });

  it.skipIf(!available)(
    'list newest first with counts per tab, searching names ignoring case beyond ASCII',
    async () => {
      const db = await open(engine);
      const egypt = await customer(db, 'Société Égyptienne');
      const other = await customer(db, 'Jade Harbor');
      const states = ['repaid', 'denied', 'approved', 'requested'] as const;
      for (const [index, state] of states.entries())
        await insertLoan(db, loan(egypt, { state }), new Date(now.getTime() + index * 60_000));
      await insertLoan(db, loan(other, { state: 'denied' }), now);

      const all = await listLoans(db, { scope: null, tab: 'show_all', limit: 10, offset: 0 }, today);
      expect(all.counts).toEqual({ show_all: 5, previous: 1, denied: 2 });
      expect(all.total).toBe(5);
      const found = await listLoans(
        db,
        { scope: null, tab: 'show_all', search: 'ÉGYPT', limit: 2, offset: 1 },
        today,
      );
      expect(found.counts).toEqual({ show_all: 4, previous: 1, denied: 1 });
      expect(found.loans.map((one) => one.state)).toEqual(['approved', 'denied']);
      const scoped = await listLoans(db, { scope: other, tab: 'denied', limit: 10, offset: 0 }, today);
      expect(scoped).toMatchObject({ total: 1, counts: { show_all: 1, previous: 0, denied: 1 } });
      expect(scoped.loans[0]!.partner_name).toBe('Jade Harbor');
      // Another customer's partner_id within a client's scope matches nothing.
      const none = await listLoans(
        db,
        { scope: egypt, partnerId: other, tab: 'show_all', limit: 10, offset: 0 },
        today,
      );
      expect(none).toMatchObject({ total: 0, loans: [] });
    },
  );

  it.skipIf(!available)(
    'sum transactions in cents into figures, balances and the finance summary',
    async () => {
      const db = await open(engine);
      const partner = await customer(db, 'Nile Star Trading');
      const { id, name } = await insertLoan(
        db,
        loan(partner, {
          state: 'approved',
          issueDate: '2026-01-01',
          principalCents: 600_000,
          interestRate: 12,
        }),
        now,
      );
      const row = (await findLoanByNumber(db, EVERY_CUSTOMER, name))!;
      await addLoanTransaction(db, id, disbursement(row, '2026-01-01'), now);
      await addLoanTransaction(
        db,
        id,
        { type: 'fee', amountCents: 6_000, date: '2026-01-01', reference: null, note: null },
        now,
      );
      await addLoanTransaction(
        db,
        id,
        { type: 'repayment', amountCents: 106_000, date: '2026-01-30', reference: null, note: null },
        now,
      );
      // 6 000 USD at 12 %: 60 USD interest a month, 360 over the term; one line of 1 060 USD repaid,
      // the second (due 2026-03-01) not.
      const detail = await loanDetail(db, row, today);
      expect(detail).toMatchObject({
        paid_amount: 1060,
        outstanding: 5360,
        payment_status: 'overdue',
        overdue_amount: 1060,
      });
      expect(detail.schedule.map((line) => line.status)).toEqual([
        'paid',
        'overdue',
        'due',
        'upcoming',
        'upcoming',
        'upcoming',
      ]);
      const balances = (await loanTransactions(db, row)).map((one) => [one.type, one.balance]);
      expect(balances).toEqual([
        ['disbursement', 6360],
        ['fee', 6420],
        ['repayment', 5360],
      ]);
      await addLoanDocument(
        db,
        id,
        { filename: 'agreement.pdf', mimetype: 'application/pdf', data: Buffer.from('%PDF-1.4 demo') },
        now,
      );
      const [document] = (await loanDetail(db, row, today)).documents;
      const file = await findLoanDocument(db, EVERY_CUSTOMER, id, document!.id);
      expect(file?.data.toString()).toBe('%PDF-1.4 demo');
      expect(await findLoanDocument(db, EVERY_CUSTOMER, id + 1, document!.id)).toBeNull();

      const summary = await financeSummary(db, null, true, today);
      expect(summary).toMatchObject({
        outstanding: 5360,
        // The line of 2026-03-01 is overdue; next is the one due on 2026-04-01.
        next_due_date: '2026-04-01',
        next_due_amount: 1060,
        overdue_amount: 1060,
        exposure: [{ partner_id: partner, partner_name: 'Nile Star Trading', outstanding: 5360 }],
      });
      expect(await financeSummary(db, partner + 1, false, today)).toMatchObject({
        outstanding: 0,
        exposure: [],
      });
    },
  );

  it.skipIf(!available)(
    'decide a loan once; approve an application into one loan however many calls race, linking its orders once',
    async () => {
      const db = await open(engine);
      const partner = await customer(db, 'Nile Star Trading');
      const agent = await staffUser(db);
      const { name } = await insertLoan(db, loan(partner), now);
      const decide = (state: 'approved' | 'denied') =>
        decideLoan(db, { name, state, note: null, userId: agent }, now);
      const outcomes = await Promise.all([decide('approved'), decide('denied'), decide('approved')]);
      expect(outcomes.filter((outcome) => outcome === 'decided')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'already_decided')).toHaveLength(2);
      expect(await decide('approved')).toBe('already_decided');
      expect(
        await decideLoan(db, { name: 'LN-1999-0001', state: 'denied', note: null, userId: agent }, now),
      ).toBe('not_found');
      const decided = (await findLoanByNumber(db, EVERY_CUSTOMER, name))!;
      const disbursements = await loanTransactions(db, decided);
      expect(disbursements).toHaveLength(decided.state === 'approved' ? 1 : 0);

      const request = async (service: string, status: string) => {
        const { id } = await db
          .insertInto('shipping_requests')
          .values({
            partner_id: partner,
            email_from: 'c@example.com',
            name: 'Finance',
            service,
            status,
            created_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      };
      const terms = {
        principalCents: 500_000,
        currency: 'USD',
        interestRate: 10,
        termMonths: 3,
        arrangementFeeCents: 5_000,
        firstDueDate: '2026-05-15',
        note: 'Terms agreed',
        userId: agent,
      };
      const approved = await request('trade_finance', 'approved');
      const made = await Promise.all(
        [1, 2, 3].map(() => createLoanFromRequest(db, { requestId: approved, ...terms }, now)),
      );
      const loans = made.filter((outcome) => typeof outcome === 'object');
      expect(loans).toHaveLength(1);
      expect(made.filter((outcome) => outcome === 'has_loan')).toHaveLength(2);
      const linked = await db
        .selectFrom('shipping_requests')
        .select('loan_id')
        .where('id', '=', approved)
        .executeTakeFirstOrThrow();
      expect(linked.loan_id).toBe((loans[0] as { id: number }).id);
      const counted = await db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('request_id', '=', approved)
        .executeTakeFirstOrThrow();
      expect(counted.n).toBe(1);

      // A pending application with an order: approved with the loan, paid out, the fee charged, the
      // schedule from the first due date, the order linked.
      const order = async (name: string) =>
        (
          await db
            .insertInto('shipping_orders')
            .values({
              name,
              partner_id: partner,
              category: 'footwear',
              container_type: 'groupage',
              cbm: 2,
              origin: 'china',
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const financed = await order('SO-2026-0901');
      const application = async (orderIds: number[]) => {
        const requestId = await request('trade_finance', 'pending');
        await db
          .insertInto('finance_applications')
          .values({
            request_id: requestId,
            amount_cents: 500_000,
            currency: 'USD',
            tenor_months: 3,
            purpose: 'Stock',
            supplier_name: 'Mill',
            supplier_country: 'India',
          })
          .execute();
        for (const id of orderIds) {
          await db
            .insertInto('finance_application_orders')
            .values({ request_id: requestId, shipping_order_id: id })
            .execute();
        }
        return requestId;
      };
      const pending = await application([financed]);
      const fromPending = await createLoanFromRequest(db, { requestId: pending, ...terms }, now);
      expect(fromPending).toMatchObject({ name: expect.stringMatching(/^LN-/) });
      const fromApplication = (await findLoanByNumber(
        db,
        EVERY_CUSTOMER,
        (fromPending as { name: string }).name,
      ))!;
      expect(fromApplication).toMatchObject({
        state: 'approved',
        issue_date: '2026-03-01',
        first_due_date: '2026-05-15',
        due_date: '2026-07-15',
        staff_note: 'Terms agreed',
      });
      expect((await loanTransactions(db, fromApplication)).map((one) => [one.type, one.amount])).toEqual([
        ['disbursement', 5000],
        ['fee', 50],
      ]);
      expect(
        (await loanDetail(db, fromApplication, '2026-03-01')).schedule.map((line) => line.due_date),
      ).toEqual(['2026-05-15', '2026-06-15', '2026-07-15']);
      const reviewed = await db
        .selectFrom('shipping_requests')
        .select(['status', 'staff_note', 'reviewed_by_user_id', 'loan_id'])
        .where('id', '=', pending)
        .executeTakeFirstOrThrow();
      expect(reviewed).toEqual({
        status: 'approved',
        staff_note: 'Terms agreed',
        reviewed_by_user_id: agent,
        loan_id: fromApplication.id,
      });
      const orderRow = await db
        .selectFrom('shipping_orders')
        .select('loan_id')
        .where('id', '=', financed)
        .executeTakeFirstOrThrow();
      expect(orderRow.loan_id).toBe(fromApplication.id);

      // Another application for the same order (with a free one): refused, and nothing is written.
      const free = await order('SO-2026-0902');
      const again = await application([free, financed]);
      const loansBefore = await db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(await createLoanFromRequest(db, { requestId: again, ...terms }, now)).toBe('order_financed');
      const loansAfter = await db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(loansAfter.n).toBe(loansBefore.n);
      const untouched = await db
        .selectFrom('shipping_orders')
        .select('loan_id')
        .where('id', '=', free)
        .executeTakeFirstOrThrow();
      expect(untouched.loan_id).toBeNull();
      const stillPending = await db
        .selectFrom('shipping_requests')
        .select(['status', 'loan_id'])
        .where('id', '=', again)
        .executeTakeFirstOrThrow();
      expect(stillPending).toEqual({ status: 'pending', loan_id: null });

      expect(
        await createLoanFromRequest(
          db,
          { requestId: await request('trade_finance', 'rejected'), ...terms },
          now,
        ),
      ).toBe('rejected');
      expect(
        await createLoanFromRequest(db, { requestId: await request('shipping', 'approved'), ...terms }, now),
      ).toBe('not_trade_finance');
      expect(await createLoanFromRequest(db, { requestId: 99_999, ...terms }, now)).toBe('not_found');
    },
  );
});
