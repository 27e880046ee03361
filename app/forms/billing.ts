// Invoices and statements: list state in the URL, the look-up by invoice number, the statement period.
import { z } from 'zod';
import { INVOICE_FILTERS } from '@contract/values';
import { isoDate } from '@contract/dates';
import { formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const customer = formRecordId().optional().catch(undefined);

/** /apps/invoice: search, filter, page and (staff) the customer, all in the URL. */
export const invoiceListParams = z.object({
  q: searchParam(),
  filter: z.enum(INVOICE_FILTERS).catch('show_all').default('show_all'),
  page: pageParam,
  customer,
  /** An invoice number to open (the look-up form). */
  number: searchParam(40),
});
export type InvoiceListParams = z.infer<typeof invoiceListParams>;

/** Today, and the same day a year earlier, as YYYY-MM-DD (the statement's default period). */
export function defaultPeriod(today: Date = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
  return { from: start.toISOString().slice(0, 10), to };
}

const date = plainText(20).optional().catch(undefined);

/** /apps/statement: the period (and, for staff, the customer); a bad date is reported, not ignored. */
export const statementParams = z.object({ customer, from: date, to: date });

export type StatementPeriod =
  | { ok: true; from: string; to: string }
  | {
      ok: false;
      from: string;
      to: string;
      error: 'billing:statement.badDate' | 'billing:statement.badOrder';
    };

/** The period the statement covers, from the URL, with the default where a date is missing. */
export function statementPeriod(
  params: z.infer<typeof statementParams>,
  today = new Date(),
): StatementPeriod {
  const fallback = defaultPeriod(today);
  const from = params.from || fallback.from;
  const to = params.to || fallback.to;
  if (!isoDate.safeParse(from).success || !isoDate.safeParse(to).success) {
    return { ok: false, from, to, error: 'billing:statement.badDate' };
  }
  if (from > to) return { ok: false, from, to, error: 'billing:statement.badOrder' };
  return { ok: true, from, to };
}
