/**
 * Customer invoices: their lines and payments, the figures worked out from them (paid, due, overdue),
 * a customer's list with tabs, counts and totals, statements over a period, and payments (which move
 * an invoice from posted to partially paid and paid). Amounts are integer cents here and currency
 * units in answers.
 */
import {
  INVOICE_FILTERS,
  type CallAnswer,
  type Invoice,
  type InvoiceDetail,
  type InvoiceFilter,
  type InvoicePayment,
  type InvoiceState,
  type PAYMENT_METHODS,
  type Statement,
} from '@contract';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { EVERY_CUSTOMER, type PartnerScope } from './access';
import { notifyCustomer } from './notifications';
import { inTransaction, type Database } from './data/database';
import type { Tables } from './data/schema';
import { searchWhere } from './lists';
import { addDays, allocateNumber, fromCents } from './numbers';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type InvoiceCounts = Record<InvoiceFilter, number>;
export type InvoiceTotals = CallAnswer<'listCustomerInvoices'>['totals'];

/** Days from the invoice date to its due date, unless one is given. */
export const PAYMENT_TERM_DAYS = 30;

/** The currency of a customer without invoices. */
const DEFAULT_CURRENCY = 'USD';

export interface InvoiceRow {
  id: number;
  name: string;
  partner_id: number;
  partner_name: string;
  partner_email: string | null;
  partner_phone: string | null;
  partner_street: string | null;
  partner_city: string | null;
  partner_country: string | null;
  shipping_order_id: number | null;
  shipping_order_name: string | null;
  state: InvoiceState;
  invoice_date: string;
  due_date: string;
  currency: string;
  amount_untaxed_cents: number;
  amount_tax_cents: number;
  amount_total_cents: number;
  /** The sum of its payments. */
  paid_cents: number;
}

/** A query on invoices as `i`, with its customer `p` and its order `o` when it has one. */
type InvoiceQuery = ExpressionBuilder<
  Tables & { i: Tables['invoices']; p: Tables['partners']; o: Tables['shipping_orders'] },
  'i' | 'p' | 'o'
>;
/** A query on invoices as `i` alone. */
type OwnInvoiceQuery = ExpressionBuilder<Tables & { i: Tables['invoices'] }, 'i'>;

/** What the invoice's payments add up to (cents), as a column of a query on `i`. */
function paidCents(eb: OwnInvoiceQuery) {
  return eb.fn.coalesce(
    eb
      .selectFrom('invoice_payments as pay')
      .select((sub) => sub.fn.sum<number>('pay.amount_cents').as('paid'))
      .whereRef('pay.invoice_id', '=', 'i.id')
      .$asScalar(),
    eb.lit(0),
  );
}

/**
 * Whether the bill-to columns are the snapshot taken when the invoice was issued (`billed_*`), rather
 * than the customer as it is now (a draft, or an invoice issued before snapshots were kept).
 */
function billedSnapshot(eb: InvoiceQuery): Expression<SqlBool> {
  return eb.and([eb('i.state', '<>', 'draft'), eb('i.billed_name', 'is not', null)]);
}

/** Invoices as `InvoiceRow`s (add the conditions and the order). */
function selectInvoices(db: Database) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .leftJoin('shipping_orders as o', 'o.id', 'i.shipping_order_id')
    .select((eb) => [
      'i.id',
      'i.name',
      'i.partner_id',
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_name'))
        .else(eb.ref('p.name'))
        .end()
        .as('partner_name'),
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_email'))
        .else(eb.ref('p.email'))
        .end()
        .as('partner_email'),
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_phone'))
        .else(eb.ref('p.phone'))
        .end()
        .as('partner_phone'),
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_street'))
        .else(eb.ref('p.street'))
        .end()
        .as('partner_street'),
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_city'))
        .else(eb.ref('p.city'))
        .end()
        .as('partner_city'),
      eb
        .case()
        .when(billedSnapshot(eb))
        .then(eb.ref('i.billed_country'))
        .else(eb.ref('p.country'))
        .end()
        .as('partner_country'),
      'i.shipping_order_id',
      'o.name as shipping_order_name',
      'i.state',
      'i.invoice_date',
      'i.due_date',
      'i.currency',
      'i.amount_untaxed_cents',
      'i.amount_tax_cents',
      'i.amount_total_cents',
      paidCents(eb).as('paid_cents'),
    ])
    .$narrowType<{ state: InvoiceState; partner_name: string; paid_cents: number }>();
}

