/** Trade finance (loans, transactions, schedules) and billing (invoices, payments, statements). */
import { z } from 'zod';
import { CATEGORIES } from '../app/catalog';
import { decimalNumber, withoutControls } from '../app/services/input';
import {
  INVOICE_FILTERS,
  INVOICE_STATES,
  LOAN_NOTE_CODES,
  LOAN_PAYMENT_STATUSES,
  LOAN_STATES,
  LOAN_TABS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from './values';
import { id } from './fields';
import { listQuery } from './common';
import { isoDate } from './dates';
import { attachmentInfo } from './requests';

/** The loan number, e.g. LN-2026-0007 (the loan-details page's `{loanNumber}`). */
export const loanNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'not a loan number');

export const loan = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  state: z.enum(LOAN_STATES),
  principal: z.number().nonnegative(),
  currency: z.string().length(3),
  /** Yearly, in percent. */
  interest_rate: z.number().nonnegative(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  paid_amount: z.number().nonnegative(),
  /** Principal, interest and fees still owed. */
  outstanding: z.number().nonnegative(),
  payment_status: z.enum(LOAN_PAYMENT_STATUSES),
  next_due_date: z.string().nullable(),
  overdue_amount: z.number().nonnegative(),
  request_id: z.number().int().nullable(),
  staff_note: z.string().nullable(),
  created_at: z.string(),
});
export type Loan = z.infer<typeof loan>;

export const loansQuery = listQuery.extend({
  tab: z.enum(LOAN_TABS).optional(),
  partner_id: id.optional(),
});

/** Spec section 7: `status` is "success" or not; otherwise `message` says why. */
export const loansAnswer = z.object({
  status: z.string(),
  loans: z.array(loan).default([]),
  message: z.string().optional(),
  /** Extension: all loans matching, before limit and offset. */
  total: z.number().int().nonnegative().optional(),
  counts: z.record(z.enum(LOAN_TABS), z.number().int().nonnegative()).optional(),
});

export const loanTransaction = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number().nonnegative(),
  date: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * Extension: set when the back office wrote the note (its pay-out, a fee, an instalment): what it says,
   * as a code and its values, for the reader's language; `note` keeps the English words.
   */
  note_code: z.enum(LOAN_NOTE_CODES).nullable().optional(),
  note_params: z
    .record(z.union([z.string(), z.number()]))
    .nullable()
    .optional(),
  /** Balance owed after this transaction, in date order. */
  balance: z.number(),
});
export type LoanTransaction = z.infer<typeof loanTransaction>;

/** Extension: staff record a repayment received or a fee charged on an active loan. */
export const loanTransactionCreate = z.object({
  type: z.enum(['repayment', 'fee']),
  amount: decimalNumber({ min: 0.01, max: 1e12, decimals: 2 }),
  /** The day it happened: not in the future (the back office checks it against its own clock). */
  date: isoDate,
  reference: withoutControls(z.string().trim().max(100)).optional(),
  note: withoutControls(z.string().trim().max(500)).optional(),
});
export type LoanTransactionCreate = z.input<typeof loanTransactionCreate>;

export const loanTransactionsAnswer = z.object({
  status: z.string(),
  transactions: z.array(loanTransaction).default([]),
  message: z.string().optional(),
});

export const scheduleLine = z.object({
  due_date: z.string(),
  principal: z.number().nonnegative(),
  interest: z.number().nonnegative(),
  amount: z.number().nonnegative(),
  status: z.enum(['paid', 'due', 'overdue', 'upcoming']),
});

export const financedShipment = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  category: z.enum(CATEGORIES),
  total_invoice: z.number().nonnegative(),
});

export const loanDetail = loan.extend({
  schedule: z.array(scheduleLine),
  documents: z.array(attachmentInfo),
  shipments: z.array(financedShipment),
});
export type LoanDetail = z.infer<typeof loanDetail>;

export const loanFromRequest = z.object({
  principal: decimalNumber({ min: 0, aboveMin: true, max: 1e9, decimals: 2 }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'not a currency code')
    .default('USD'),
  interest_rate: decimalNumber({ min: 0, max: 100, decimals: 2 }),
  /** The number of equal monthly instalments. */
  term_months: decimalNumber({ min: 1, max: 60, decimals: 0 }),
  /** Charged as a fee on the day of the pay-out. */
  arrangement_fee: decimalNumber({ min: 0, max: 1e9, decimals: 2 }).default(0),
  /** The first instalment's date: after today and within a year (the back office's clock); a month from today if absent. */
  first_due_date: isoDate.optional(),
  /** Kept as the request's decision note when this approves it. */
  note: withoutControls(z.string().trim().max(2000), { multiline: true }).optional(),
});

