/**
 * Trade-finance loans: their repayment schedule and the figures worked out from it (paid, outstanding,
 * overdue), transactions with a running balance, documents, decisions and the finance dashboard.
 * Amounts are integer cents here and currency units in answers.
 */
import {
  LOAN_TABS,
  type CallAnswer,
  type Loan,
  type LoanDetail,
  type LoanState,
  type LoanTab,
  type LoanTransaction,
} from '@contract';
import type { CheckedAttachment } from './attachments';
import type { Db } from './db';
import { searchCondition } from './lists';
import { addMonths, dayOf, fromCents, nextNumber } from './numbers';
import type { StoredAttachment } from './requests';

type TransactionType = LoanTransaction['type'];
type PaymentStatus = Loan['payment_status'];
type LineStatus = LoanDetail['schedule'][number]['status'];
export type FinanceSummary = CallAnswer<'financeSummary'>;

export interface LoanRow {
  id: number;
  name: string;
  partner_id: number;
  partner_name: string;
  state: LoanState;
  principal_cents: number;
  currency: string;
  interest_rate: number;
  term_months: number;
  issue_date: string | null;
  due_date: string | null;
  request_id: number | null;
  staff_note: string | null;
  created_at: string;
}

/** A loan's transactions, summed by type (cents). */
export interface TransactionTotals {
  disbursed: number;
  fees: number;
  repaid: number;
}

const NO_TRANSACTIONS: TransactionTotals = { disbursed: 0, fees: 0, repaid: 0 };

const LOAN_SELECT = `
  SELECT l.id, l.name, l.partner_id, p.name AS partner_name, l.state, l.principal_cents, l.currency,
    l.interest_rate, l.term_months, l.issue_date, l.due_date, l.request_id, l.staff_note, l.created_at
  FROM loans l
  JOIN partners p ON p.id = l.partner_id`;

// ---- The schedule and the figures (pure: the tests check them directly) ----

export interface ScheduleLine {
  dueDate: string;
  principal: number;
  interest: number;
  amount: number;
  /** What repayments have not covered yet. */
  unpaid: number;
  status: LineStatus;
}

/** Interest of one monthly line: simple interest on the whole principal, at the yearly rate / 12. */
function monthlyInterest(loan: Pick<LoanRow, 'principal_cents' | 'interest_rate'>): number {
  return Math.round((loan.principal_cents * loan.interest_rate) / 100 / 12);
}

/** The interest the whole schedule charges. */
export function scheduleInterest(loan: Pick<LoanRow, 'principal_cents' | 'interest_rate' | 'term_months'>) {
  return monthlyInterest(loan) * loan.term_months;
}

/**
 * Equal monthly lines from the issue date (the last one takes the cents the division leaves), each
 * with the same interest. Repayments cover the lines in order: a covered line is paid, an uncovered
 * one due before today overdue, the first uncovered one not yet due is due, the rest upcoming. A loan
 * not disbursed (requested, denied) has no schedule; a repaid one is paid throughout.
 */
export function loanSchedule(
  loan: Pick<LoanRow, 'state' | 'principal_cents' | 'interest_rate' | 'term_months' | 'issue_date'>,
  repaidCents: number,
  today: string,
): ScheduleLine[] {
  const issueDate = loan.issue_date;
  if (issueDate === null || (loan.state !== 'approved' && loan.state !== 'repaid')) return [];
  const basePrincipal = Math.floor(loan.principal_cents / loan.term_months);
  const interest = monthlyInterest(loan);
  let left = loan.state === 'repaid' ? Number.POSITIVE_INFINITY : repaidCents;
  let dueGiven = false;
  return Array.from({ length: loan.term_months }, (_, index): ScheduleLine => {
    const last = index === loan.term_months - 1;
    const principal = last ? loan.principal_cents - basePrincipal * (loan.term_months - 1) : basePrincipal;
    const amount = principal + interest;
    const covered = Math.min(left, amount);
    left -= covered;
    const unpaid = amount - covered;
    const dueDate = addMonths(issueDate, index + 1);
    let status: LineStatus = 'upcoming';
    if (unpaid === 0) status = 'paid';
    else if (dueDate < today) status = 'overdue';
    else if (!dueGiven) {
      status = 'due';
      dueGiven = true;
    }
    return { dueDate, principal, interest, amount, unpaid, status };
  });
}

