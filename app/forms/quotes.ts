// Quote forms and URL state: the quotes list, staff's quote editor, the customer's decline.
// Messages are translation keys (namespace common, or "quotes:…").
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '~/catalog';
import {
  INCOTERMS,
  QUOTE_CURRENCIES,
  QUOTE_LINE_KINDS,
  QUOTE_MAX_LINES,
  QUOTE_STATUSES,
  QUOTE_UNITS,
} from '@contract/values';
import { decimalText, pageParam, plainText, searchParam } from '~/services/input';

/** /apps/quotes: search, status, page. */
export const quoteListParams = z.object({
  q: searchParam(),
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
  page: pageParam,
});
export type QuoteListParams = z.infer<typeof quoteListParams>;

const choose = { errorMap: () => ({ message: 'validation.choose' }) };

const line = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, choose),
  description: plainText(200, { tooLong: 'validation.tooLong', required: 'validation.required' }),
  quantity: decimalText({
    min: 0,
    aboveMin: true,
    max: 1_000_000,
    decimals: 3,
    tooSmall: 'validation.positive',
  }),
  unit: z.enum(QUOTE_UNITS, choose),
  unitPrice: decimalText({ min: 0, max: 1e9, decimals: 2, tooSmall: 'validation.notNegative' }),
});

/** A row of the editor left blank (no description, quantity or price) is not a line. */
function blankRow(row: unknown): boolean {
  if (typeof row !== 'object' || row === null) return true;
  const { description, quantity, unitPrice } = row as Record<string, unknown>;
  return [description, quantity, unitPrice].every((value) => value === undefined || value === '');
}

/** Staff's quote editor: the terms, the shipment it prices, and its lines (blank rows are dropped). */
export const quoteSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES, choose),
  validUntil: z
    .string({ required_error: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  transitDays: decimalText({ min: 1, max: 365, decimals: 0, tooSmall: 'validation.positive' }).optional(),
  incoterm: z.enum(INCOTERMS, choose).optional(),
  notes: plainText(2000, { multiline: true, tooLong: 'validation.tooLong' }).optional(),
  category: z.enum(CATEGORIES, choose),
  containerType: z.enum(CONTAINER_TYPES, choose),
  cbm: decimalText({ min: 0, aboveMin: true, max: 10_000, decimals: 3, tooSmall: 'validation.positive' }),
  origin: z.enum(ORIGINS, choose),
  // A blank row is null where it stands, so that a message keeps the index of the row it is about.
  lines: z
    .array(z.preprocess((row) => (blankRow(row) ? null : row), line.nullable()))
    .max(QUOTE_MAX_LINES, 'quotes:editor.tooManyLines')
    .optional()
    .transform((rows) => (rows ?? []).filter((row): row is z.infer<typeof line> => row !== null)),
});
export type QuoteForm = z.infer<typeof quoteSchema>;

/** The customer declines a quote and says why (staff read it). */
export const quoteDeclineSchema = z.object({
  reason: plainText(2000, {
    multiline: true,
    tooLong: 'validation.tooLong',
    required: 'quotes:decline.reasonRequired',
  }),
});
