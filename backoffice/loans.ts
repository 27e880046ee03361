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
  type LoanNoteCode,
  type LoanState,
  type LoanTab,
  type LoanTransaction,
} from '@contract';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { EVERY_CUSTOMER, type PartnerScope } from './access';
import type { CheckedAttachment } from './attachments';
import { notifyCustomer } from './notifications';
import { inTransaction, type Database } from './data/database';
import { noteColumns } from './loanNotes';
import { isUniqueViolation } from './data/dialect';
import type { Tables } from './data/schema';
import { searchWhere } from './lists';
import { addMonths, allocateNumber, dayOf, fromCents } from './numbers';
import { recordRequestEvent, type StoredAttachment } from './requests';

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
  /** The first instalment's date; null: a month after the issue date. */
  first_due_date: string | null;
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

/** Loans with their customer's name, as `LoanRow`s (add the conditions and the order). */
function selectLoans(db: Database) {
  return db
    .selectFrom('loans as l')
    .innerJoin('partners as p', 'p.id', 'l.partner_id')
    .select([
      'l.id',
      'l.name',
      'l.partner_id',
      'p.name as partner_name',
      'l.state',
      'l.principal_cents',
      'l.currency',
      'l.interest_rate',
      'l.term_months',
      'l.issue_date',
      'l.first_due_date',
      'l.due_date',
      'l.request_id',
      'l.staff_note',
      'l.created_at',
    ])
    .$narrowType<{ state: LoanState }>();
}

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

/** The due date of a loan's instalment `index` (0 the first): monthly from the first due date. */
export function instalmentDate(
  loan: { issue_date: string; first_due_date?: string | null },
  index: number,
): string {
  return loan.first_due_date ? addMonths(loan.first_due_date, index) : addMonths(loan.issue_date, index + 1);
}

/**
 * Equal monthly lines from the first due date, a month after the issue date unless staff set it (the
 * last line takes the cents the division leaves), each with the same interest. Repayments cover the lines in order: a covered line is paid, an uncovered
 * one due before today overdue, the first uncovered one not yet due is due, the rest upcoming. A loan
 * not disbursed (requested, denied) has no schedule; a repaid one is paid throughout.
 */
export function loanSchedule(
  loan: Pick<LoanRow, 'state' | 'principal_cents' | 'interest_rate' | 'term_months' | 'issue_date'> &
    Partial<Pick<LoanRow, 'first_due_date'>>,
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
    const dueDate = instalmentDate({ issue_date: issueDate, first_due_date: loan.first_due_date }, index);
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
 * disbursement or once repaid); the next due line is the first one not covered that is due today or
 * later.
 */
export function loanFigures(loan: LoanRow, totals: TransactionTotals, today: string): LoanFigures {
  const schedule = loanSchedule(loan, totals.repaid, today);
  // Only an active loan owes anything: a repaid one is settled, the others were never paid out.
  const outstanding =
    loan.state === 'approved'
      ? Math.max(0, totals.disbursed + scheduleInterest(loan) + totals.fees - totals.repaid)
      : 0;
  // Next is what falls due from today on: a line already past is overdue, never "next".
  const nextDue = schedule.find((line) => line.unpaid > 0 && line.dueDate >= today);
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

/** Loans are summed this many at a time (a query's parameters are limited on both engines). */
const IDS_PER_QUERY = 1000;

/** The transactions of these loans summed by type, by loan: one query per thousand loans. */
/** What each loan's transactions add up to, by type. */
export async function transactionTotals(
  db: Database,
  loanIds: readonly number[],
): Promise<Map<number, TransactionTotals>> {
  const byLoan = new Map<number, TransactionTotals>();
  for (let start = 0; start < loanIds.length; start += IDS_PER_QUERY) {
    const ids = loanIds.slice(start, start + IDS_PER_QUERY);
    const rows = await db
      .selectFrom('loan_transactions')
      .select((eb) => {
        const sumOf = (type: TransactionType) =>
          eb.fn.coalesce(
            eb.fn.sum<number>(eb.case().when('type', '=', type).then(eb.ref('amount_cents')).end()),
            eb.lit(0),
          );
        return [
          'loan_id',
          sumOf('disbursement').as('disbursed'),
          sumOf('fee').as('fees'),
          sumOf('repayment').as('repaid'),
        ];
      })
      .where('loan_id', 'in', ids)
      .groupBy('loan_id')
      .execute();
    for (const { loan_id, ...totals } of rows) byLoan.set(loan_id, totals);
  }
  return byLoan;
}

async function figuresOf(
  db: Database,
  rows: readonly LoanRow[],
  today: string,
): Promise<Map<number, LoanFigures>> {
  const totals = await transactionTotals(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, loanFigures(row, totals.get(row.id) ?? NO_TRANSACTIONS, today)]));
}

