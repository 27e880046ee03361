import { canManageInvoices, customerInScope, partnerScope, type Principal } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import {
  customerStatement,
  findInvoiceById,
  findInvoiceByName,
  invoiceDetail,
  listInvoices,
  type InvoiceRow,
} from '../invoices';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { dayOf } from '../numbers';
import { createShare } from '../shares';

type InvoiceCalls =
  | 'listCustomerInvoices'
  | 'findStaffInvoice'
  | 'getInvoice'
  | 'getCustomerStatement'
  | 'shareInvoice'
  | 'shareStatement';

export function invoiceHandlers(app: App): Pick<CallHandlers, InvoiceCalls> {
  const today = () => dayOf(app.now());

  /** The customer a client may name (its own) or staff (any customer): 404 otherwise, never 403. */
  const customer = async (user: Principal, partnerId: number) => {
    if (!(await customerInScope(app.database, user, partnerId))) throw refuse.notFound();
    return partnerId;
  };

  /** The invoice, when it is in the caller's scope; a draft is staff-only (404 otherwise). */
  const invoiceInScope = async (user: Principal, id: number): Promise<InvoiceRow> => {
    const invoice = await findInvoiceById(app.database, partnerScope(user), id);
    if (!invoice) throw refuse.notFound();
    if (invoice.state === 'draft' && !canManageInvoices(user)) throw refuse.notFound();
    return invoice;
  };

  /** The statement of a customer in scope over a period (the contract checks the dates of a read). */
  const statement = async (user: Principal, partnerId: number, dateFrom: string, dateTo: string) => {
    const scope = partnerScope(user);
    const found = await customerStatement(
      app.database,
      scope,
      await customer(user, partnerId),
      dateFrom,
      dateTo,
    );
    if (!found) throw refuse.notFound();
    return found;
  };

  return {
    async listCustomerInvoices({ query, session }) {
      return listInvoices(
        app.database,
        {
          scope: partnerScope(session.user),
          partnerId: await customer(session.user, query.customer_id),
          withDrafts: canManageInvoices(session.user),
          tab: query.filter ?? 'show_all',
          search: query.search || undefined,
          limit: query.limit ?? DEFAULT_LIST_LIMIT,
          offset: query.offset ?? 0,
        },
        today(),
      );
    },

    async findStaffInvoice({ query, session }) {
      if (!canManageInvoices(session.user)) throw refuse.forbidden();
      const invoice = await findInvoiceByName(app.database, partnerScope(session.user), query.invoice_name);
      if (!invoice) throw refuse.notFound();
      return invoiceDetail(app.database, invoice, today());
    },

    async getInvoice({ params, session }) {
      const invoice = await invoiceInScope(session.user, params.id);
      return invoiceDetail(app.database, invoice, today());
    },

    getCustomerStatement({ query, session }) {
      return statement(session.user, query.customer_id, query.date_from, query.date_to);
    },

    async shareInvoice({ params, session }) {
      // Whoever may read the invoice may share it; the link opens that one invoice only.
      const invoice = await invoiceInScope(session.user, params.id);
      // A draft is the staff's work in progress, not yet the customer's invoice: it stays inside.
      if (invoice.state === 'draft') throw refuse.draftNotShared();
      const share = await createShare(
        app.database,
        partnerScope(session.user),
        { kind: 'invoice', invoiceId: invoice.id },
        session.user.id,
        app.now(),
      );
      if (!share) throw refuse.notFound();
      return { token: share.token, expires_at: share.expiresAt };
    },

    async shareStatement({ body, session }) {
      // The contract refuses a reversed period already; kept for callers that skip its schema.
      if (body.date_from > body.date_to) throw refuse.statementPeriod();
      const partnerId = await customer(session.user, body.customer_id);
      const share = await createShare(
        app.database,
        partnerScope(session.user),
        { kind: 'statement', customerId: partnerId, dateFrom: body.date_from, dateTo: body.date_to },
        session.user.id,
        app.now(),
      );
      if (!share) throw refuse.notFound();
      return { token: share.token, expires_at: share.expiresAt };
    },
  };
}
