// The request forms (spec sections 3 and 5): one schema each, used by the browser and the action.
// Messages are translation keys (namespace common).
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, DESTINATIONS, ORIGINS, SERVICES } from '~/catalog';
import { QUOTE_CURRENCIES, REQUEST_STATUSES } from '@contract/values';
import { decimalText, formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const description = plainText(5000, { multiline: true, tooLong: 'validation.tooLong' }).optional();
/** Files are read from the stream on the server (uploads.server.ts); the schema only names the field. */
const attachments = z.unknown().optional();

/** /apps/send-request-for-service: pick a service and say what is needed. */
export const serviceRequestSchema = z.object({
  service: z.enum(SERVICES, { errorMap: () => ({ message: 'validation.choose' }) }),
  description,
  attachments,
});

/** /apps/request-for-shipping, -quotation, -trade-finance: the detailed forms. */
export const detailedRequestSchema = z.object({
  category: z.enum(CATEGORIES, { errorMap: () => ({ message: 'validation.choose' }) }),
  containerType: z.enum(CONTAINER_TYPES, { errorMap: () => ({ message: 'validation.choose' }) }),
  origin: z.enum(ORIGINS, { errorMap: () => ({ message: 'validation.choose' }) }),
  // Cubic metres to the litre; money to the cent.
  cbm: decimalText({ min: 0, aboveMin: true, max: 100_000, decimals: 3, tooSmall: 'validation.positive' }),
  /** Asked (and required) by the quotation form only. */
  destination: z.enum(DESTINATIONS, { errorMap: () => ({ message: 'validation.choose' }) }).optional(),
  expectedRevenue: decimalText({
    min: 0,
    max: 1e12,
    decimals: 2,
    tooSmall: 'validation.notNegative',
  }).default('0'),
  description,
  attachments,
});

/** /apps/request-for-quotation: the detailed form, and where the goods go (its lane's rate prices it). */
export const quotationRequestSchema = detailedRequestSchema.required({ destination: true });

/** /apps/request-for-trade-finance: the application (amount, tenor, purpose, supplier, own orders). */
export const financeRequestSchema = z.object({
  amount: decimalText({ min: 0, aboveMin: true, max: 1e10, decimals: 2, tooSmall: 'validation.positive' }),
  currency: z.enum(QUOTE_CURRENCIES, { errorMap: () => ({ message: 'validation.choose' }) }),
  tenorMonths: decimalText({ min: 1, max: 60, decimals: 0, tooSmall: 'validation.positive' }),
  purpose: plainText(2000, {
    multiline: true,
    tooLong: 'validation.tooLong',
    required: 'validation.required',
  }),
  supplierName: plainText(200, { tooLong: 'validation.tooLong', required: 'validation.required' }),
  supplierCountry: plainText(100, { tooLong: 'validation.tooLong', required: 'validation.required' }),
  /** Checked boxes of the customer's own orders (none is fine). */
  orderIds: z
    .union([formRecordId(), z.array(formRecordId())])
    .optional()
    .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])),
  attachments,
});

/** Staff approve or reject a pending request; a rejection says why (the customer reads the note). */
/** Staff reopen a decided request, saying why (the customer reads it). */
export const reopenSchema = z.object({
  note: plainText(2000, {
    multiline: true,
    tooLong: 'validation.tooLong',
    required: 'requests:reopen.noteRequired',
  }),
});

export const reviewSchema = z
  .object({
    id: formRecordId(),
    decision: z.enum(['approved', 'rejected'], { errorMap: () => ({ message: 'validation.choose' }) }),
    note: plainText(2000, { multiline: true, tooLong: 'validation.tooLong' }).optional(),
  })
  // Said above the form (its note field is a plain one, with no message of its own).
  .refine((review) => review.decision !== 'rejected' || Boolean(review.note), {
    message: 'requests:review.reasonRequired',
  });

/** The URL state of a request list: search, status, service, page. */
export const requestListParams = z.object({
  q: searchParam(),
  status: z.enum(REQUEST_STATUSES).optional().catch(undefined),
  service: z.enum(SERVICES).optional().catch(undefined),
  /** `all` (or an unknown value) is every origin. */
  origin: z.enum(ORIGINS).optional().catch(undefined),
  page: pageParam,
});
export type RequestListParams = z.infer<typeof requestListParams>;