// ---- Lists ----

export interface LoanListFilter {
  /** The caller's scope (access.ts `partnerScope`): null for every customer. */
  scope: PartnerScope;
  /** Staff's `partner_id` filter. */
  partnerId?: number;
  tab: LoanTab;
  search?: string;
  limit: number;
  offset: number;
}

type LoanQuery = ExpressionBuilder<Tables & { l: Tables['loans']; p: Tables['partners'] }, 'l' | 'p'>;

/** Each tab as a condition on `l`: Previous Loans are the repaid ones. */
const TAB_CONDITIONS: Record<LoanTab, (eb: LoanQuery) => Expression<SqlBool>> = {
  show_all: (eb) => eb.and([]),
  previous: (eb) => eb('l.state', '=', 'repaid'),
  denied: (eb) => eb('l.state', '=', 'denied'),
};

/**
 * One page of loans, newest first, how many match (`total`) and how many each tab would show
 * (`counts`, for the same search and customer; one grouped query). The search matches the loan
 * number and the customer's name.
 */
export async function listLoans(
  db: Database,
  filter: LoanListFilter,
  today: string,
): Promise<{ loans: Loan[]; total: number; counts: Record<LoanTab, number> }> {
  const matching = (eb: LoanQuery) => {
    const conditions: Expression<SqlBool>[] = [];
    for (const partnerId of [filter.scope, filter.partnerId]) {
      if (partnerId === null || partnerId === undefined) continue;
      conditions.push(eb('l.partner_id', '=', partnerId));
    }
    if (filter.search) conditions.push(searchWhere(['l.name', 'p.name'], filter.search));
    return eb.and(conditions);
  };
  const counted = await db
    .selectFrom('loans as l')
    .innerJoin('partners as p', 'p.id', 'l.partner_id')
    .where(matching)
    .select((eb) =>
      LOAN_TABS.map((tab) =>
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when(TAB_CONDITIONS[tab](eb)).then(eb.lit(1)).else(eb.lit(0)).end()),
            eb.lit(0),
          )
          .as(tab),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = Object.fromEntries(LOAN_TABS.map((tab) => [tab, Number(counted[tab])])) as Record<
    LoanTab,
    number
  >;
  const rows = await selectLoans(db)
    .where((eb) => eb.and([matching(eb), TAB_CONDITIONS[filter.tab](eb)]))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const figures = await figuresOf(db, rows, today);
  return {
    loans: rows.map((row) => toLoan(row, figures.get(row.id) ?? loanFigures(row, NO_TRANSACTIONS, today))),
    total: counts[filter.tab],
    counts,
  };
}