export const loanDecision = z.object({
  state: z.enum(['approved', 'denied']),
  note: withoutControls(z.string().trim().max(2000), { multiline: true }).optional(),
});

export const financeSummary = z.object({
  currency: z.string().length(3),
  /** What the active loans still owe: the sum of the loans list's Outstanding column. */
  outstanding: z.number().nonnegative(),
  /** The earliest instalment not yet paid that is due today or later (an overdue one is overdue, not next). */
  next_due_date: z.string().nullable(),
  next_due_amount: z.number().nonnegative(),
  overdue_amount: z.number().nonnegative(),
  /** Staff only (empty for a client): outstanding per customer, largest first. */
  exposure: z.array(
    z.object({
      partner_id: z.number().int(),
      partner_name: z.string(),
      outstanding: z.number().nonnegative(),
    }),
  ),
});

/** The invoice number, e.g. INV-2026-0012. */
export const invoiceName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'not an invoice number');

export const invoice = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_id: z.number().int(),
  /** Bill-to: the customer as it was when the invoice was issued; a draft's follows the customer. */
  partner_name: z.string(),
  partner_email: z.string().nullable(),
  partner_phone: z.string().nullable(),
  partner_address: z.string().nullable(),
  shipping_order_id: z.number().int().nullable(),
  shipping_order_name: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  /** Dates as YYYY-MM-DD. */
  invoice_date: z.string(),
  due_date: z.string(),
  currency: z.string().length(3),
  amount_untaxed: z.number().nonnegative(),
  amount_tax: z.number().nonnegative(),
  amount_total: z.number().nonnegative(),
  amount_paid: z.number().nonnegative(),
  /** Still to pay (0 when paid or cancelled). */
  amount_due: z.number().nonnegative(),
  /** Unpaid or partly paid after its due date (as of the back office's today). */
  overdue: z.boolean(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceLine = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().nonnegative(),
  unit_price: z.number().nonnegative(),
  /** Tax rate in percent. */
  tax_rate: z.number().nonnegative(),
  subtotal: z.number().nonnegative(),
});

export const invoicePayment = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  /** The payment's number, e.g. PAY-2026-0031. */
  name: z.string(),
  date: z.string(),
  amount: z.number().positive(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoiceDetail = invoice.extend({
  lines: z.array(invoiceLine),
  payments: z.array(invoicePayment),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const customerInvoicesQuery = listQuery.extend({
  customer_id: id,
  filter: z.enum(INVOICE_FILTERS).optional(),
});

export const invoicesAnswer = z.object({
  invoices: z.array(invoice),
  /** All matching, before limit and offset. */
  total: z.number().int().nonnegative(),
  counts: z.record(z.enum(INVOICE_FILTERS), z.number().int().nonnegative()),
  /** Totals over every invoice of the customer (not only the page). */
  totals: z.object({
    currency: z.string().length(3),
    amount_total: z.number().nonnegative(),
    amount_paid: z.number().nonnegative(),
    amount_due: z.number().nonnegative(),
    overdue: z.number().nonnegative(),
  }),
});

export const statementQuery = z
  .object({ customer_id: id, date_from: isoDate, date_to: isoDate })
  .refine((query) => query.date_from <= query.date_to, {
    message: 'date_from after date_to',
    path: ['date_to'],
  });

export const statementLine = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment']),
  /** The invoice's or payment's number. */
  reference: z.string(),
  /** For a payment, the invoice it pays. */
  invoice_name: z.string().nullable(),
  debit: z.number().nonnegative(),
  credit: z.number().nonnegative(),
  /** What the customer owes after this line. */
  balance: z.number(),
});

export const statement = z.object({
  partner_id: z.number().int(),
  partner_name: z.string(),
  partner_email: z.string().nullable(),
  partner_phone: z.string().nullable(),
  partner_address: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  currency: z.string().length(3),
  /** Owed before date_from: posted invoices (not draft or cancelled) less payments. */
  opening_balance: z.number(),
  lines: z.array(statementLine),
  total_invoiced: z.number().nonnegative(),
  total_paid: z.number().nonnegative(),
  closing_balance: z.number(),
});
export type Statement = z.infer<typeof statement>;
