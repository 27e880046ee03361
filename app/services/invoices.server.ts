// Invoices and statements: a client's own (by its partner), any customer's for staff; one invoice by
// id or by number (staff through the back office's look-up, a client within its own list); the
// statement over a period; shares of both.
import type { TFunction } from 'i18next';
import type { InvoiceListParams } from '~/forms/billing';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import type { CallAnswer, Invoice, InvoiceDetail, InvoiceFilter } from '@contract';
import { customerChoices } from './customers.server';
import { loadPart, recordLoadFailed } from './errors.server';
import { pageOf, pageQuery, textMatches, type Page } from './paging';

/** The customer whose invoices the user may read: a client's own partner; for staff, the chosen one. */
export function invoiceCustomer(signedIn: SignedIn, chosen: number | undefined): number | null {
  if (isStaff(signedIn.user.roles)) return chosen ?? null;
  return signedIn.user.partner_id ?? null;
}

export function inFilter(invoice: Invoice, filter: InvoiceFilter): boolean {
  if (filter === 'unpaid') return invoice.state === 'posted' || invoice.state === 'partially_paid';
  if (filter === 'paid') return invoice.state === 'paid';
  if (filter === 'overdue') return invoice.overdue;
  return true;
}

export interface InvoicePage extends Page<Invoice> {
  counts: CallAnswer<'listCustomerInvoices'>['counts'];
  totals: CallAnswer<'listCustomerInvoices'>['totals'];
}

export async function listInvoices(
  signedIn: SignedIn,
  customerId: number,
  params: Pick<InvoiceListParams, 'q' | 'filter' | 'page'>,
): Promise<InvoicePage> {
  const answer = await signedIn.backoffice.call('listCustomerInvoices', {
    query: {
      customer_id: customerId,
      search: params.q || undefined,
      filter: params.filter,
      ...pageQuery(params.page),
    },
  });
  const page = pageOf(
    answer.invoices,
    answer.total,
    params.page,
    (invoice) =>
      inFilter(invoice, params.filter) && textMatches(params.q, [invoice.name, invoice.shipping_order_name]),
  );
  return { ...page, counts: answer.counts, totals: answer.totals };
}

export function getInvoice(signedIn: SignedIn, id: number): Promise<InvoiceDetail> {
  return signedIn.backoffice.call('getInvoice', { params: { id } });
}

/** The invoice the user may see, or a 404 for anyone else's (and for a draft, for a client). */
export async function invoiceOr404(request: Request, signedIn: SignedIn, id: number): Promise<InvoiceDetail> {
  try {
    return await getInvoice(signedIn, id);
  } catch (error) {
    return recordLoadFailed(request, 'invoice', error);
  }
}

/**
 * The invoice with this number, in the user's reach, or null: staff ask the back office's look-up;
 * a client searches its own invoices (another customer's number finds nothing).
 */
export async function findInvoiceByNumber(signedIn: SignedIn, number: string): Promise<Invoice | null> {
  const wanted = number.trim().toUpperCase();
  try {
    if (isStaff(signedIn.user.roles)) {
      return await signedIn.backoffice.call('findStaffInvoice', {
        query: { invoice_name: wanted },
      });
    }
    const partnerId = signedIn.user.partner_id;
    if (!partnerId) return null;
    const answer = await signedIn.backoffice.call('listCustomerInvoices', {
      query: { customer_id: partnerId, search: wanted, limit: 100 },
    });
    return answer.invoices.find((invoice) => invoice.name.toUpperCase() === wanted) ?? null;
  } catch (error) {
    if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'rejected')) return null;
    throw error;
  }
}

export function getStatement(signedIn: SignedIn, customerId: number, from: string, to: string) {
  return signedIn.backoffice.record('getCustomerStatement', {
    query: { customer_id: customerId, date_from: from, date_to: to },
  });
}

export function shareInvoice(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.record('shareInvoice', { params: { id } });
}

export function shareStatement(signedIn: SignedIn, customerId: number, from: string, to: string) {
  return signedIn.backoffice.record('shareStatement', {
    body: { customer_id: customerId, date_from: from, date_to: to },
  });
}

/** Staff choose the customer of an invoice list or statement: the choices, or why they are missing. */
export async function customerPicker(request: Request, signedIn: SignedIn, common: TFunction) {
  if (!isStaff(signedIn.user.roles)) return { customers: [], customersError: null };
  const loaded = await loadPart(customerChoices(signedIn), 'customer choices', common);
  return { customers: loaded.value ?? [], customersError: loaded.error };
}
