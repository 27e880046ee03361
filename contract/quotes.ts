/** Quotes (extension): staff's priced answers to a customer's quotation request, and the customer's decision. */
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '../app/catalog';
import { decimalNumber, withoutControls } from '../app/services/input';
import {
  INCOTERMS,
  QUOTE_CURRENCIES,
  QUOTE_LINE_KINDS,
  QUOTE_MAX_LINES,
  QUOTE_STATUSES,
  QUOTE_UNITS,
} from './values';
import { id, optionalText, requiredText } from './fields';
import { isoDate } from './dates';
import { listQuery } from './common';

export const quoteLineInput = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  description: requiredText(200),
  quantity: decimalNumber({ min: 0, aboveMin: true, max: 1_000_000, decimals: 3 }),
  unit: z.enum(QUOTE_UNITS),
  /** In the quote's currency, per unit. */
  unit_price: decimalNumber({ min: 0, max: 1e9, decimals: 2 }),
});
export type QuoteLineInput = z.input<typeof quoteLineInput>;

/**
 * What staff write on a quote: its lines and terms, and the shipment it prices (filled from the request
 * by the portal, corrected by staff), which becomes the shipping order when the customer accepts.
 */
export const quoteInput = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  /** The last day the customer may accept it. */
  valid_until: isoDate,
  transit_days: decimalNumber({ min: 1, max: 365, decimals: 0 }).nullable().optional(),
  incoterm: z.enum(INCOTERMS).nullable().optional(),
  notes: optionalText(2000, true),
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  cbm: decimalNumber({ min: 0, aboveMin: true, max: 10_000, decimals: 3 }),
  origin: z.enum(ORIGINS),
  /** A draft may have none; a quote is sent with at least one. */
  lines: z.array(quoteLineInput).max(QUOTE_MAX_LINES),
});
export type QuoteInput = z.input<typeof quoteInput>;

export const quoteLine = z.object({
  id: z.number().int(),
  kind: z.enum(QUOTE_LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
  unit: z.enum(QUOTE_UNITS),
  unit_price: z.number(),
  /** quantity × unit price, rounded to the cent. */
  amount: z.number(),
});

export const quoteSummary = z.object({
  id: z.number().int(),
  /** The quote's number, shared by its versions, e.g. QT-2026-0003. */
  name: z.string(),
  version: z.number().int().positive(),
  request_id: z.number().int(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  status: z.enum(QUOTE_STATUSES),
  currency: z.string().length(3),
  total: z.number(),
  valid_until: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummary>;

export const quoteDetail = quoteSummary.extend({
  transit_days: z.number().int().nullable(),
  incoterm: z.enum(INCOTERMS).nullable(),
  notes: z.string().nullable(),
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  cbm: z.number(),
  origin: z.enum(ORIGINS),
  lines: z.array(quoteLine),
  /** The customer's reason, when declined. */
  decline_reason: z.string().nullable(),
  /** The order made when the customer accepted it. */
  shipping_order_id: z.number().int().nullable(),
  shipping_order_name: z.string().nullable(),
  created_by: z.string().nullable(),
  sent_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** Every version of this quote the caller may see (a customer: not drafts), oldest first. */
  versions: z.array(quoteSummary.pick({ id: true, version: true, status: true, sent_at: true })),
});
export type QuoteDetail = z.infer<typeof quoteDetail>;

export const quotesQuery = listQuery.extend({
  request_id: id.optional(),
  status: z.enum(QUOTE_STATUSES).optional(),
});

export const quotesAnswer = z.object({
  quotes: z.array(quoteSummary),
  total: z.number().int().nonnegative(),
});

export const quoteDecline = z.object({
  reason: withoutControls(z.string().trim().min(1).max(2000), { multiline: true }),
});