/** Issued and not (wholly) paid, as a condition on `i`. */
const UNPAID = ['posted', 'partially_paid'] as const;
/** What the customer owes for: neither a draft nor cancelled. */
const NOT_OWED = ['draft', 'cancelled'] as const;

// ---- The figures (pure: the tests check them directly) ----

/** The partner's address on one line ("14 Corniche El Nil, Cairo, Egypt"), or null without one. */
export function postalAddress(parts: readonly (string | null)[]): string | null {
  const address = parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
  return address || null;
}

/** Still to pay (cents): nothing when paid or cancelled, else the total less the payments. */
export function amountDueCents(row: Pick<InvoiceRow, 'state' | 'amount_total_cents' | 'paid_cents'>): number {
  if (row.state === 'paid' || row.state === 'cancelled') return 0;
  return Math.max(0, row.amount_total_cents - row.paid_cents);
}

/** Unpaid or partly paid after its due date (due today is not yet overdue). */
export function isOverdue(row: Pick<InvoiceRow, 'state' | 'due_date'>, today: string): boolean {
  return (row.state === 'posted' || row.state === 'partially_paid') && row.due_date < today;
}

/** A line's untaxed subtotal (quantity × unit price) and its tax, in cents. */
export function lineAmounts(line: Pick<NewInvoiceLine, 'quantity' | 'unitPriceCents' | 'taxRate'>): {
  subtotal: number;
  tax: number;
} {
  const subtotal = Math.round(line.quantity * line.unitPriceCents);
  return { subtotal, tax: Math.round((subtotal * line.taxRate) / 100) };
}

function toInvoice(row: InvoiceRow, today: string): Invoice {
  return {
    id: row.id,
    name: row.name,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    partner_email: row.partner_email,
    partner_phone: row.partner_phone,
    partner_address: postalAddress([row.partner_street, row.partner_city, row.partner_country]),
    shipping_order_id: row.shipping_order_id,
    shipping_order_name: row.shipping_order_name,
    state: row.state,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    currency: row.currency,
    amount_untaxed: fromCents(row.amount_untaxed_cents),
    amount_tax: fromCents(row.amount_tax_cents),
    amount_total: fromCents(row.amount_total_cents),
    amount_paid: fromCents(row.paid_cents),
    amount_due: fromCents(amountDueCents(row)),
    overdue: isOverdue(row, today),
  };
}

// ---- Lists ----

export interface InvoiceListFilter {
  /** The caller's scope (access.ts `partnerScope`): null for every customer. */
  scope: PartnerScope;
  /** The customer whose invoices these are; outside the scope, nothing matches. */
  partnerId: number;
  /** Drafts are staff-only. */
  withDrafts: boolean;
  tab: InvoiceFilter;
  search?: string;
  limit: number;
  offset: number;
}

/** Each tab as a condition on `i`, on the back office's day `today`. */
const TAB_CONDITIONS: Record<InvoiceFilter, (eb: OwnInvoiceQuery, today: string) => Expression<SqlBool>> = {
  show_all: (eb) => eb.and([]),
  unpaid: (eb) => eb('i.state', 'in', UNPAID),
  paid: (eb) => eb('i.state', '=', 'paid'),
  overdue: (eb, today) => eb.and([eb('i.state', 'in', UNPAID), eb('i.due_date', '<', today)]),
};

/** The currency of the customer's invoices (the one most of them use), or USD without any. */
async function customerCurrency(db: Database, scope: PartnerScope, partnerId: number): Promise<string> {
  let query = db.selectFrom('invoices').select('currency').where('partner_id', '=', partnerId);
  if (scope !== null) query = query.where('partner_id', '=', scope);
  const row = await query
    .groupBy('currency')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('currency')
    .limit(1)
    .executeTakeFirst();
  return row?.currency ?? DEFAULT_CURRENCY;
}

/**
 * The totals over every invoice the customer owes for (neither draft nor cancelled), whatever the
 * search and tab: invoiced, paid, still due, and what of it is overdue. Nothing (zero in USD) for a
 * customer outside the scope.
 */
