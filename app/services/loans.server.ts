// Loans: a client's own (by its partner) or every client's for staff, one loan with its transactions,
// the CSV export, the staff's decision and loans made from trade-finance requests. Answers whose status
// is not "success" are refused with the back office's own message (spec section 8), never dropped.
import type { LoanListParams } from '~/forms/finance';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import type { CallAnswer, CallInput, Loan, LoanTab, LoanTransactionCreate } from '@contract';
import { recordLoadFailed, ServerRefusal } from './errors.server';
import { pageOf, pageQuery, textMatches, type Page } from './paging';

export function checkStatus<T extends { status: string; message?: string }>(answer: T): T {
  if (answer.status !== 'success') throw new ServerRefusal(answer.message?.trim() || answer.status);
  return answer;
}

export function inTab(loan: Loan, tab: LoanTab): boolean {
  if (tab === 'previous') return loan.state === 'repaid';
  if (tab === 'denied') return loan.state === 'denied';
  return true;
}

export interface LoanPage extends Page<Loan> {
  counts: Partial<Record<LoanTab, number>> | null;
}

function loansCall(signedIn: SignedIn, query: Record<string, unknown>) {
  const client = signedIn.backoffice;
  if (isStaff(signedIn.user.roles)) {
    return client.call('listClientLoans', { query });
  }
  const partnerId = signedIn.user.partner_id;
  // A client without a customer partner has no loans (nothing to ask for).
  if (!partnerId)
    return Promise.resolve({ status: 'success', loans: [], total: 0 } as CallAnswer<'listUserLoans'>);
  return client.call('listUserLoans', {
    query: { ...query, partner_id: partnerId },
  });
}

function listQuery(params: LoanListParams) {
  return { search: params.q || undefined, tab: params.tab };
}

function matches(loan: Loan, params: LoanListParams): boolean {
  return inTab(loan, params.tab) && textMatches(params.q, [loan.name, loan.partner_name]);
}

export async function listLoans(signedIn: SignedIn, params: LoanListParams): Promise<LoanPage> {
  const answer = checkStatus(await loansCall(signedIn, { ...listQuery(params), ...pageQuery(params.page) }));
  const page = pageOf(answer.loans, answer.total ?? answer.loans.length, params.page, (loan) =>
    matches(loan, params),
  );
  return { ...page, counts: answer.counts ?? null };
}

const EXPORT_LIMIT = 10_000;
const EXPORT_BATCH = 100;

/** Every loan of the filtered list, for the CSV export. */
export async function loansForExport(signedIn: SignedIn, params: LoanListParams): Promise<Loan[]> {
  const loans: Loan[] = [];
  for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_BATCH) {
    const answer = checkStatus(
      await loansCall(signedIn, { ...listQuery(params), limit: EXPORT_BATCH, offset }),
    );
    if (answer.loans.length > EXPORT_BATCH) {
      return answer.loans.filter((loan) => matches(loan, params)).slice(0, EXPORT_LIMIT);
    }
    loans.push(...answer.loans);
    if (answer.loans.length < EXPORT_BATCH || loans.length >= (answer.total ?? Infinity)) break;
  }
  return loans.slice(0, EXPORT_LIMIT);
}

export function getLoan(signedIn: SignedIn, number: string) {
  return signedIn.backoffice.call('getLoan', { params: { number } });
}

export async function loanTransactions(signedIn: SignedIn, loanId: number) {
  const answer = checkStatus(
    await signedIn.backoffice.call('listLoanTransactions', {
      query: { loan_id: loanId },
      body: { loan_id: loanId },
    }),
  );
  return answer.transactions;
}

export function decideLoan(
  signedIn: SignedIn,
  number: string,
  decision: { state: 'approved' | 'denied'; note?: string },
) {
  return signedIn.backoffice.record('decideLoan', { params: { number }, body: decision });
}

/**
 * Staff: a repayment or a fee on an active loan; the answer is the loan with its figures updated.
 * `idempotencyKey`: the form's, so the same form sent again records one transaction.
 */
export function recordLoanTransaction(
  signedIn: SignedIn,
  number: string,
  transaction: LoanTransactionCreate,
  idempotencyKey?: string,
) {
  // `call`, not `record`: the loan was just loaded, so a 404 is a back office without the call.
  return signedIn.backoffice.call('recordLoanTransaction', {
    params: { number },
    body: transaction,
    idempotencyKey,
  });
}

/** The loan the user may see, or a 404 for anyone else's. */
export async function loanOr404(request: Request, signedIn: SignedIn, number: string) {
  try {
    return await getLoan(signedIn, number);
  } catch (error) {
    return recordLoadFailed(request, 'loan', error);
  }
}

export function shareLoan(signedIn: SignedIn, number: string) {
  return signedIn.backoffice.record('shareLoan', { params: { number } });
}

export function shareLoanDocument(signedIn: SignedIn, number: string, documentId: number) {
  return signedIn.backoffice.record('shareLoanDocument', {
    params: { number, document_id: documentId },
  });
}

/** One of the loan's documents, as a file (the back office answers only for loans the user may see). */
export function loanDocument(signedIn: SignedIn, number: string, documentId: number) {
  return signedIn.backoffice.call('getLoanDocument', { params: { number, document_id: documentId } });
}

/**
 * Staff: the loan made from an approved trade-finance request (`idempotencyKey`: the form's, so the
 * same form sent again makes one loan).
 */
export function createLoanFromRequest(
  signedIn: SignedIn,
  requestId: number,
  body: CallInput<'createLoanFromRequest'>['body'],
  idempotencyKey?: string,
) {
  // `call`, not `record`: the request was just loaded, so a 404 is a back office without the call.
  return signedIn.backoffice.call('createLoanFromRequest', {
    params: { id: requestId },
    body,
    idempotencyKey,
  });
}
