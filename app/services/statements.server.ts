// The statement page's data: which customer and period the URL names, and the statement itself.
import type { TFunction } from 'i18next';
import { statementParams, statementPeriod, type StatementPeriod } from '~/forms/billing';
import type { SignedIn } from './auth.server';
import type { Statement } from '@contract';
import { loadPart } from './errors.server';
import { getStatement, invoiceCustomer } from './invoices.server';
import { sharedRecordFilename } from '~/components/documents/shared-record';

export interface StatementState {
  customer: number | null;
  period: StatementPeriod;
  statement: Statement | null;
  loadError: string | null;
}

/**
 * Reads customer and period from the URL and loads the statement; another customer's answers 404. A bad
 * period or a failed load comes back as a message, with what was typed kept in the form.
 */
export async function loadStatement(
  request: Request,
  signedIn: SignedIn,
  common: TFunction,
): Promise<StatementState> {
  const url = new URL(request.url);
  const params = statementParams.parse(Object.fromEntries(url.searchParams));
  const customer = invoiceCustomer(signedIn, params.customer);
  const period = statementPeriod(params);
  if (customer === null || !period.ok) return { customer, period, statement: null, loadError: null };
  const loaded = await loadPart(
    getStatement(signedIn, customer, period.from, period.to),
    'statement',
    common,
  );
  return { customer, period, statement: loaded.value, loadError: loaded.error };
}

/** The file name of a statement: statement-<customer>-<from>-<to>. */
export function statementFilename(statement: Statement): string {
  return sharedRecordFilename({ kind: 'statement', expires_at: '', statement });
}