export async function invoiceTotals(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
  today: string,
): Promise<InvoiceTotals> {
  let owedQuery = db
    .selectFrom('invoices as i')
    .select((eb) => [
      'i.state',
      'i.amount_total_cents as total',
      paidCents(eb).as('paid'),
      eb.case().when(TAB_CONDITIONS.overdue(eb, today)).then(eb.lit(1)).else(eb.lit(0)).end().as('overdue'),
    ])
    .where('i.partner_id', '=', partnerId)
    .where('i.state', 'not in', NOT_OWED);
  if (scope !== null) owedQuery = owedQuery.where('i.partner_id', '=', scope);
  const owed = owedQuery.as('owed');
  const sums = await db
    .selectFrom(
      db
        .selectFrom(owed)
        .select((eb) => [
          'owed.total',
          'owed.paid',
          'owed.overdue',
          eb
            .case()
            .when(eb.or([eb('owed.state', '=', 'paid'), eb('owed.paid', '>=', eb.ref('owed.total'))]))
            .then(eb.lit(0))
            .else(eb('owed.total', '-', eb.ref('owed.paid')))
            .end()
            .as('due'),
        ])
        .as('figures'),
    )
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('figures.total'), eb.lit(0)).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('figures.paid'), eb.lit(0)).as('paid'),
      eb.fn.coalesce(eb.fn.sum<number>('figures.due'), eb.lit(0)).as('due'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('figures.overdue', '=', 1).then(eb.ref('figures.due')).end()),
          eb.lit(0),
        )
        .as('overdue'),
    ])
    .executeTakeFirstOrThrow();
  return {
    currency: await customerCurrency(db, scope, partnerId),
    amount_total: fromCents(sums.total),
    amount_paid: fromCents(sums.paid),
    amount_due: fromCents(sums.due),
    overdue: fromCents(sums.overdue),
  };
}

/**
 * One page of a customer's invoices, newest invoice date first (then id), how many match (`total`),
 * how many each tab would show (`counts`, for the same search; one grouped query) and the customer's
 * totals. The search matches the invoice number and the number of its order.
 */