/** The loan with this number (as written), or null when there is none in the scope. */
export async function findLoanByNumber(
  db: Database,
  scope: PartnerScope,
  name: string,
): Promise<LoanRow | null> {
  let query = selectLoans(db).where('l.name', '=', name);
  if (scope !== null) query = query.where('l.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}

/** The loan with this id, or null when there is none in the scope. */
export async function findLoanById(db: Database, scope: PartnerScope, id: number): Promise<LoanRow | null> {
  let query = selectLoans(db).where('l.id', '=', id);
  if (scope !== null) query = query.where('l.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}

/** The loan with its schedule, its documents (without content) and the orders it finances. */
export async function loanDetail(db: Database, row: LoanRow, today: string): Promise<LoanDetail> {
  const totals = (await transactionTotals(db, [row.id])).get(row.id) ?? NO_TRANSACTIONS;
  const figures = loanFigures(row, totals, today);
  const documents = await db
    .selectFrom('loan_documents')
    .select(['id', 'filename', 'mimetype', 'size'])
    .where('loan_id', '=', row.id)
    .orderBy('id')
    .execute();
  const shipments = (
    await db
      .selectFrom('shipping_orders')
      .select(['id', 'name', 'status', 'category', 'total_invoice_cents'])
      .where('loan_id', '=', row.id)
      .orderBy('created_at')
      .orderBy('id')
      .$narrowType<Omit<LoanDetail['shipments'][number], 'total_invoice'>>()
      .execute()
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
export async function loanTransactions(db: Database, loan: LoanRow): Promise<LoanTransaction[]> {
  const rows = await db
    .selectFrom('loan_transactions')
    .select([
      'id',
      'loan_id',
      'type',
      'amount_cents',
      'date',
      'reference',
      'note',
      'note_code',
      'note_params',
    ])
    .where('loan_id', '=', loan.id)
    .orderBy('date')
    .orderBy('id')
    .$narrowType<{ type: TransactionType; note_code: LoanNoteCode | null }>()
    .execute();
  const interest = scheduleInterest(loan);
  let balance = 0;
  return rows.map(({ amount_cents, note_params, ...row }) => {
    if (row.type === 'repayment') balance -= amount_cents;
    else if (row.type === 'fee') balance += amount_cents;
    else balance += amount_cents + Math.round((interest * amount_cents) / loan.principal_cents);
    return {
      ...row,
      note_params: note_params === null ? null : (JSON.parse(note_params) as Record<string, string | number>),
      amount: fromCents(amount_cents),
      balance: fromCents(balance),
    };
  });
}

/** One document of one loan, or null when there is no such document of a loan in the scope. */
export async function findLoanDocument(
  db: Database,
  scope: PartnerScope,
  loanId: number,
  documentId: number,
): Promise<StoredAttachment | null> {
  let query = db
    .selectFrom('loan_documents as d')
    .innerJoin('loans as l', 'l.id', 'd.loan_id')
    .select(['d.filename', 'd.mimetype', 'd.data'])
    .where('d.id', '=', documentId)
    .where('d.loan_id', '=', loanId);
  if (scope !== null) query = query.where('l.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
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
  /** The first instalment's date; null or absent: a month after the issue date. */
  firstDueDate?: string | null;
  staffNote: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
}

/**
 * Inserts a loan with the next number of the year (LN-YYYY-NNNN); its due date is the issue date
 * plus the term. The number and the loan are written in one transaction (the caller's, when `db` is
 * one), so that a loan that fails gives its number back.
 */
export async function insertLoan(
  db: Database,
  loan: NewLoan,
  now: Date,
): Promise<{ id: number; name: string }> {
  return inTransaction(db, async (trx) => {
    const name = await allocateNumber(trx, 'LN', now);
    const { id } = await trx
      .insertInto('loans')
      .values({
        name,
        partner_id: loan.partnerId,
        request_id: loan.requestId,
        state: loan.state,
        principal_cents: loan.principalCents,
        currency: loan.currency,
        interest_rate: loan.interestRate,
        term_months: loan.termMonths,
        issue_date: loan.issueDate,
        first_due_date: loan.firstDueDate ?? null,
        // The last instalment's date.
        due_date:
          loan.issueDate === null
            ? null
            : instalmentDate(
                { issue_date: loan.issueDate, first_due_date: loan.firstDueDate },
                loan.termMonths - 1,
              ),
        staff_note: loan.staffNote,
        decided_by_user_id: loan.decidedBy,
        decided_at: loan.decidedAt,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name };
  });
}

export interface NewTransaction {
  type: TransactionType;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  reference: string | null;
  note: string | null;
  /** Set when the back office wrote the note (noteColumns in loanNotes.ts). */
  noteCode?: LoanNoteCode;
  noteParams?: Record<string, string | number>;
}

export async function addLoanTransaction(
  db: Database,
  loanId: number,
  transaction: NewTransaction,
  now: Date,
): Promise<void> {
  await db
    .insertInto('loan_transactions')
    .values({
      loan_id: loanId,
      type: transaction.type,
      amount_cents: transaction.amountCents,
      date: transaction.date,
      reference: transaction.reference,
      note: transaction.note,
      note_code: transaction.noteCode ?? null,
      note_params: transaction.noteParams ? JSON.stringify(transaction.noteParams) : null,
      created_at: now.toISOString(),
    })
    .execute();
}

export type RecordOutcome = 'recorded' | 'not_active' | 'before_disbursement';

/**
 * Staff: a repayment received or a fee charged on an active (approved) loan. The schedule, balance,
 * paid amount, outstanding and payment status all follow from the transactions, so nothing else
 * changes. Refused for a loan not paid out or already settled, and for a day before the pay-out.
 */
export async function recordLoanTransaction(
  db: Database,
  loan: LoanRow,
  transaction: NewTransaction & { type: 'repayment' | 'fee' },
  now: Date,
): Promise<RecordOutcome> {
  if (loan.state !== 'approved' || !loan.issue_date) return 'not_active';
  if (transaction.date < loan.issue_date) return 'before_disbursement';
  await addLoanTransaction(db, loan.id, transaction, now);
  return 'recorded';
}

export async function addLoanDocument(
  db: Database,
  loanId: number,
  file: CheckedAttachment,
  now: Date,
): Promise<void> {
  await db
    .insertInto('loan_documents')
    .values({
      loan_id: loanId,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.data.length,
      data: file.data,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The disbursement of a loan's whole principal on its issue date. */
export function disbursement(
  loan: Pick<LoanRow, 'name' | 'principal_cents' | 'interest_rate' | 'term_months' | 'currency'>,
  date: string,
): NewTransaction {
  return {
    type: 'disbursement',
    amountCents: loan.principal_cents,
    date,
    reference: `${loan.name}-D`,
    ...noteColumns({
      code: 'disbursement',
      params: {
        currency: loan.currency,
        interest: fromCents(scheduleInterest(loan)),
        months: loan.term_months,
      },
    }),
  };
}

export type DecisionOutcome = 'decided' | 'not_found' | 'already_decided';

/**
 * Approves a requested loan, disbursing it today (its schedule starts today), or denies it; the note
 * is kept as the staff note. Checked and written in one transaction; the update only takes a loan
 * still requested, so of two decisions at once one decides and the other finds it decided.
 */
export async function decideLoan(
  db: Database,
  decision: { name: string; state: 'approved' | 'denied'; note: string | null; userId: number },
  now: Date,
): Promise<DecisionOutcome> {
  return inTransaction(db, async (trx): Promise<DecisionOutcome> => {
    // Deciding is staff work, checked by the handler (canManageLoans): any customer's loan.
    const loan = await findLoanByNumber(trx, EVERY_CUSTOMER, decision.name);
    if (!loan) return 'not_found';
    if (loan.state !== 'requested') return 'already_decided';
    const today = dayOf(now);
    const approved = decision.state === 'approved';
    const updated = await trx
      .updateTable('loans')
      .set({
        state: decision.state,
        issue_date: approved ? today : null,
        due_date: approved ? addMonths(today, loan.term_months) : null,
        staff_note: decision.note,
        decided_by_user_id: decision.userId,
        decided_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', loan.id)
      .where('state', '=', 'requested')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'already_decided';
    if (approved) await addLoanTransaction(trx, loan.id, disbursement(loan, today), now);
    await notifyCustomer(
      trx,
      loan.partner_id,
      {
        kind: approved ? 'loan_approved' : 'loan_denied',
        recordType: 'loan',
        recordId: loan.id,
        params: { loan: loan.name },
      },
      now,
    );
    return 'decided';
  });
}

export interface LoanFromRequest {
  requestId: number;
  principalCents: number;
  currency: string;
  interestRate: number;
  /** The number of monthly instalments. */
  termMonths: number;
  /** Charged on the day of the pay-out; 0 for none. */
  arrangementFeeCents: number;
  /** The first instalment's date (after today); null: a month from today. */
  firstDueDate: string | null;
  /** Kept as the request's decision note when the approval decides it. */
  note: string | null;
  userId: number;
}

export type LoanFromRequestOutcome =
  | { id: number; name: string }
  | 'not_found'
  | 'rejected'
  | 'withdrawn'
  | 'not_trade_finance'
  | 'has_loan'
  | 'order_financed';

/** Thrown inside the transaction to undo it when an order the application names is financed already. */
class OrderFinanced extends Error {}

/**
 * Staff approve a trade-finance request with their terms: the request (pending, or approved before
 * it had a loan) is approved, and its loan made active at once, paid out today: the principal's
 * disbursement, the arrangement fee as a fee of today, the schedule from the first due date, and the
 * application's shipping orders linked to it. All in one transaction, so a request never gets two loans
 * and an order financed by another loan meanwhile leaves nothing written.
 */
export async function createLoanFromRequest(
  db: Database,
  input: LoanFromRequest,
  now: Date,
): Promise<LoanFromRequestOutcome> {
  try {
    return await inTransaction(db, async (trx): Promise<LoanFromRequestOutcome> => {
      // Writing the request's row (unchanged) first holds it until the end: a second call for it waits
      // here, then reads the loan the first one linked. (SQLite writes one transaction at a time.)
      await trx
        .updateTable('shipping_requests')
        .set((eb) => ({ loan_id: eb.ref('loan_id') }))
        .where('id', '=', input.requestId)
        .execute();
      const request = await trx
        .selectFrom('shipping_requests')
        .select(['partner_id', 'status', 'service', 'loan_id', 'withdrawn_at'])
        .where('id', '=', input.requestId)
        .executeTakeFirst();
      if (!request) return 'not_found';
      if (request.service !== 'trade_finance') return 'not_trade_finance';
      if (request.loan_id !== null) return 'has_loan';
      if (request.status === 'rejected') return 'rejected';
      if (request.withdrawn_at !== null) return 'withdrawn';
      const today = dayOf(now);
      const loan = await insertLoan(
        trx,
        {
          partnerId: request.partner_id,
          requestId: input.requestId,
          state: 'approved',
          principalCents: input.principalCents,
          currency: input.currency,
          interestRate: input.interestRate,
          termMonths: input.termMonths,
          issueDate: today,
          firstDueDate: input.firstDueDate,
          staffNote: input.note,
          decidedBy: input.userId,
          decidedAt: now.toISOString(),
        },
        now,
      );
      const terms = {
        name: loan.name,
        principal_cents: input.principalCents,
        interest_rate: input.interestRate,
        term_months: input.termMonths,
        currency: input.currency,
      };
      await addLoanTransaction(trx, loan.id, disbursement(terms, today), now);
      if (input.arrangementFeeCents > 0) {
        await addLoanTransaction(
          trx,
          loan.id,
          {
            type: 'fee',
            amountCents: input.arrangementFeeCents,
            date: today,
            reference: `${loan.name}-F`,
            ...noteColumns({ code: 'arrangement_fee', params: {} }),
          },
          now,
        );
      }
      await linkFinancedOrders(trx, input.requestId, loan.id);
      await trx
        .updateTable('shipping_requests')
        .set({ loan_id: loan.id })
        .where('id', '=', input.requestId)
        .execute();
      if (request.status === 'pending') {
        await trx
          .updateTable('shipping_requests')
          .set({
            status: 'approved',
            staff_note: input.note,
            reviewed_by_user_id: input.userId,
            reviewed_at: now.toISOString(),
          })
          .where('id', '=', input.requestId)
          .execute();
        await recordRequestEvent(
          trx,
          input.requestId,
          { kind: 'approved', note: input.note, userId: input.userId },
          now,
        );
      }
      await notifyCustomer(
        trx,
        request.partner_id,
        { kind: 'loan_approved', recordType: 'loan', recordId: loan.id, params: { loan: loan.name } },
        now,
      );
      return loan;
    });
  } catch (error) {
    if (error instanceof OrderFinanced) return 'order_financed';
    // The last word is the unique index on loans.request_id (`loans_request`, as PostgreSQL names it).
    if (isUniqueViolation(error, 'loans.request_id') || isUniqueViolation(error, 'loans.request'))
      return 'has_loan';
    throw error;
  }
}

/** Links the orders a request's application finances to its loan; throws if one has a loan already. */
async function linkFinancedOrders(trx: Database, requestId: number, loanId: number): Promise<void> {
  const orders = await trx
    .selectFrom('finance_application_orders')
    .select('shipping_order_id')
    .where('request_id', '=', requestId)
    .execute();
  if (orders.length === 0) return;
  const ids = orders.map((order) => order.shipping_order_id);
  const linked = await trx
    .updateTable('shipping_orders')
    .set({ loan_id: loanId })
    .where('id', 'in', ids)
    .where('loan_id', 'is', null)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) !== ids.length) throw new OrderFinanced();
}

// ---- The finance dashboard ----

/** How many customers the exposure list names, largest first. */
const EXPOSURE_SIZE = 10;

/**
 * The active (approved) loans' figures in a scope (null: every customer): what they still owe (the sum
 * of the loans list's Outstanding column), the earliest line not covered that is due today or later
 * (its date, and what is unpaid of the lines due that day), what is overdue, and for staff the
 * outstanding per customer.
 */
export async function financeSummary(
  db: Database,
  scope: PartnerScope,
  withExposure: boolean,
  today: string,
): Promise<FinanceSummary> {
  let query = selectLoans(db).where('l.state', '=', 'approved');
  if (scope !== null) query = query.where('l.partner_id', '=', scope);
  const rows = await query.orderBy('l.id').execute();
  const figures = await figuresOf(db, rows, today);
  let outstanding = 0;
  let overdue = 0;
  let nextDueDate: string | null = null;
  let nextDueAmount = 0;
  const exposure = new Map<number, { partner_id: number; partner_name: string; outstanding: number }>();
  for (const row of rows) {
    const loan = figures.get(row.id);
    if (!loan) continue;
    outstanding += loan.outstanding;
    overdue += loan.overdue;
    for (const line of loan.schedule) {
      if (line.unpaid === 0 || line.dueDate < today) continue;
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
    outstanding: fromCents(outstanding),
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