export interface LoanFigures {
  schedule: ScheduleLine[];
  paid: number;
  outstanding: number;
  paymentStatus: PaymentStatus;
  nextDueDate: string | null;
  nextDueAmount: number;
  overdue: number;
}

/**
 * What a loan's state, schedule and transactions say (cents): paid is the repayments; outstanding the
 * disbursed principal, the schedule's interest and the fees less the repayments (nothing before
 * disbursement or once repaid); the next due line is the first one not covered.
 */
export function loanFigures(loan: LoanRow, totals: TransactionTotals, today: string): LoanFigures {
  const schedule = loanSchedule(loan, totals.repaid, today);
  // Only an active loan owes anything: a repaid one is settled, the others were never paid out.
  const outstanding =
    loan.state === 'approved'
      ? Math.max(0, totals.disbursed + scheduleInterest(loan) + totals.fees - totals.repaid)
      : 0;
  const nextDue = schedule.find((line) => line.unpaid > 0);
  const overdue = schedule
    .filter((line) => line.status === 'overdue')
    .reduce((sum, line) => sum + line.unpaid, 0);
  let paymentStatus: PaymentStatus = 'current';
  if (loan.state === 'requested' || loan.state === 'denied') paymentStatus = 'not_disbursed';
  else if (loan.state === 'repaid' || outstanding === 0) paymentStatus = 'paid';
  else if (overdue > 0) paymentStatus = 'overdue';
  return {
    schedule,
    paid: totals.repaid,
    outstanding,
    paymentStatus,
    nextDueDate: nextDue?.dueDate ?? null,
    nextDueAmount: nextDue?.unpaid ?? 0,
    overdue,
  };
}

function toLoan(row: LoanRow, figures: LoanFigures): Loan {
  return {
    id: row.id,
    name: row.name,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    state: row.state,
    principal: fromCents(row.principal_cents),
    currency: row.currency,
    interest_rate: row.interest_rate,
    issue_date: row.issue_date,
    due_date: row.due_date,
    paid_amount: fromCents(figures.paid),
    outstanding: fromCents(figures.outstanding),
    payment_status: figures.paymentStatus,
    next_due_date: figures.nextDueDate,
    overdue_amount: fromCents(figures.overdue),
    request_id: row.request_id,
    staff_note: row.staff_note,
    created_at: row.created_at,
  };
}

/** The transactions of these loans summed by type, by loan: one query for all of them. */
function transactionTotals(db: Db, loanIds: readonly number[]): Map<number, TransactionTotals> {
  const byLoan = new Map<number, TransactionTotals>();
  if (loanIds.length === 0) return byLoan;
  const sumOf = (type: TransactionType) =>
    `coalesce(sum(CASE WHEN type = '${type}' THEN amount_cents END), 0)`;
  const rows = db
    .prepare(
      `SELECT loan_id, ${sumOf('disbursement')} AS disbursed, ${sumOf('fee')} AS fees,
         ${sumOf('repayment')} AS repaid
       FROM loan_transactions WHERE loan_id IN (SELECT value FROM json_each(?)) GROUP BY loan_id`,
    )
    .all(JSON.stringify(loanIds)) as (TransactionTotals & { loan_id: number })[];
  for (const { loan_id, ...totals } of rows) byLoan.set(loan_id, totals);
  return byLoan;
}

function figuresOf(db: Db, rows: readonly LoanRow[], today: string): Map<number, LoanFigures> {
  const totals = transactionTotals(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, loanFigures(row, totals.get(row.id) ?? NO_TRANSACTIONS, today)]));
}

// ---- Lists ----

export interface LoanListFilter {
  /** The customer whose loans these are, or null for every customer's (staff). */
  scope: number | null;
  /** Staff's `partner_id` filter. */
  partnerId?: number;
  tab: LoanTab;
  search?: string;
  limit: number;
  offset: number;
}

/** Each tab as a condition on `l`: Previous Loans are the repaid ones. */
const TAB_CONDITIONS: Record<LoanTab, string> = {
  show_all: '1',
  previous: `l.state = 'repaid'`,
  denied: `l.state = 'denied'`,
};

/**
 * One page of loans, newest first, how many match (`total`) and how many each tab would show
 * (`counts`, for the same search and customer; one grouped query). The search matches the loan
 * number and the customer's name.
 */