export async function listInvoices(
  db: Database,
  filter: InvoiceListFilter,
  today: string,
): Promise<{ invoices: Invoice[]; total: number; counts: InvoiceCounts; totals: InvoiceTotals }> {
  const matching = (
    eb: ExpressionBuilder<Tables & { i: Tables['invoices']; o: Tables['shipping_orders'] }, 'i' | 'o'>,
  ) => {
    const conditions: Expression<SqlBool>[] = [eb('i.partner_id', '=', filter.partnerId)];
    if (filter.scope !== null) conditions.push(eb('i.partner_id', '=', filter.scope));
    if (!filter.withDrafts) conditions.push(eb('i.state', '<>', 'draft'));
    if (filter.search) conditions.push(searchWhere(['i.name', 'o.name'], filter.search));
    return eb.and(conditions);
  };
  const matches = db
    .selectFrom('invoices as i')
    .leftJoin('shipping_orders as o', 'o.id', 'i.shipping_order_id')
    .where(matching);
  const counted = await matches
    .select((eb) =>
      INVOICE_FILTERS.map((tab) =>
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when(TAB_CONDITIONS[tab](eb, today)).then(eb.lit(1)).else(eb.lit(0)).end(),
            ),
            eb.lit(0),
          )
          .as(tab),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = Object.fromEntries(
    INVOICE_FILTERS.map((tab) => [tab, Number(counted[tab])]),
  ) as InvoiceCounts;
  // The page is picked by id first, so that the joins and the payments are summed for its rows only.
  const page = await matches
    .select('i.id')
    .where((eb) => TAB_CONDITIONS[filter.tab](eb, today))
    .orderBy('i.invoice_date', 'desc')
    .orderBy('i.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const rows =
    page.length === 0
      ? []
      : await selectInvoices(db)
          .where(
            'i.id',
            'in',
            page.map((row) => row.id),
          )
          .orderBy('i.invoice_date', 'desc')
          .orderBy('i.id', 'desc')
          .execute();
  return {
    invoices: rows.map((row) => toInvoice(row, today)),
    total: counts[filter.tab],
    counts,
    totals: await invoiceTotals(db, filter.scope, filter.partnerId, today),
  };
}

/** The invoice (drafts too) with this id, or null when there is none in the scope. */
export async function findInvoiceById(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<InvoiceRow | null> {
  let query = selectInvoices(db).where('i.id', '=', id);
  if (scope !== null) query = query.where('i.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * By its number, ignoring case (as the unique index on `lower(name)` tells numbers apart); null when
 * there is none in the scope.
 */
export async function findInvoiceByName(
  db: Database,
  scope: PartnerScope,
  name: string,
): Promise<InvoiceRow | null> {
  let query = selectInvoices(db).where((eb) => eb(eb.fn('lower', ['i.name']), '=', name.toLowerCase()));
  if (scope !== null) query = query.where('i.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}

type PaymentRow = Omit<InvoicePayment, 'amount'> & { amount_cents: number };

function toPayment({ amount_cents, ...row }: PaymentRow): InvoicePayment {
  return { ...row, amount: fromCents(amount_cents) };
}

/** The invoice with its lines and its payments (in date order). */
export async function invoiceDetail(db: Database, row: InvoiceRow, today: string): Promise<InvoiceDetail> {
  const lines = (
    await db
      .selectFrom('invoice_lines')
      .select(['id', 'description', 'quantity', 'unit_price_cents', 'tax_rate', 'subtotal_cents'])
      .where('invoice_id', '=', row.id)
      .orderBy('id')
      .execute()
  ).map((line) => ({
    id: line.id,
    description: line.description,
    quantity: line.quantity,
    unit_price: fromCents(line.unit_price_cents),
    tax_rate: line.tax_rate,
    subtotal: fromCents(line.subtotal_cents),
  }));
  const payments = (
    await db
      .selectFrom('invoice_payments')
      .select(['id', 'invoice_id', 'name', 'date', 'amount_cents', 'method', 'reference'])
      .where('invoice_id', '=', row.id)
      .orderBy('date')
      .orderBy('id')
      .$narrowType<{ method: PaymentMethod }>()
      .execute()
  ).map(toPayment);
  return { ...toInvoice(row, today), lines, payments };
}

// ---- Statements ----

type StatementLine = Statement['lines'][number];

/**
 * The customer's statement from `dateFrom` to `dateTo` (inclusive): the opening balance (what was
 * owed before the period: invoices neither draft nor cancelled, less their payments), each invoice
 * (debit) and payment (credit) of the period in date order (on one day invoices first) with the
 * balance after it, and the closing balance. Null when there is no such partner in the scope. Dates are
 * YYYY-MM-DD text, which compares in date order on both engines.
 */
export async function customerStatement(
  db: Database,
  scope: PartnerScope,
  partnerId: number,
  dateFrom: string,
  dateTo: string,
): Promise<Statement | null> {
  let partnerQuery = db
    .selectFrom('partners')
    .select(['id', 'name', 'email', 'phone', 'street', 'city', 'country'])
    .where('id', '=', partnerId);
  if (scope !== null) partnerQuery = partnerQuery.where('id', '=', scope);
  const partner = await partnerQuery.executeTakeFirst();
  if (!partner) return null;
  const owedInvoices = db
    .selectFrom('invoices as i')
    .where('i.partner_id', '=', partnerId)
    .where('i.state', 'not in', NOT_OWED);
  const owedPayments = db
    .selectFrom('invoice_payments as pay')
    .innerJoin('invoices as i', 'i.id', 'pay.invoice_id')
    .where('i.partner_id', '=', partnerId)
    .where('i.state', 'not in', NOT_OWED);
  const invoicedBefore = await owedInvoices
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.amount_total_cents'), eb.lit(0)).as('cents'))
    .where('i.invoice_date', '<', dateFrom)
    .executeTakeFirstOrThrow();
  const paidBefore = await owedPayments
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pay.amount_cents'), eb.lit(0)).as('cents'))
    .where('pay.date', '<', dateFrom)
    .executeTakeFirstOrThrow();
  const opening = Number(invoicedBefore.cents) - Number(paidBefore.cents);
  const invoices = await owedInvoices
    .select(['i.id', 'i.invoice_date as date', 'i.name as reference', 'i.amount_total_cents as debit'])
    .where('i.invoice_date', '>=', dateFrom)
    .where('i.invoice_date', '<=', dateTo)
    .execute();
  const payments = await owedPayments
    .select([
      'pay.id',
      'pay.date',
      'pay.name as reference',
      'i.name as invoice_name',
      'pay.amount_cents as credit',
    ])
    .where('pay.date', '>=', dateFrom)
    .where('pay.date', '<=', dateTo)
    .execute();
  const entries = [
    ...invoices.map((row) => ({ ...row, kind: 'invoice' as const, invoice_name: null, credit: 0 })),
    ...payments.map((row) => ({ ...row, kind: 'payment' as const, debit: 0 })),
  ].sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.kind !== b.kind
        ? a.kind === 'invoice'
          ? -1
          : 1
        : a.id - b.id,
  );
  let balance = opening;
  let invoiced = 0;
  let paid = 0;
  const lines = entries.map((entry): StatementLine => {
    invoiced += entry.debit;
    paid += entry.credit;
    balance += entry.debit - entry.credit;
    return {
      date: entry.date,
      kind: entry.kind,
      reference: entry.reference,
      invoice_name: entry.invoice_name,
      debit: fromCents(entry.debit),
      credit: fromCents(entry.credit),
      balance: fromCents(balance),
    };
  });
  return {
    partner_id: partner.id,
    partner_name: partner.name,
    partner_email: partner.email,
    partner_phone: partner.phone,
    partner_address: postalAddress([partner.street, partner.city, partner.country]),
    date_from: dateFrom,
    date_to: dateTo,
    currency: await customerCurrency(db, scope, partnerId),
    opening_balance: fromCents(opening),
    lines,
    total_invoiced: fromCents(invoiced),
    total_paid: fromCents(paid),
    closing_balance: fromCents(opening + invoiced - paid),
  };
}

// ---- Writing ----

export interface NewInvoiceLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** In percent. */
  taxRate: number;
}

export interface NewInvoice {
  partnerId: number;
  /** The order it bills, of the same customer; the order's invoice status and total follow it. */
  shippingOrderId: number | null;
  /** Partly paid and paid come of payments (addInvoicePayment). */
  state: 'draft' | 'posted' | 'cancelled';
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** YYYY-MM-DD; PAYMENT_TERM_DAYS after the invoice date when left out. */
  dueDate?: string;
  currency: string;
  lines: readonly NewInvoiceLine[];
  /** Loaded as the demo data is: the customer is not told (`invoice_posted`). */
  quiet?: boolean;
}

/**
 * Keeps an order's invoice status and total those of its invoice; the order's `updated_at` moves
 * (never back) only when they change.
 */
async function syncOrder(
  db: Database,
  orderId: number | null,
  state: InvoiceState,
  totalCents: number,
  now: Date,
): Promise<void> {
  if (orderId === null) return;
  const moment = now.toISOString();
  await db
    .updateTable('shipping_orders')
    .set((eb) => ({
      invoice_status: state,
      total_invoice_cents: totalCents,
      updated_at: eb.case().when('updated_at', '>', moment).then(eb.ref('updated_at')).else(moment).end(),
    }))
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('invoice_status', '<>', state), eb('total_invoice_cents', '<>', totalCents)]))
    .execute();
}

/**
 * Keeps the customer's name, e-mail, phone and address on the invoice as they are now: an issued
 * invoice bills whom it billed that day, whatever the customer is renamed to or moves to later.
 */
export async function snapshotBillTo(db: Database, invoiceId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const partner = await trx
      .selectFrom('invoices as i')
      .innerJoin('partners as p', 'p.id', 'i.partner_id')
      .select(['p.name', 'p.email', 'p.phone', 'p.street', 'p.city', 'p.country'])
      .where('i.id', '=', invoiceId)
      .executeTakeFirst();
    if (!partner) return;
    await trx
      .updateTable('invoices')
      .set({
        billed_name: partner.name,
        billed_email: partner.email,
        billed_phone: partner.phone,
        billed_street: partner.street,
        billed_city: partner.city,
        billed_country: partner.country,
      })
      .where('id', '=', invoiceId)
      .execute();
  });
}

