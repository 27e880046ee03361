import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentFile,
  financeSummary,
  LOAN_STATES,
  loanDetail,
  loansAnswer,
  loanTransactionsAnswer,
  shippingRequest,
  type Loan,
} from '@contract';
import {
  addLoanTransaction,
  disbursement,
  insertLoan,
  loanFigures,
  loanSchedule,
  type LoanRow,
} from './loans';
import { insertPartner } from './partners';
import { addMonths, allocateNumber, dayOf } from './numbers';
import { demoLoans } from './seedLoans';
import {
  startTestBackoffice,
  signInDemoAccounts,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };
/** The reference back office always sends the extensions. */
const pagedLoans = loansAnswer.required({ total: true, counts: true });
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };

async function userLoans(who: Who, query: CallOptions['query'] = {}, partner: Who = who) {
  const result = await bo.call('listUserLoans', {
    query: { partner_id: partners[partner], limit: 100, ...query },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return pagedLoans.parse(result.body);
}

async function clientLoans(query: CallOptions['query'] = {}, who: Who = 'agent') {
  const result = await bo.call('listClientLoans', {
    query: { limit: 100, ...query },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return pagedLoans.parse(result.body);
}

async function detail(number: string, who: Who = 'agent') {
  const result = await bo.call('getLoan', { params: { number }, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return loanDetail.parse(result.body);
}

async function transactions(loanId: number, who: Who = 'agent') {
  const result = await bo.call('listLoanTransactions', {
    query: { loan_id: loanId },
    body: { loan_id: loanId },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return loanTransactionsAnswer.parse(result.body).transactions;
}

const today = () => dayOf(new Date());

function row(extra: Partial<LoanRow>): LoanRow {
  return {
    id: 1,
    name: 'LN-2026-0001',
    partner_id: 1,
    partner_name: 'Test',
    state: 'approved',
    principal_cents: 1_000_000,
    currency: 'USD',
    interest_rate: 12,
    term_months: 3,
    issue_date: '2026-01-31',
    first_due_date: null,
    due_date: '2026-04-30',
    request_id: null,
    staff_note: null,
    created_at: '2026-01-30T09:00:00.000Z',
    ...extra,
  };
}

describe('the schedule and figures', () => {
  it('adds months, keeping the day or taking the month’s last', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('splits the principal in equal monthly lines with simple interest, the remainder on the last', () => {
    const schedule = loanSchedule(row({ principal_cents: 1_000_000 }), 0, '2026-01-31');
    expect(
      schedule.map(({ dueDate, principal, interest, amount }) => [dueDate, principal, interest, amount]),
    ).toEqual([
      ['2026-02-28', 333_333, 10_000, 343_333],
      ['2026-03-31', 333_333, 10_000, 343_333],
      ['2026-04-30', 333_334, 10_000, 343_334],
    ]);
    expect(schedule.map((line) => line.status)).toEqual(['due', 'upcoming', 'upcoming']);
  });

  it('covers lines with repayments in order; uncovered past lines are overdue', () => {
    const loan = row({});
    const lines = (repaid: number, day: string) =>
      loanSchedule(loan, repaid, day).map((line) => [line.status, line.unpaid]);
    expect(lines(343_333, '2026-03-01')).toEqual([
      ['paid', 0],
      ['due', 343_333],
      ['upcoming', 343_334],
    ]);
    expect(lines(400_000, '2026-04-15')).toEqual([
      ['paid', 0],
      ['overdue', 286_666],
      ['due', 343_334],
    ]);
    // Due today is not yet overdue.
    expect(lines(0, '2026-02-28')[0]).toEqual(['due', 343_333]);
    expect(loanSchedule(row({ state: 'requested', issue_date: null }), 0, '2026-03-01')).toEqual([]);
    expect(loanSchedule(row({ state: 'denied' }), 0, '2026-03-01')).toEqual([]);
    expect(
      loanSchedule(row({ state: 'repaid' }), 0, '2026-06-01').every((line) => line.status === 'paid'),
    ).toBe(true);
  });

  it('works out paid, outstanding, payment status, next due date and overdue amount', () => {
    const totals = { disbursed: 1_000_000, fees: 10_000, repaid: 343_333 };
    expect(loanFigures(row({}), totals, '2026-04-15')).toMatchObject({
      paid: 343_333,
      // principal + 3 × interest + fees − repaid
      outstanding: 1_000_000 + 30_000 + 10_000 - 343_333,
      paymentStatus: 'overdue',
      // The line of 31 March is overdue, not next: next is the last line (the principal's remainder).
      nextDueDate: '2026-04-30',
      nextDueAmount: 343_334,
      overdue: 343_333,
    });
    expect(loanFigures(row({}), totals, '2026-03-15')).toMatchObject({
      paymentStatus: 'current',
      nextDueDate: '2026-03-31',
      overdue: 0,
    });
    const settled = { disbursed: 1_000_000, fees: 10_000, repaid: 1_040_000 };
    expect(loanFigures(row({}), settled, '2026-05-15')).toMatchObject({
      outstanding: 0,
      paymentStatus: 'paid',
      nextDueDate: null,
      overdue: 0,
    });
    for (const state of ['requested', 'denied'] as const) {
      expect(
        loanFigures(row({ state, issue_date: null }), { disbursed: 0, fees: 0, repaid: 0 }, '2026-05-15'),
      ).toMatchObject({
        outstanding: 0,
        paymentStatus: 'not_disbursed',
        nextDueDate: null,
        schedule: [],
      });
    }
    expect(loanFigures(row({ state: 'repaid' }), settled, '2026-05-15')).toMatchObject({
      outstanding: 0,
      paymentStatus: 'paid',
    });
  });
});

describe('the seeded loans', () => {
  it('give the first customer at least 28 loans in every state, and the second at least 6', async () => {
    const nile = await userLoans('client');
    expect(nile.total).toBeGreaterThanOrEqual(28);
    expect(new Set(nile.loans.map((loan) => loan.state))).toEqual(new Set(LOAN_STATES));
    expect(nile.loans.filter((loan) => loan.state === 'approved').length).toBeGreaterThan(nile.total / 2);
    expect(nile.loans.some((loan) => loan.state === 'approved' && loan.payment_status === 'overdue')).toBe(
      true,
    );
    const jade = await userLoans('client2');
    expect(jade.total).toBeGreaterThanOrEqual(6);
    expect(nile.total + jade.total).toBe(demoLoans.length);
    for (const loan of [...nile.loans, ...jade.loans]) {
      expect(loan.name).toMatch(new RegExp(`^LN-${loan.created_at.slice(0, 4)}-\\d{4}$`));
      expect(loan.currency).toBe('USD');
    }
  });

  it('have transactions that fit their schedules: repaid loans end at 0, active ones at what is owed', async () => {
    const { loans } = await clientLoans();
    for (const loan of loans) {
      const list = await transactions(loan.id);
      if (loan.state === 'requested' || loan.state === 'denied') {
        expect(list).toEqual([]);
        expect(loan).toMatchObject({ outstanding: 0, paid_amount: 0, payment_status: 'not_disbursed' });
        continue;
      }
      expect(list[0]).toMatchObject({ type: 'disbursement', amount: loan.principal, date: loan.issue_date });
      expect(list.every((transaction) => transaction.date <= today())).toBe(true);
      const dates = list.map((transaction) => transaction.date);
      expect(dates).toEqual([...dates].sort());
      const repaid = list.filter((t) => t.type === 'repayment').reduce((sum, t) => sum + t.amount, 0);
      expect(loan.paid_amount).toBeCloseTo(repaid, 2);
      expect(list.at(-1)!.balance, loan.name).toBeCloseTo(loan.outstanding, 2);
      if (loan.state === 'repaid') expect(loan).toMatchObject({ outstanding: 0, payment_status: 'paid' });
      else expect(['current', 'overdue']).toContain(loan.payment_status);
    }
  });

  it('carry loan documents on several loans, and finance some shipments', async () => {
    const db = bo.backoffice.database;
    const documents = await db
      .selectFrom('loan_documents')
      .select((eb) => eb.fn.count<number>('loan_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(documents.n).toBeGreaterThanOrEqual(4);
    const financed = await db
      .selectFrom('shipping_orders')
      .select((eb) => eb.fn.count<number>('loan_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(financed.n).toBeGreaterThanOrEqual(3);
  });

  it('leave the trade-finance demo request without a loan', async () => {
    const db = bo.backoffice.database;
    const requests = await db
      .selectFrom('shipping_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('loan_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(requests.n).toBe(0);
    const loans = await db
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(loans.n).toBe(0);
  });
});

describe('POST /shipping/user_loans', () => {
  it("answers a client's own loans only: another customer's partner_id is 404", async () => {
    const own = await userLoans('client');
    expect(own.status).toBe('success');
    expect(own.loans.every((loan) => loan.partner_id === partners.client)).toBe(true);
    for (const partner_id of [partners.client2, partners.admin, 99999]) {
      const result = await bo.call('listUserLoans', { query: { partner_id }, session: sessions.client });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it('lets staff read any customer’s loans, but 404 for an unknown partner or their own', async () => {
    expect(await userLoans('agent', {}, 'client2')).toEqual(await userLoans('client2'));
    for (const partner_id of [partners.admin, 99999]) {
      const result = await bo.call('listUserLoans', { query: { partner_id }, session: sessions.admin });
      expect(result.status).toBe(404);
    }
  });

  it('filters by tab with the counts of every tab for the same search, newest first, paged', async () => {
    const all = await userLoans('client');
    const times = all.loans.map((loan) => loan.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const counts = {
      show_all: all.total,
      previous: all.loans.filter((loan) => loan.state === 'repaid').length,
      denied: all.loans.filter((loan) => loan.state === 'denied').length,
    };
    expect(all.counts).toEqual(counts);
    const previous = await userLoans('client', { tab: 'previous' });
    expect(previous.loans.every((loan) => loan.state === 'repaid')).toBe(true);
    expect(previous.total).toBe(counts.previous);
    expect(previous.counts).toEqual(counts);
    const denied = await userLoans('client', { tab: 'denied' });
    expect(denied.loans.map((loan) => loan.id)).toEqual(
      all.loans.filter((l) => l.state === 'denied').map((l) => l.id),
    );
    expect(denied.loans.every((loan) => loan.staff_note)).toBe(true);

    const page = await userLoans('client', { limit: 10, offset: 10 });
    expect(page.total).toBe(all.total);
    expect(page.loans.map((loan) => loan.id)).toEqual(all.loans.slice(10, 20).map((loan) => loan.id));

    const one = all.loans[3]!;
    const found = await userLoans('client', { search: one.name.toLowerCase() });
    expect(found.loans.map((loan) => loan.id)).toEqual([one.id]);
    expect(found.counts.show_all).toBe(1);
    expect((await userLoans('client', { search: 'nile star' })).total).toBe(all.total);
    expect((await userLoans('client', { search: 'jade' })).total).toBe(0);
  });
});

describe('POST /staff/client_loans', () => {
  it('is staff work: 403 for a client', async () => {
    const result = await bo.call('listClientLoans', { session: sessions.client });
    expect(result.status).toBe(403);
    expect(result.body).toEqual(forbidden);
  });

  it("lists every client's loans, with an optional partner_id and the customer's name in the search", async () => {
    const all = await clientLoans();
    expect(new Set(all.loans.map((loan) => loan.partner_id))).toEqual(
      new Set([partners.client, partners.client2]),
    );
    expect(await clientLoans({ partner_id: partners.client2 })).toEqual(await userLoans('client2'));
    const jade = await clientLoans({ search: 'JADE HARBOR', tab: 'previous' });
    expect(
      jade.loans.every((loan) => loan.partner_name === 'Jade Harbor Imports' && loan.state === 'repaid'),
    ).toBe(true);
    expect(jade.total).toBe(jade.loans.length);
    expect(jade.counts.show_all).toBe((await userLoans('client2')).total);
  });
});

describe('POST /shipping/loan_transactions', () => {
  it('answers a loan’s transactions in date order with the running balance', async () => {
    const loan = (await userLoans('client')).loans.find((one) => one.payment_status === 'overdue')!;
    const list = await transactions(loan.id, 'client');
    let balance = 0;
    for (const transaction of list) {
      const before = balance;
      balance = transaction.balance;
      if (transaction.type === 'repayment') expect(balance).toBeCloseTo(before - transaction.amount, 2);
      else if (transaction.type === 'fee') expect(balance).toBeCloseTo(before + transaction.amount, 2);
      // A disbursement adds the principal and the interest the schedule charges on it.
      else expect(balance).toBeGreaterThan(before + transaction.amount);
    }
    expect(list.some((transaction) => transaction.type === 'fee')).toBe(true);
    expect(list.every((transaction) => transaction.loan_id === loan.id)).toBe(true);
  });

  it('refuses different loan ids in the query and the body (400), and answers 404 out of scope', async () => {
    const [own, other] = [(await userLoans('client')).loans[0]!, (await userLoans('client2')).loans[0]!];
    const mismatch = await bo.call('listLoanTransactions', {
      query: { loan_id: own.id },
      body: { loan_id: other.id },
      session: sessions.client,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'loan_id' }] });
    for (const loan_id of [other.id, 99999]) {
      const result = await bo.call('listLoanTransactions', {
        query: { loan_id },
        body: { loan_id },
        session: sessions.client,
      });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });
});

describe('GET /loans/:number', () => {
  it('answers the loan with its schedule, documents and financed shipments', async () => {
    const db = bo.backoffice.database;
    const withShipments = await db
      .selectFrom('loans as l')
      .select('l.name')
      .where('l.partner_id', '=', partners.client)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('shipping_orders as o').select('o.id').whereRef('o.loan_id', '=', 'l.id')),
      )
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('loan_documents as d').select('d.id').whereRef('d.loan_id', '=', 'l.id')),
      )
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    const loan = await detail(withShipments.name, 'client');
    expect(loan.schedule.length).toBeGreaterThan(0);
    const principal = loan.schedule.reduce((sum, line) => sum + line.principal, 0);
    expect(principal).toBeCloseTo(loan.principal, 2);
    expect(loan.schedule.at(-1)!.due_date).toBe(loan.due_date);
    expect(loan.documents.map((document) => document.filename)).toEqual([
      `loan-agreement-${loan.name}.pdf`,
      `promissory-note-${loan.name}.pdf`,
    ]);
    expect(loan.shipments.length).toBeGreaterThan(0);
    const orderLoans = await db
      .selectFrom('shipping_orders')
      .select('id')
      .where('loan_id', '=', loan.id)
      .orderBy('id')
      .execute();
    expect(loan.shipments.map((shipment) => shipment.id).sort((a, b) => a - b)).toEqual(
      orderLoans.map((order) => order.id),
    );

    const file = await bo.call('getLoanDocument', {
      params: { number: loan.name, document_id: loan.documents[0]!.id },
      session: sessions.client,
    });
    expect(file.status).toBe(200);
    const { data, mimetype } = attachmentFile.parse(file.body);
    expect(mimetype).toBe('application/pdf');
    expect(Buffer.from(data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another customer's loan or document, and for unknown ones", async () => {
    const other = await bo.backoffice.database
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['l.name', 'd.id'])
      .where('l.partner_id', '=', partners.client2)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const own = (await userLoans('client')).loans[0]!.name;
    for (const number of [other.name, 'LN-1999-0001']) {
      const result = await bo.call('getLoan', { params: { number }, session: sessions.client });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    for (const params of [
      { number: other.name, document_id: other.id },
      { number: own, document_id: other.id },
      { number: own, document_id: 99999 },
    ]) {
      const result = await bo.call('getLoanDocument', { params, session: sessions.client });
      expect(result.status, JSON.stringify(params)).toBe(404);
    }
    expect((await detail(other.name, 'admin')).partner_id).toBe(partners.client2);
  });
});

/** A trade-finance request of the customer, approved unless told otherwise; financing orders, if named. */
async function financeRequest(
  who: 'client' | 'client2',
  review: 'approved' | 'rejected' | null = 'approved',
  service = 'trade_finance',
  orderIds?: number[],
) {
  const created = await bo.call('createShippingRequest', {
    body: {
      partner_id: partners[who],
      email_from: `${who}@example.com`,
      name: 'Trade Finance',
      description: 'Finance a container of ceramic tiles from Morbi.',
      service,
      ...(orderIds && {
        finance: {
          amount: 38_000,
          currency: 'USD',
          tenor_months: 6,
          purpose: 'Tiles for the spring season.',
          supplier_name: 'Morbi Ceramics',
          supplier_country: 'India',
          order_ids: orderIds,
        },
      }),
    },
    session: sessions[who],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = (created.body as { id: number }).id;
  if (review)
    await bo.call('reviewShippingRequest', {
      params: { id },
      // A rejection says why.
      body: { status: review, ...(review === 'rejected' ? { note: 'Not for us.' } : {}) },
      session: sessions.agent,
    });
  return id;
}

const terms = { principal: 38_000.5, interest_rate: 11.5, term_months: 6 };

describe('POST /shipping-requests/:id/loan and PATCH /loans/:number', () => {
  it('approves a pending application with its terms: the loan is paid out, charged its fee, scheduled from the first due date, and finances its orders', async () => {
    const [order] = (
      await bo.backoffice.database
        .selectFrom('shipping_orders')
        .select('id')
        .where('partner_id', '=', partners.client2)
        .where('loan_id', 'is', null)
        .orderBy('id')
        .limit(1)
        .execute()
    ).map((row) => row.id);
    expect(order).toBeDefined();
    const request = await financeRequest('client2', null, 'trade_finance', [order!]);
    const day = today();
    const firstDue = addMonths(day, 2);
    const created = await bo.call('createLoanFromRequest', {
      params: { id: request },
      body: { ...terms, arrangement_fee: 380, first_due_date: firstDue, note: 'Terms agreed by phone.' },
      session: sessions.agent,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, name } = created.body as { id: number; name: string };
    expect(name).toMatch(new RegExp(`^LN-${new Date().getUTCFullYear()}-\\d{4}$`));
    const decidedRequest = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id: request }, session: sessions.client2 })).body,
    );
    expect(decidedRequest).toMatchObject({
      status: 'approved',
      loan_id: id,
      staff_note: 'Terms agreed by phone.',
    });

    const loan = await detail(name, 'client2');
    expect(loan).toMatchObject({
      id,
      partner_id: partners.client2,
      state: 'approved',
      principal: 38_000.5,
      interest_rate: 11.5,
      issue_date: day,
      due_date: addMonths(firstDue, 5),
      next_due_date: firstDue,
      payment_status: 'current',
      request_id: request,
    });
    expect(loan.schedule.map((line) => line.due_date)).toEqual(
      [0, 1, 2, 3, 4, 5].map((months) => addMonths(firstDue, months)),
    );
    // principal + 6 × (38 000.50 × 11.5% / 12) + the fee
    expect(loan.outstanding).toBeCloseTo(38_000.5 + 6 * 364.17 + 380, 2);
    expect(loan.shipments.map((shipment) => shipment.id)).toEqual([order]);
    expect((await transactions(id, 'client2')).map((one) => [one.type, one.amount, one.date])).toEqual([
      ['disbursement', 38_000.5, day],
      ['fee', 380, day],
    ]);

    const again = await bo.call('createLoanFromRequest', {
      params: { id: request },
      body: terms,
      session: sessions.admin,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This request already has a loan', code: 'conflict' });
    // Another application for the same order: refused on `orders`, nothing written.
    const second = await financeRequest('client2', null, 'trade_finance', [order!]);
    const refused = await bo.call('createLoanFromRequest', {
      params: { id: second },
      body: terms,
      session: sessions.agent,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ issues: [{ path: 'orders' }] });
    expect(
      shippingRequest.parse(
        (await bo.call('getShippingRequest', { params: { id: second }, session: sessions.agent })).body,
      ),
    ).toMatchObject({ status: 'pending', loan_id: null });
    // The first due date is after today, within a year.
    for (const first_due_date of [day, addMonths(day, 13)]) {
      const result = await bo.call('createLoanFromRequest', {
        params: { id: second },
        body: { ...terms, first_due_date },
        session: sessions.agent,
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ issues: [{ path: 'first_due_date' }] });
    }
  });

  it('approves a requested loan, disbursing it with its schedule a month on', async () => {
    const { name } = await insertLoan(
      bo.backoffice.database,
      {
        partnerId: partners.client2,
        requestId: null,
        state: 'requested',
        principalCents: 3_800_050,
        currency: 'USD',
        interestRate: 11.5,
        termMonths: 6,
        issueDate: null,
        staffNote: null,
        decidedBy: null,
        decidedAt: null,
      },
      new Date(),
    );
    const { id } = await detail(name);
    const decided = await bo.call('decideLoan', {
      params: { number: name },
      body: { state: 'approved', note: 'Supplier invoice checked.' },
      session: sessions.admin,
    });
    expect(decided.status).toBe(200);
    const approved = loanDetail.parse(decided.body);
    const day = today();
    expect(approved).toMatchObject({
      state: 'approved',
      issue_date: day,
      due_date: addMonths(day, 6),
      staff_note: 'Supplier invoice checked.',
      payment_status: 'current',
      paid_amount: 0,
      next_due_date: addMonths(day, 1),
      overdue_amount: 0,
    });
    expect(approved.schedule.map((line) => line.status)).toEqual(['due', ...Array(5).fill('upcoming')]);
    // principal + 6 × (38 000.50 × 11.5% / 12)
    expect(approved.outstanding).toBeCloseTo(38_000.5 + 6 * 364.17, 2);
    const list = await transactions(id, 'client2');
    expect(list).toEqual([
      expect.objectContaining({
        type: 'disbursement',
        amount: 38_000.5,
        date: day,
        balance: approved.outstanding,
      }),
    ]);

    const twice = await bo.call('decideLoan', {
      params: { number: name },
      body: { state: 'denied' },
      session: sessions.admin,
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'This loan has already been decided', code: 'conflict' });
  });

  it('denies a requested loan with the note, disbursing nothing', async () => {
    const name = (await userLoans('client')).loans.find((loan) => loan.state === 'requested')!.name;
    const decided = await bo.call('decideLoan', {
      params: { number: name },
      body: { state: 'denied', note: 'Collateral too low.' },
      session: sessions.agent,
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      state: 'denied',
      staff_note: 'Collateral too low.',
      issue_date: null,
      payment_status: 'not_disbursed',
      schedule: [],
    });
    expect(await transactions((decided.body as Loan).id)).toEqual([]);
  });

  it('refuses a client (403), an unknown loan or request (404), and requests that are not for a loan (409)', async () => {
    const name = (await userLoans('client')).loans.find((loan) => loan.state === 'requested')!.name;
    const client = await bo.call('decideLoan', {
      params: { number: name },
      body: { state: 'approved' },
      session: sessions.client,
    });
    expect(client.status).toBe(403);
    expect(client.body).toEqual(forbidden);
    const unknown = await bo.call('decideLoan', {
      params: { number: 'LN-1999-0001' },
      body: { state: 'approved' },
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);

    const request = await financeRequest('client');
    const byClient = await bo.call('createLoanFromRequest', {
      params: { id: request },
      body: terms,
      session: sessions.client,
    });
    expect(byClient.status).toBe(403);
    const noRequest = await bo.call('createLoanFromRequest', {
      params: { id: 99999 },
      body: terms,
      session: sessions.agent,
    });
    expect(noRequest.status).toBe(404);
    const cases: [number, string][] = [
      [await financeRequest('client', 'rejected'), 'This request was rejected'],
      [await financeRequest('client', 'approved', 'shipping'), 'This request is not a trade-finance request'],
    ];
    for (const [id, error] of cases) {
      const result = await bo.call('createLoanFromRequest', {
        params: { id },
        body: terms,
        session: sessions.agent,
      });
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ error, code: 'conflict' });
    }
    const invalid = await bo.call('createLoanFromRequest', {
      params: { id: request },
      body: { principal: -1, interest_rate: 101, term_months: 0 },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
  });

  it('turns a loan overdue once a line passes unpaid, as the clock moves', async () => {
    const own = await startTestBackoffice();
    try {
      const admin = await own.login('admin@example.com');
      const { name } = await own.backoffice.database
        .selectFrom('loans')
        .select('name')
        .where('state', '=', 'requested')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const approved = loanDetail.parse(
        (
          await own.call('decideLoan', {
            params: { number: name },
            body: { state: 'approved' },
            session: admin,
          })
        ).body,
      );
      own.clock.offsetMs = 40 * 24 * 3600_000;
      // Sessions last a week: sign in again on the later clock.
      const later = await own.login('admin@example.com');
      const loan = loanDetail.parse(
        (await own.call('getLoan', { params: { number: name }, session: later })).body,
      );
      expect(loan.payment_status).toBe('overdue');
      expect(loan.schedule[0]!.status).toBe('overdue');
      expect(loan.schedule[1]!.status).toBe('due');
      expect(loan.overdue_amount).toBe(loan.schedule[0]!.amount);
      // The overdue line is not "next": the next is the line due after it.
      expect(loan.next_due_date).toBe(approved.schedule[1]!.due_date);
    } finally {
      await own.dispose();
    }
  });
});

describe('POST /loans/:number/transactions', () => {
  /** One of the client's active loans with something still owed. */
  async function activeLoan() {
    const loans = (await userLoans('client')).loans.filter(
      (loan) => loan.state === 'approved' && loan.outstanding > 1000,
    );
    expect(loans.length).toBeGreaterThan(0);
    return loans[0]!;
  }
  const record = (number: string, body: Record<string, unknown>, who: Who = 'agent') =>
    bo.call('recordLoanTransaction', { params: { number }, body, session: sessions[who] });

  it('records a repayment and a fee; every figure of the loan follows, for staff and the customer', async () => {
    const loan = await activeLoan();
    const before = await detail(loan.name, 'client');
    const paid = await record(loan.name, {
      type: 'repayment',
      amount: 1000,
      date: today(),
      reference: 'WIRE-2026-118',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const afterPayment = loanDetail.parse(paid.body);
    expect(afterPayment.paid_amount).toBeCloseTo(before.paid_amount + 1000, 2);
    expect(afterPayment.outstanding).toBeCloseTo(before.outstanding - 1000, 2);
    const fee = await record(loan.name, {
      type: 'fee',
      amount: 35.5,
      date: today(),
      note: 'Late payment fee',
    });
    expect(fee.status).toBe(200);
    const seen = await detail(loan.name, 'client');
    expect(seen.outstanding).toBeCloseTo(before.outstanding - 1000 + 35.5, 2);
    const lines = await transactions(loan.id, 'client');
    expect(lines.slice(-2).map((line) => [line.type, line.amount, line.reference, line.note])).toEqual([
      ['repayment', 1000, 'WIRE-2026-118', null],
      ['fee', 35.5, null, 'Late payment fee'],
    ]);
  });

  it('records one payment for a form sent twice with the same Idempotency-Key', async () => {
    const loan = await activeLoan();
    const before = (await transactions(loan.id)).length;
    const key = randomUUID();
    const send = () =>
      bo.call('recordLoanTransaction', {
        params: { number: loan.name },
        body: { type: 'repayment', amount: 20, date: today(), reference: key.slice(0, 8) },
        session: sessions.agent,
        headers: { 'Idempotency-Key': key },
      });
    const first = await send();
    const second = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await transactions(loan.id)).length).toBe(before + 1);
  });

  it('refuses a client (403), an unknown loan (404), a loan that takes no payments (409) and a bad date (400)', async () => {
    const loan = await activeLoan();
    const body = { type: 'repayment', amount: 10, date: '2026-01-02' };
    expect((await record(loan.name, body, 'client')).status).toBe(403);
    expect((await record('LN-0000-0000', body)).status).toBe(404);
    const denied = (await clientLoans()).loans.find((one) => one.state === 'denied');
    expect((await record(denied!.name, body)).status).toBe(409);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const date of [tomorrow, '1999-01-01']) {
      const refused = await record(loan.name, { ...body, date });
      expect(refused.status, date).toBe(400);
      expect(refused.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'date' }] });
    }
    for (const amount of [0, -5, 1.234])
      expect((await record(loan.name, { ...body, amount })).status).toBe(400);
    expect((await record(loan.name, { ...body, type: 'disbursement' })).status).toBe(400);
  });
});

describe('GET /loans/summary', () => {
  it('sums a client’s active loans, without the staff exposure', async () => {
    const summary = financeSummary.parse(
      (await bo.call('financeSummary', { session: sessions.client })).body,
    );
    const active = (await userLoans('client')).loans.filter((loan) => loan.state === 'approved');
    // The dashboard's figure is the loans list's Outstanding column, summed.
    const owed = active.reduce((sum, loan) => sum + loan.outstanding, 0);
    expect(summary.outstanding).toBeCloseTo(owed, 2);
    expect(summary.overdue_amount).toBeCloseTo(
      active.reduce((sum, loan) => sum + loan.overdue_amount, 0),
      2,
    );
    expect(summary.overdue_amount).toBeGreaterThan(0);
    const dates = active.map((loan) => loan.next_due_date).filter((date): date is string => date !== null);
    expect(summary.next_due_date).toBe(dates.sort()[0]);
    expect(summary.next_due_amount).toBeGreaterThan(0);
    expect(summary.currency).toBe('USD');
    expect(summary.exposure).toEqual([]);
  });

  it('gives staff every customer and the outstanding per customer, largest first', async () => {
    const summary = financeSummary.parse((await bo.call('financeSummary', { session: sessions.agent })).body);
    const mine = financeSummary.parse((await bo.call('financeSummary', { session: sessions.client })).body);
    expect(summary.outstanding).toBeGreaterThan(mine.outstanding);
    expect(summary.exposure.map((customer) => customer.partner_name)).toEqual([
      'Nile Star Trading',
      'Jade Harbor Imports',
    ]);
    const nile = (await userLoans('client')).loans.filter((loan) => loan.state === 'approved');
    expect(summary.exposure[0]!.outstanding).toBeCloseTo(
      nile.reduce((sum, loan) => sum + loan.outstanding, 0),
      2,
    );
  });

  it('is empty for a customer without loans', async () => {
    await bo.call('signup', {
      body: { email: 'noloans@example.com', password: 'no-loans-here', firstName: 'No' },
    });
    const session = await bo.login('noloans@example.com', 'no-loans-here');
    expect((await bo.call('financeSummary', { session })).body).toEqual({
      currency: 'USD',
      outstanding: 0,
      next_due_date: null,
      next_due_amount: 0,
      overdue_amount: 0,
      exposure: [],
    });
  });
});

describe('the exposure', () => {
  it('names the ten customers owing most, largest first', async () => {
    const own = await startTestBackoffice();
    try {
      const now = new Date();
      await own.backoffice.database.transaction().execute(async (db) => {
        for (let index = 1; index <= 12; index++) {
          const partnerId = await insertPartner(db, { name: `Customer ${index}` }, now);
          const loan = await insertLoan(
            db,
            {
              partnerId,
              requestId: null,
              state: 'approved',
              principalCents: index * 50_000_000,
              currency: 'USD',
              interestRate: 0,
              termMonths: 12,
              issueDate: dayOf(now),
              staffNote: null,
              decidedBy: null,
              decidedAt: null,
            },
            now,
          );
          await addLoanTransaction(
            db,
            loan.id,
            disbursement(
              {
                ...loan,
                principal_cents: index * 50_000_000,
                interest_rate: 0,
                term_months: 12,
                currency: 'USD',
              },
              dayOf(now),
            ),
            now,
          );
        }
      });
      const session = await own.login('agent@example.com');
      const { exposure } = financeSummary.parse((await own.call('financeSummary', { session })).body);
      expect(exposure).toHaveLength(10);
      const amounts = exposure.map((customer) => customer.outstanding);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(exposure.slice(0, 2).map((customer) => customer.partner_name)).toEqual([
        'Customer 12',
        'Customer 11',
      ]);
      expect(exposure.find((customer) => customer.partner_name === 'Customer 1')).toBeUndefined();
    } finally {
      await own.dispose();
    }
  });
});

describe('numbers', () => {
  it('count per prefix and year, from 0001', async () => {
    const at = new Date('2031-03-01T00:00:00Z');
    const numbers = await bo.backoffice.database
      .transaction()
      .execute(async (db) => [
        await allocateNumber(db, 'LN', at),
        await allocateNumber(db, 'LN', at),
        await allocateNumber(db, 'SO', at),
      ]);
    expect(numbers).toEqual(['LN-2031-0001', 'LN-2031-0002', 'SO-2031-0001']);
  });
});
