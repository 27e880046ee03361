import { canManageLoans, customerInScope, isStaff, partnerScope, type Principal } from '../access';
import type { App } from '../app';
import { recordAudit } from '../audit';
import { refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createLoanFromRequest,
  decideLoan,
  financeSummary,
  findLoanById,
  findLoanByNumber,
  findLoanDocument,
  listLoans,
  loanDetail,
  loanTransactions,
  recordLoanTransaction,
} from '../loans';
import { withinTheYear } from '@contract/dates';
import { dayOf, toCents } from '../numbers';
import { createShare } from '../shares';

type LoanCalls =
  | 'listUserLoans'
  | 'listClientLoans'
  | 'listLoanTransactions'
  | 'financeSummary'
  | 'getLoan'
  | 'decideLoan'
  | 'recordLoanTransaction'
  | 'getLoanDocument'
  | 'shareLoanDocument'
  | 'shareLoan'
  | 'createLoanFromRequest';

export function loanHandlers(app: App): Pick<CallHandlers, LoanCalls> {
  const today = () => dayOf(app.now());

  const page = (query: CallContext<'listClientLoans'>['query']) => ({
    tab: query.tab ?? 'show_all',
    search: query.search || undefined,
    limit: query.limit ?? DEFAULT_LIST_LIMIT,
    offset: query.offset ?? 0,
  });

  /** The loan with this number, when it is in the caller's scope (404 otherwise, never 403). */
  const loanInScope = async (user: Principal, number: string) => {
    const loan = await findLoanByNumber(app.database, partnerScope(user), number);
    if (!loan) throw refuse.notFound();
    return loan;
  };

  return {
    async listUserLoans({ query, session }) {
      // A client names its own partner; staff any customer. Another one, or an unknown one: 404.
      if (!(await customerInScope(app.database, session.user, query.partner_id))) throw refuse.notFound();
      const filter = { scope: partnerScope(session.user), partnerId: query.partner_id, ...page(query) };
      const loans = await listLoans(app.database, filter, today());
      return { status: 'success', ...loans };
    },

    async listClientLoans({ query, session }) {
      if (!canManageLoans(session.user)) throw refuse.forbidden();
      const filter = { scope: partnerScope(session.user), partnerId: query.partner_id, ...page(query) };
      const loans = await listLoans(app.database, filter, today());
      return { status: 'success', ...loans };
    },

    async listLoanTransactions({ query, body, session }) {
      if (query.loan_id !== body.loan_id) throw refuse.loanIdMismatch();
      const loan = await findLoanById(app.database, partnerScope(session.user), query.loan_id);
      if (!loan) throw refuse.notFound();
      return { status: 'success', transactions: await loanTransactions(app.database, loan) };
    },

    financeSummary({ session }) {
      return financeSummary(app.database, partnerScope(session.user), isStaff(session.user), today());
    },

    async getLoan({ params, session }) {
      return loanDetail(app.database, await loanInScope(session.user, params.number), today());
    },

    async decideLoan({ params, body, session }) {
      if (!canManageLoans(session.user)) throw refuse.forbidden();
      const outcome = await decideLoan(
        app.database,
        { name: params.number, state: body.state, note: body.note || null, userId: session.user.id },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'already_decided') throw refuse.loanAlreadyDecided();
      const loan = await loanInScope(session.user, params.number);
      await recordAudit(
        app.database,
        {
          recordType: 'loan',
          recordId: loan.id,
          action: body.state,
          note: body.note || null,
          userId: session.user.id,
          customerVisible: true,
        },
        app.now(),
      );
      return loanDetail(app.database, loan, today());
    },

    async recordLoanTransaction({ params, body, session, database }) {
      if (!canManageLoans(session.user)) throw refuse.forbidden();
      // Every query through `database`: with an Idempotency-Key, the transaction that also keeps the
      // answer (a query outside it would wait for it to end).
      const loan = await findLoanByNumber(database, partnerScope(session.user), params.number);
      if (!loan) throw refuse.notFound();
      if (body.date > today()) throw refuse.transactionDate('The date is after today');
      const outcome = await recordLoanTransaction(
        database,
        loan,
        {
          type: body.type,
          amountCents: toCents(body.amount),
          date: body.date,
          reference: body.reference || null,
          note: body.note || null,
        },
        app.now(),
      );
      if (outcome === 'not_active') throw refuse.loanNotActive();
      if (outcome === 'before_disbursement') {
        throw refuse.transactionDate('The date is before the loan was paid out');
      }
      await recordAudit(
        database,
        {
          recordType: 'loan',
          recordId: loan.id,
          action: 'payment_recorded',
          changes: { [body.type]: { before: null, after: body.amount } },
          note: body.reference || body.note || null,
          userId: session.user.id,
        },
        app.now(),
      );
      return loanDetail(database, loan, today());
    },

    async getLoanDocument({ params, session }) {
      const loan = await loanInScope(session.user, params.number);
      const file = await findLoanDocument(
        app.database,
        partnerScope(session.user),
        loan.id,
        params.document_id,
      );
      if (!file) throw refuse.notFound();
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },

    async shareLoanDocument({ params, session }) {
      // Whoever may read the document may share it; the link opens that one document only.
      const loan = await loanInScope(session.user, params.number);
      const share = await createShare(
        app.database,
        partnerScope(session.user),
        { kind: 'loan_document', loanId: loan.id, documentId: params.document_id },
        session.user.id,
        app.now(),
      );
      if (!share) throw refuse.notFound();
      return { token: share.token, expires_at: share.expiresAt };
    },

    async shareLoan({ params, session }) {
      // Whoever may read the loan may share its summary; the link opens that one loan only.
      const loan = await loanInScope(session.user, params.number);
      const share = await createShare(
        app.database,
        partnerScope(session.user),
        { kind: 'loan', loanId: loan.id },
        session.user.id,
        app.now(),
      );
      if (!share) throw refuse.notFound();
      return { token: share.token, expires_at: share.expiresAt };
    },

    async createLoanFromRequest({ params, body, session, database }) {
      if (!canManageLoans(session.user)) throw refuse.forbidden();
      const today = dayOf(app.now());
      const firstDueDate = body.first_due_date ?? null;
      if (firstDueDate !== null && !withinTheYear(firstDueDate, today)) {
        throw refuse.invalid([{ path: 'first_due_date', message: 'must be after today and within a year' }]);
      }
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const outcome = await createLoanFromRequest(
        database,
        {
          requestId: params.id,
          principalCents: toCents(body.principal),
          currency: body.currency.toUpperCase(),
          interestRate: body.interest_rate,
          termMonths: body.term_months,
          arrangementFeeCents: toCents(body.arrangement_fee),
          firstDueDate,
          note: body.note || null,
          userId: session.user.id,
        },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'rejected') throw refuse.requestRejected();
      if (outcome === 'withdrawn') throw refuse.requestWithdrawn();
      if (outcome === 'not_trade_finance') throw refuse.requestNotTradeFinance();
      if (outcome === 'has_loan') throw refuse.requestHasLoan();
      if (outcome === 'order_financed') throw refuse.orderFinanced();
      await recordAudit(
        database,
        {
          recordType: 'loan',
          recordId: outcome.id,
          action: 'approved',
          note: body.note || null,
          userId: session.user.id,
          customerVisible: true,
        },
        app.now(),
      );
      return { status: 'success', ...outcome };
    },
  };
}
