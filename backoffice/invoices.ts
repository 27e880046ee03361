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
import type { Db } from './db';
import { searchCondition } from './lists';
import { addDays, fromCents, nextNumber } from './numbers';

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

/** What the invoice's payments add up to (cents), as a column of a query on `i`. */
const PAID_CENTS = `coalesce((SELECT sum(pay.amount_cents) FROM invoice_payments pay WHERE pay.invoice_id = i.id), 0)`;

/** A bill-to column: the snapshot taken when the invoice was issued, the live customer for a draft. */
const billTo = (column: string) =>
  `CASE WHEN i.state = 'draft' OR i.billed_name IS NULL THEN p.${column} ELSE i.billed_${column} END AS partner_${column}`;

const INVOICE_SELECT = `
  SELECT i.id, i.name, i.partner_id, ${['name', 'email', 'phone', 'street', 'city', 'country'].map(billTo).join(', ')},
    i.shipping_order_id, o.name AS shipping_order_name, i.state,
    i.invoice_date, i.due_date, i.currency, i.amount_untaxed_cents, i.amount_tax_cents,
    i.amount_total_cents, ${PAID_CENTS} AS paid_cents
  FROM invoices i
  JOIN partners p ON p.id = i.partner_id
  LEFT JOIN shipping_orders o ON o.id = i.shipping_order_id`;

/** Issued and not (wholly) paid, as a condition on `i`. */
const UNPAID = `i.state IN ('posted', 'partially_paid')`;
/** What the customer owes for: neither a draft nor cancelled. */
const OWED = `i.state NOT IN ('draft', 'cancelled')`;

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
  /** The customer whose invoices these are (the caller has checked its scope). */
  partnerId: number;
  /** Drafts are staff-only. */
  withDrafts: boolean;
  tab: InvoiceFilter;
  search?: string;
  limit: number;
  offset: number;
}

/** Each tab as a condition on `i`; `@today` is the back office's day. */
const TAB_CONDITIONS: Record<InvoiceFilter, string> = {
  show_all: '1',
  unpaid: UNPAID,
  paid: `i.state = 'paid'`,
  overdue: `(${UNPAID} AND i.due_date < @today)`,
};

const where = (conditions: readonly string[]) =>
  conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

/** The currency of the customer's invoices (the one most of them use), or USD without any. */
function customerCurrency(db: Db, partnerId: number): string {
  const currency = db
    .prepare(
      `SELECT currency FROM invoices WHERE partner_id = ? GROUP BY currency ORDER BY count(*) DESC, currency
       LIMIT 1`,
    )
    .pluck()
    .get(partnerId) as string | undefined;
  return currency ?? DEFAULT_CURRENCY;
}

/**
 * The totals over every invoice the customer owes for (neither draft nor cancelled), whatever the
 * search and tab: invoiced, paid, still due, and what of it is overdue.
 */