/**
 * Inserts an invoice with its lines and the next number of the year (INV-YYYY-NNNN); the amounts
 * are worked out from the lines (lineAmounts). Throws when the order is not the customer's. Checked
 * and written in one transaction (the caller's, when `db` is one), so that a failed invoice gives its
 * number back.
 */
export async function insertInvoice(
  db: Database,
  invoice: NewInvoice,
  now: Date,
): Promise<{ id: number; name: string }> {
  return inTransaction(db, async (trx) => {
    if (invoice.shippingOrderId !== null) {
      const order = await trx
        .selectFrom('shipping_orders')
        .select('partner_id')
        .where('id', '=', invoice.shippingOrderId)
        .executeTakeFirst();
      if (order?.partner_id !== invoice.partnerId)
        throw new Error(`Order ${invoice.shippingOrderId} is not partner ${invoice.partnerId}'s`);
    }
    const lines = invoice.lines.map((line) => ({ ...line, ...lineAmounts(line) }));
    const untaxed = lines.reduce((sum, line) => sum + line.subtotal, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    const name = await allocateNumber(trx, 'INV', now);
    const { id } = await trx
      .insertInto('invoices')
      .values({
        name,
        partner_id: invoice.partnerId,
        shipping_order_id: invoice.shippingOrderId,
        state: invoice.state,
        invoice_date: invoice.invoiceDate,
        due_date: invoice.dueDate ?? addDays(invoice.invoiceDate, PAYMENT_TERM_DAYS),
        currency: invoice.currency,
        amount_untaxed_cents: untaxed,
        amount_tax_cents: tax,
        amount_total_cents: untaxed + tax,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (invoice.state !== 'draft') await snapshotBillTo(trx, id);
    if (lines.length > 0)
      await trx
        .insertInto('invoice_lines')
        .values(
          lines.map((line) => ({
            invoice_id: id,
            description: line.description,
            quantity: line.quantity,
            unit_price_cents: line.unitPriceCents,
            tax_rate: line.taxRate,
            subtotal_cents: line.subtotal,
          })),
        )
        .execute();
    await syncOrder(trx, invoice.shippingOrderId, invoice.state, untaxed + tax, now);
    // An invoice issued (posted) is news for the customer, in the same transaction.
    if (invoice.state === 'posted' && !invoice.quiet) {
      await notifyCustomer(
        trx,
        invoice.partnerId,
        {
          kind: 'invoice_posted',
          recordType: 'invoice',
          recordId: id,
          params: { invoice: name, date: invoice.dueDate ?? addDays(invoice.invoiceDate, PAYMENT_TERM_DAYS) },
        },
        now,
      );
    }
    return { id, name };
  });
}

export interface NewInvoicePayment {
  /** YYYY-MM-DD */
  date: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
}

/**
 * 'not_payable': a draft or cancelled invoice takes no payment; 'overpaid': the payment is more than
 * what is still due (so a paid invoice takes none). A call answers them with 409
 * (`refuse.invoiceNotPayable`, `refuse.paymentOverDue`).
 */
export type PaymentOutcome = InvoicePayment | 'not_found' | 'not_payable' | 'overpaid';

/**
 * Records a payment (PAY-YYYY-NNNN) on a posted or partly paid invoice, which becomes paid when its
 * payments reach its total and partially paid otherwise; its order's invoice status follows. Checked
 * and written in one transaction, which holds the invoice's row from the start, so that two payments
 * at once cannot both pass the check of what is due.
 */
export async function addInvoicePayment(
  db: Database,
  invoiceId: number,
  payment: NewInvoicePayment,
  now: Date,
): Promise<PaymentOutcome> {
  if (!Number.isInteger(payment.amountCents) || payment.amountCents <= 0)
    throw new RangeError('A payment is a positive number of cents');
  return inTransaction(db, async (trx): Promise<PaymentOutcome> => {
    // Writing the row (unchanged) takes its lock on PostgreSQL until the end of the transaction: a
    // second payment waits here, then reads what the first one paid. SQLite writes one at a time.
    await trx
      .updateTable('invoices')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('id', '=', invoiceId)
      .execute();
    // No call records payments yet: the demo data and tests do, for any customer.
    const invoice = await findInvoiceById(trx, EVERY_CUSTOMER, invoiceId);
    if (!invoice) return 'not_found';
    if (invoice.state === 'draft' || invoice.state === 'cancelled') return 'not_payable';
    if (payment.amountCents > amountDueCents(invoice)) return 'overpaid';
    const name = await allocateNumber(trx, 'PAY', now);
    const { id } = await trx
      .insertInto('invoice_payments')
      .values({
        invoice_id: invoiceId,
        name,
        date: payment.date,
        amount_cents: payment.amountCents,
        method: payment.method,
        reference: payment.reference,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const state: InvoiceState =
      invoice.paid_cents + payment.amountCents >= invoice.amount_total_cents ? 'paid' : 'partially_paid';
    await trx
      .updateTable('invoices')
      .set({ state, updated_at: now.toISOString() })
      .where('id', '=', invoiceId)
      .execute();
    await syncOrder(trx, invoice.shipping_order_id, state, invoice.amount_total_cents, now);
    return toPayment({
      id,
      invoice_id: invoiceId,
      name,
      date: payment.date,
      amount_cents: payment.amountCents,
      method: payment.method,
      reference: payment.reference,
    });
  });
}