export function listLoans(
  db: Db,
  filter: LoanListFilter,
  today: string,
): { loans: Loan[]; total: number; counts: Record<LoanTab, number> } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const partnerId of [filter.scope, filter.partnerId]) {
    if (partnerId === null || partnerId === undefined) continue;
    conditions.push('l.partner_id = ?');
    values.push(partnerId);
  }
  if (filter.search) {
    const search = searchCondition(['l.name', 'p.name'], filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = (list: readonly string[]) => (list.length > 0 ? `WHERE ${list.join(' AND ')}` : '');
  const countColumns = LOAN_TABS.map((tab) => `coalesce(sum(${TAB_CONDITIONS[tab]}), 0) AS ${tab}`);
  const counts = db
    .prepare(
      `SELECT ${countColumns.join(', ')} FROM loans l JOIN partners p ON p.id = l.partner_id ${where(conditions)}`,
    )
    .get(...values) as Record<LoanTab, number>;
  const rows = db
    .prepare(
      `${LOAN_SELECT} ${where([...conditions, TAB_CONDITIONS[filter.tab]])}
       ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...values, filter.limit, filter.offset) as LoanRow[];
  const figures = figuresOf(db, rows, today);
  return {
    loans: rows.map((row) => toLoan(row, figures.get(row.id) ?? loanFigures(row, NO_TRANSACTIONS, today))),
    total: counts[filter.tab],
    counts,
  };
}

export function findLoanByNumber(db: Db, name: string): LoanRow | null {
  return (db.prepare(`${LOAN_SELECT} WHERE l.name = ?`).get(name) as LoanRow | undefined) ?? null;
}

export function findLoanById(db: Db, id: number): LoanRow | null {
  return (db.prepare(`${LOAN_SELECT} WHERE l.id = ?`).get(id) as LoanRow | undefined) ?? null;
}

type ShipmentRow = Omit<LoanDetail['shipments'][number], 'total_invoice'> & { total_invoice_cents: number };

/** The loan with its schedule, its documents (without content) and the orders it finances. */
export function loanDetail(db: Db, row: LoanRow, today: string): LoanDetail {
  const figures = loanFigures(row, transactionTotals(db, [row.id]).get(row.id) ?? NO_TRANSACTIONS, today);
  const documents = db
    .prepare('SELECT id, filename, mimetype, size FROM loan_documents WHERE loan_id = ? ORDER BY id')
    .all(row.id) as LoanDetail['documents'];
  const shipments = (
    db
      .prepare(
        `SELECT id, name, status, category, total_invoice_cents FROM shipping_orders
         WHERE loan_id = ? ORDER BY created_at, id`,
      )
      .all(row.id) as ShipmentRow[]
  ).map(({ total_invoice_cents, ...shipment }) => ({
    ...shipment,
    total_invoice: fromCents(total_invoice_cents),
  }));
  return {
    ...toLoan(row, figures),
    schedule: figures.schedule.map((line) => ({
      due_date: line.dueDate,
      principal: fromCents(line.principal),
      interest: fromCents(line.interest),
      amount: fromCents(line.amount),
      status: line.status,
    })),
    documents,
    shipments,
  };
}

/**
 * The loan's transactions in date order, each with the balance owed after it: a disbursement adds
 * its amount and the interest the schedule charges on it, a fee adds, a repayment subtracts. The last
 * balance is then the loan's `outstanding` while it is active.
 */
export function loanTransactions(db: Db, loan: LoanRow): LoanTransaction[] {
  const rows = db
    .prepare(
      `SELECT id, loan_id, type, amount_cents, date, reference, note FROM loan_transactions
       WHERE loan_id = ? ORDER BY date, id`,
    )
    .all(loan.id) as (Omit<LoanTransaction, 'amount' | 'balance'> & { amount_cents: number })[];
  const interest = scheduleInterest(loan);
  let balance = 0;
  return rows.map(({ amount_cents, ...row }) => {
    if (row.type === 'repayment') balance -= amount_cents;
    else if (row.type === 'fee') balance += amount_cents;
    else balance += amount_cents + Math.round((interest * amount_cents) / loan.principal_cents);
    return { ...row, amount: fromCents(amount_cents), balance: fromCents(balance) };
  });
}

/** One document of one loan, with the loan's partner (for the caller's scope check). */
export function findLoanDocument(db: Db, loanId: number, documentId: number): StoredAttachment | null {
  const row = db
    .prepare(
      `SELECT l.partner_id, d.filename, d.mimetype, d.data
       FROM loan_documents d JOIN loans l ON l.id = d.loan_id
       WHERE d.id = ? AND d.loan_id = ?`,
    )
    .get(documentId, loanId) as
    { partner_id: number; filename: string; mimetype: string; data: Buffer } | undefined;
  return row
    ? { partnerId: row.partner_id, filename: row.filename, mimetype: row.mimetype, data: row.data }
    : null;
}

// ---- Writing ----

export interface NewLoan {
  partnerId: number;
  requestId: number | null;
  state: LoanState;
  principalCents: number;
  currency: string;
  interestRate: number;
  termMonths: number;
  issueDate: string | null;
  staffNote: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
}

/**
 * Inserts a loan with the next number of the year (LN-YYYY-NNNN); its due date is the issue date
 * plus the term. Call it in a transaction, so that the number is not taken in between.
 */
export function insertLoan(db: Db, loan: NewLoan, now: Date): { id: number; name: string } {
  const name = nextNumber(db, 'LN', now);
  const result = db
    .prepare(
      `INSERT INTO loans (name, partner_id, request_id, state, principal_cents, currency, interest_rate,
         term_months, issue_date, due_date, staff_note, decided_by_user_id, decided_at, created_at, updated_at)
       VALUES (@name, @partnerId, @requestId, @state, @principalCents, @currency, @interestRate,
         @termMonths, @issueDate, @dueDate, @staffNote, @decidedBy, @decidedAt, @now, @now)`,
    )
    .run({
      ...loan,
      name,
      dueDate: loan.issueDate === null ? null : addMonths(loan.issueDate, loan.termMonths),
      now: now.toISOString(),
    });
  return { id: Number(result.lastInsertRowid), name };
}

export interface NewTransaction {
  type: TransactionType;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  reference: string | null;
  note: string | null;
}

export function addLoanTransaction(db: Db, loanId: number, transaction: NewTransaction, now: Date): void {
  db.prepare(
    `INSERT INTO loan_transactions (loan_id, type, amount_cents, date, reference, note, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    loanId,
    transaction.type,
    transaction.amountCents,
    transaction.date,
    transaction.reference,
    transaction.note,
    now.toISOString(),
  );
}

export function addLoanDocument(db: Db, loanId: number, file: CheckedAttachment, now: Date): void {
  db.prepare(
    `INSERT INTO loan_documents (loan_id, filename, mimetype, size, data, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(loanId, file.filename, file.mimetype, file.data.length, file.data, now.toISOString());
}

/** The disbursement of a loan's whole principal on its issue date. */
export function disbursement(
  loan: Pick<LoanRow, 'name' | 'principal_cents' | 'interest_rate' | 'term_months' | 'currency'>,
  date: string,
): NewTransaction {
  const interest = fromCents(scheduleInterest(loan)).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return {
    type: 'disbursement',
    amountCents: loan.principal_cents,
    date,
    reference: `${loan.name}-D`,
    note: `Principal paid out; the balance adds ${loan.currency} ${interest} interest over ${loan.term_months} months`,
  };
}

export type DecisionOutcome = 'decided' | 'not_found' | 'already_decided';

/**
 * Approves a requested loan, disbursing it today (its schedule starts today), or denies it; the note
 * is kept as the staff note. Checked and written in one transaction.
 */
export function decideLoan(
  db: Db,
  decision: { name: string; state: 'approved' | 'denied'; note: string | null; userId: number },
  now: Date,
): DecisionOutcome {
  return db
    .transaction((): DecisionOutcome => {
      const loan = findLoanByNumber(db, decision.name);
      if (!loan) return 'not_found';
      if (loan.state !== 'requested') return 'already_decided';
      const today = dayOf(now);
      const approved = decision.state === 'approved';
      db.prepare(
        `UPDATE loans SET state = ?, issue_date = ?, due_date = ?, staff_note = ?, decided_by_user_id = ?,
           decided_at = ?, updated_at = ?
         WHERE id = ?`,
      ).run(
        decision.state,
        approved ? today : null,
        approved ? addMonths(today, loan.term_months) : null,
        decision.note,
        decision.userId,
        now.toISOString(),
        now.toISOString(),
        loan.id,
      );
      if (approved) addLoanTransaction(db, loan.id, disbursement(loan, today), now);
      return 'decided';
    })
    .immediate();
}

export interface LoanFromRequest {
  requestId: number;
  principalCents: number;
  currency: string;
  interestRate: number;
  termMonths: number;
}

export type LoanFromRequestOutcome =
  { id: number; name: string } | 'not_found' | 'not_approved' | 'not_trade_finance' | 'has_loan';

/**
 * Makes a loan in state requested of an approved trade-finance request, for its customer, and links
 * the request to it; checked and written in one transaction, so a request never gets two loans.
 */
export function createLoanFromRequest(db: Db, input: LoanFromRequest, now: Date): LoanFromRequestOutcome {
  return db
    .transaction((): LoanFromRequestOutcome => {
      const request = db
        .prepare('SELECT partner_id, status, service, loan_id FROM shipping_requests WHERE id = ?')
        .get(input.requestId) as
        { partner_id: number; status: string; service: string | null; loan_id: number | null } | undefined;
      if (!request) return 'not_found';
      if (request.status !== 'approved') return 'not_approved';
      if (request.service !== 'trade_finance') return 'not_trade_finance';
      if (request.loan_id !== null) return 'has_loan';
      const loan = insertLoan(
        db,
        {
          ...input,
          partnerId: request.partner_id,
          state: 'requested',
          issueDate: null,
          staffNote: null,
          decidedBy: null,
          decidedAt: null,
        },
        now,
      );
      db.prepare('UPDATE shipping_requests SET loan_id = ? WHERE id = ?').run(loan.id, input.requestId);
      return loan;
    })
    .immediate();
}

// ---- The finance dashboard ----

/** How many customers the exposure list names, largest first. */
const EXPOSURE_SIZE = 10;

/**
 * The active (approved) loans' figures in a scope (null: every customer): the principal not yet
 * repaid, the earliest line not covered (its date, and what is unpaid of the lines due that day),
 * what is overdue, and for staff the outstanding per customer.
 */
export function financeSummary(
  db: Db,
  scope: number | null,
  withExposure: boolean,
  today: string,
): FinanceSummary {
  const rows = db
    .prepare(
      `${LOAN_SELECT} WHERE l.state = 'approved' ${scope === null ? '' : 'AND l.partner_id = ?'} ORDER BY l.id`,
    )
    .all(...(scope === null ? [] : [scope])) as LoanRow[];
  const figures = figuresOf(db, rows, today);
  let outstandingPrincipal = 0;
  let overdue = 0;
  let nextDueDate: string | null = null;
  let nextDueAmount = 0;
  const exposure = new Map<number, { partner_id: number; partner_name: string; outstanding: number }>();
  for (const row of rows) {
    const loan = figures.get(row.id);
    if (!loan) continue;
    outstandingPrincipal += Math.min(row.principal_cents, loan.outstanding);
    overdue += loan.overdue;
    for (const line of loan.schedule) {
      if (line.unpaid === 0) continue;
      if (nextDueDate === null || line.dueDate < nextDueDate) {
        nextDueDate = line.dueDate;
        nextDueAmount = 0;
      }
      if (line.dueDate === nextDueDate) nextDueAmount += line.unpaid;
    }
    const customer = exposure.get(row.partner_id) ?? {
      partner_id: row.partner_id,
      partner_name: row.partner_name,
      outstanding: 0,
    };
    customer.outstanding += loan.outstanding;
    exposure.set(row.partner_id, customer);
  }
  return {
    currency: 'USD',
    outstanding_principal: fromCents(outstandingPrincipal),
    next_due_date: nextDueDate,
    next_due_amount: fromCents(nextDueAmount),
    overdue_amount: fromCents(overdue),
    exposure: withExposure
      ? [...exposure.values()]
          .filter((customer) => customer.outstanding > 0)
          .sort((a, b) => b.outstanding - a.outstanding || a.partner_id - b.partner_id)
          .slice(0, EXPOSURE_SIZE)
          .map((customer) => ({ ...customer, outstanding: fromCents(customer.outstanding) }))
      : [],
  };
}