export function invoiceTotals(db: Db, partnerId: number, today: string): InvoiceTotals {
  const sums = db
    .prepare(
      `SELECT coalesce(sum(total), 0) AS total, coalesce(sum(paid), 0) AS paid,
         coalesce(sum(due), 0) AS due, coalesce(sum(CASE WHEN overdue THEN due END), 0) AS overdue
       FROM (
         SELECT total, paid, CASE WHEN state = 'paid' THEN 0 ELSE max(total - paid, 0) END AS due, overdue
         FROM (
           SELECT i.state, i.amount_total_cents AS total, ${PAID_CENTS} AS paid,
             ${TAB_CONDITIONS.overdue} AS overdue
           FROM invoices i WHERE i.partner_id = @partnerId AND ${OWED}
         )
       )`,
    )
    .get({ partnerId, today }) as { total: number; paid: number; due: number; overdue: number };
  return {
    currency: customerCurrency(db, partnerId),
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
export function listInvoices(
  db: Db,
  filter: InvoiceListFilter,
  today: string,
): { invoices: Invoice[]; total: number; counts: InvoiceCounts; totals: InvoiceTotals } {
  const conditions = ['i.partner_id = ?'];
  const values: unknown[] = [filter.partnerId];
  if (!filter.withDrafts) conditions.push(`i.state <> 'draft'`);
  if (filter.search) {
    const search = searchCondition(['i.name', 'o.name'], filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const from = 'FROM invoices i LEFT JOIN shipping_orders o ON o.id = i.shipping_order_id';
  const countColumns = INVOICE_FILTERS.map((tab) => `coalesce(sum(${TAB_CONDITIONS[tab]}), 0) AS ${tab}`);
  const counts = db
    .prepare(`SELECT ${countColumns.join(', ')} ${from} ${where(conditions)}`)
    .get(...values, { today }) as InvoiceCounts;
  const pageConditions = [...conditions, TAB_CONDITIONS[filter.tab]];
  // The page is picked by id first, so that the joins and the payments are summed for its rows only.
  const rows = db
    .prepare(
      `WITH page AS (
         SELECT i.id ${from} ${where(pageConditions)}
         ORDER BY i.invoice_date DESC, i.id DESC LIMIT @limit OFFSET @offset
       )
       ${INVOICE_SELECT} WHERE i.id IN (SELECT id FROM page) ORDER BY i.invoice_date DESC, i.id DESC`,
    )
    .all(...values, { today, limit: filter.limit, offset: filter.offset }) as InvoiceRow[];
  return {
    invoices: rows.map((row) => toInvoice(row, today)),
    total: counts[filter.tab],
    counts,
    totals: invoiceTotals(db, filter.partnerId, today),
  };
}

export function findInvoiceById(db: Db, id: number): InvoiceRow | null {
  return (db.prepare(`${INVOICE_SELECT} WHERE i.id = ?`).get(id) as InvoiceRow | undefined) ?? null;
}

/** By its number, ignoring case (the column's collation). */
export function findInvoiceByName(db: Db, name: string): InvoiceRow | null {
  return (db.prepare(`${INVOICE_SELECT} WHERE i.name = ?`).get(name) as InvoiceRow | undefined) ?? null;
}

type PaymentRow = Omit<InvoicePayment, 'amount'> & { amount_cents: number };

function toPayment({ amount_cents, ...row }: PaymentRow): InvoicePayment {
  return { ...row, amount: fromCents(amount_cents) };
}

/** The invoice with its lines and its payments (in date order). */
export function invoiceDetail(db: Db, row: InvoiceRow, today: string): InvoiceDetail {
  const lines = (
    db
      .prepare(
        `SELECT id, description, quantity, unit_price_cents, tax_rate, subtotal_cents FROM invoice_lines
         WHERE invoice_id = ? ORDER BY id`,
      )
      .all(row.id) as {
      id: number;
      description: string;
      quantity: number;
      unit_price_cents: number;
      tax_rate: number;
      subtotal_cents: number;
    }[]
  ).map((line) => ({
    id: line.id,
    description: line.description,
    quantity: line.quantity,
    unit_price: fromCents(line.unit_price_cents),
    tax_rate: line.tax_rate,
    subtotal: fromCents(line.subtotal_cents),
  }));
  const payments = (
    db
      .prepare(
        `SELECT id, invoice_id, name, date, amount_cents, method, reference FROM invoice_payments
         WHERE invoice_id = ? ORDER BY date, id`,
      )
      .all(row.id) as PaymentRow[]
  ).map(toPayment);
  return { ...toInvoice(row, today), lines, payments };
}

// ---- Statements ----

type StatementLine = Statement['lines'][number];

/**
 * The customer's statement from `dateFrom` to `dateTo` (inclusive): the opening balance (what was
 * owed before the period: invoices neither draft nor cancelled, less their payments), each invoice
 * (debit) and payment (credit) of the period in date order (on one day invoices first) with the
 * balance after it, and the closing balance. Null when there is no such partner.
 */
export function customerStatement(
  db: Db,
  partnerId: number,
  dateFrom: string,
  dateTo: string,
): Statement | null {
  const partner = db
    .prepare('SELECT id, name, email, phone, street, city, country FROM partners WHERE id = ?')
    .get(partnerId) as
    | {
        id: number;
        name: string;
        email: string | null;
        phone: string | null;
        street: string | null;
        city: string | null;
        country: string | null;
      }
    | undefined;
  if (!partner) return null;
  const payments = `FROM invoice_payments pay JOIN invoices i ON i.id = pay.invoice_id
    WHERE i.partner_id = @partnerId AND ${OWED}`;
  const opening = Number(
    db
      .prepare(
        `SELECT
           (SELECT coalesce(sum(i.amount_total_cents), 0) FROM invoices i
            WHERE i.partner_id = @partnerId AND ${OWED} AND i.invoice_date < @dateFrom)
           - (SELECT coalesce(sum(pay.amount_cents), 0) ${payments} AND pay.date < @dateFrom)`,
      )
      .pluck()
      .get({ partnerId, dateFrom }),
  );
  const entries = db
    .prepare(
      `SELECT i.invoice_date AS date, 'invoice' AS kind, i.name AS reference, NULL AS invoice_name,
         i.amount_total_cents AS debit, 0 AS credit, i.id
       FROM invoices i
       WHERE i.partner_id = @partnerId AND ${OWED} AND i.invoice_date BETWEEN @dateFrom AND @dateTo
       UNION ALL
       SELECT pay.date, 'payment', pay.name, i.name, 0, pay.amount_cents, pay.id
       ${payments} AND pay.date BETWEEN @dateFrom AND @dateTo
       ORDER BY date, kind, id`,
    )
    .all({ partnerId, dateFrom, dateTo }) as (Omit<StatementLine, 'balance'> & { id: number })[];
  let balance = opening;
  let invoiced = 0;
  let paid = 0;
  const lines = entries.map(({ id: _id, ...entry }): StatementLine => {
    invoiced += entry.debit;
    paid += entry.credit;
    balance += entry.debit - entry.credit;
    return {
      ...entry,
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
    currency: customerCurrency(db, partnerId),
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
}

/**
 * Keeps an order's invoice status and total those of its invoice; the order's `updated_at` moves
 * (never back) only when they change.
 */
function syncOrder(db: Db, orderId: number | null, state: InvoiceState, totalCents: number, now: Date) {
  if (orderId === null) return;
  db.prepare(
    `UPDATE shipping_orders SET invoice_status = @state, total_invoice_cents = @totalCents,
       updated_at = max(updated_at, @now)
     WHERE id = @orderId AND (invoice_status <> @state OR total_invoice_cents <> @totalCents)`,
  ).run({ orderId, state, totalCents, now: now.toISOString() });
}

/**
 * Keeps the customer's name, e-mail, phone and address on the invoice as they are now: an issued
 * invoice bills whom it billed that day, whatever the customer is renamed to or moves to later.
 */
export function snapshotBillTo(db: Db, invoiceId: number): void {
  db.prepare(
    `UPDATE invoices SET (billed_name, billed_email, billed_phone, billed_street, billed_city, billed_country) =
       (SELECT p.name, p.email, p.phone, p.street, p.city, p.country FROM partners p WHERE p.id = invoices.partner_id)
     WHERE id = ?`,
  ).run(invoiceId);
}

/**
 * Inserts an invoice with its lines and the next number of the year (INV-YYYY-NNNN); the amounts
 * are worked out from the lines (lineAmounts). Throws when the order is not the customer's. Checked
 * and written in one transaction, so that the number is not taken in between.
 */
export function insertInvoice(db: Db, invoice: NewInvoice, now: Date): { id: number; name: string } {
  return db
    .transaction(() => {
      if (invoice.shippingOrderId !== null) {
        const owner = db
          .prepare('SELECT partner_id FROM shipping_orders WHERE id = ?')
          .pluck()
          .get(invoice.shippingOrderId);
        if (owner !== invoice.partnerId)
          throw new Error(`Order ${invoice.shippingOrderId} is not partner ${invoice.partnerId}'s`);
      }
      const lines = invoice.lines.map((line) => ({ ...line, ...lineAmounts(line) }));
      const untaxed = lines.reduce((sum, line) => sum + line.subtotal, 0);
      const tax = lines.reduce((sum, line) => sum + line.tax, 0);
      const name = nextNumber(db, 'INV', now);
      const result = db
        .prepare(
          `INSERT INTO invoices (name, partner_id, shipping_order_id, state, invoice_date, due_date, currency,
             amount_untaxed_cents, amount_tax_cents, amount_total_cents, created_at, updated_at)
           VALUES (@name, @partnerId, @shippingOrderId, @state, @invoiceDate, @dueDate, @currency,
             @untaxed, @tax, @total, @now, @now)`,
        )
        .run({
          name,
          partnerId: invoice.partnerId,
          shippingOrderId: invoice.shippingOrderId,
          state: invoice.state,
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate ?? addDays(invoice.invoiceDate, PAYMENT_TERM_DAYS),
          currency: invoice.currency,
          untaxed,
          tax,
          total: untaxed + tax,
          now: now.toISOString(),
        });
      const id = Number(result.lastInsertRowid);
      if (invoice.state !== 'draft') snapshotBillTo(db, id);
      const insertLine = db.prepare(
        `INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_cents, tax_rate, subtotal_cents)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      for (const line of lines)
        insertLine.run(id, line.description, line.quantity, line.unitPriceCents, line.taxRate, line.subtotal);
      syncOrder(db, invoice.shippingOrderId, invoice.state, untaxed + tax, now);
      return { id, name };
    })
    .immediate();
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
 * and written in one transaction.
 */
export function addInvoicePayment(
  db: Db,
  invoiceId: number,
  payment: NewInvoicePayment,
  now: Date,
): PaymentOutcome {
  if (!Number.isInteger(payment.amountCents) || payment.amountCents <= 0)
    throw new RangeError('A payment is a positive number of cents');
  return db
    .transaction((): PaymentOutcome => {
      const invoice = findInvoiceById(db, invoiceId);
      if (!invoice) return 'not_found';
      if (invoice.state === 'draft' || invoice.state === 'cancelled') return 'not_payable';
      if (payment.amountCents > amountDueCents(invoice)) return 'overpaid';
      const name = nextNumber(db, 'PAY', now);
      const result = db
        .prepare(
          `INSERT INTO invoice_payments (invoice_id, name, date, amount_cents, method, reference, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          invoiceId,
          name,
          payment.date,
          payment.amountCents,
          payment.method,
          payment.reference,
          now.toISOString(),
        );
      const state: InvoiceState =
        invoice.paid_cents + payment.amountCents >= invoice.amount_total_cents ? 'paid' : 'partially_paid';
      db.prepare('UPDATE invoices SET state = ?, updated_at = ? WHERE id = ?').run(
        state,
        now.toISOString(),
        invoiceId,
      );
      syncOrder(db, invoice.shipping_order_id, state, invoice.amount_total_cents, now);
      return toPayment({
        id: Number(result.lastInsertRowid),
        invoice_id: invoiceId,
        name,
        date: payment.date,
        amount_cents: payment.amountCents,
        method: payment.method,
        reference: payment.reference,
      });
    })
    .immediate();
}
