/** Shipping requests and their attachments. */
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, DESTINATIONS, ORIGINS, SERVICES } from '../app/catalog';
import { decimalNumber, withoutControls } from '../app/services/input';
import {
  ATTACHMENT_LIMITS,
  QUOTE_CURRENCIES,
  REQUEST_EVENT_KINDS,
  REQUEST_STATUSES,
  attachmentType,
} from './values';
import { base64, email, id } from './fields';
import { listQuery } from './common';

export const attachmentUpload = z.object({
  filename: withoutControls(z.string().trim().min(1).max(255)).refine(
    (name) => attachmentType(name) !== undefined,
    'file type not allowed',
  ),
  // Sizes are checked on the decoded bytes (413 naming the file); the call's body limit bounds the rest.
  data: base64.min(1),
});

/** Extension: what a trade-finance request applies for (a back office may ignore it). */
export const financeApplicationInput = z.object({
  amount: decimalNumber({ min: 0.01, max: 1e10, decimals: 2 }),
  currency: z.enum(QUOTE_CURRENCIES),
  tenor_months: decimalNumber({ min: 1, max: 60, decimals: 0 }),
  purpose: withoutControls(z.string().trim().min(1).max(2000), { multiline: true }),
  supplier_name: withoutControls(z.string().trim().min(1).max(200)),
  supplier_country: withoutControls(z.string().trim().min(1).max(100)),
  /** The customer's own shipping orders it finances; another customer's is refused (400). */
  order_ids: z.array(id).max(50).default([]),
});

export type FinanceApplicationInput = z.infer<typeof financeApplicationInput>;

export const financeApplication = z.object({
  amount: z.number(),
  currency: z.string().length(3),
  tenor_months: z.number().int(),
  purpose: z.string(),
  supplier_name: z.string(),
  supplier_country: z.string(),
  orders: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FinanceApplication = z.infer<typeof financeApplication>;

/**
 * Extension: a detailed request's choices as codes (its origin and destination travel as `origin` and
 * `destination`), beside the readable lines of the description, which stay for a back office that keeps
 * only those (ADR 062). A back office may ignore it.
 */
export const requestDetailCodesInput = z.object({
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  // Cubic metres to the litre, as the forms ask them.
  cbm: decimalNumber({ min: 0, aboveMin: true, max: 100_000, decimals: 3 }),
});

export const requestDetailCodes = z.object({
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  cbm: z.number().positive(),
});
export type RequestDetailCodes = z.infer<typeof requestDetailCodes>;

/** Exactly the payload of spec section 7, plus `service` (extension; a back office may ignore it). */
export const shippingRequestCreate = z.object({
  partner_id: id,
  email_from: email,
  name: withoutControls(z.string().trim().min(1).max(200)),
  description: withoutControls(z.string().max(10_000), { multiline: true }),
  expected_revenue: decimalNumber({ min: 0, max: 1e12, decimals: 2 }).default(0),
  attachments: z.array(attachmentUpload).max(ATTACHMENT_LIMITS.files).default([]),
  service: z.enum(SERVICES).optional(),
  /** Extension: where the goods come from, when the form asked (a back office may ignore it). */
  origin: z.enum(ORIGINS).optional(),
  /** Extension: where they go, when the form asked (a quotation request; a back office may ignore it). */
  destination: z.enum(DESTINATIONS).optional(),
  /** Extension: a trade-finance request's application. */
  finance: financeApplicationInput.optional(),
  /** Extension: a shipping or quotation request's category, container type and CBMs, as codes. */
  details: requestDetailCodesInput.optional(),
});
export type ShippingRequestCreate = z.input<typeof shippingRequestCreate>;

export const attachmentInfo = z.object({
  id: z.number().int(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
});

/** One step of a request's history: who did what, when, and the note. */
export const requestEvent = z.object({
  kind: z.enum(REQUEST_EVENT_KINDS),
  note: z.string().nullable(),
  /** The person's name (a customer's own step names the customer's user). */
  by: z.string().nullable(),
  at: z.string(),
});
export type RequestEvent = z.infer<typeof requestEvent>;

export const shippingRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  service: z.enum(SERVICES).nullable(),
  /** Extension: where the goods come from, when known. */
  origin: z.enum(ORIGINS).nullable().optional(),
  /** Extension: where the goods go, when known. */
  destination: z.enum(DESTINATIONS).nullable().optional(),
  /** Extension: the category, container type and CBMs as codes, when the request was sent with them. */
  details: requestDetailCodes.nullable().optional(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  email_from: z.string(),
  description: z.string(),
  expected_revenue: z.number(),
  status: z.enum(REQUEST_STATUSES),
  staff_note: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  attachments: z.array(attachmentInfo),
  shipping_order_id: z.number().int().nullable(),
  /** Extension: the loan made from an approved trade-finance request. */
  loan_id: z.number().int().nullable().optional(),
  /** Extension: that loan's number (LN-YYYY-NNNN), which its page is found by. */
  loan_name: z.string().nullable().optional(),
  /** Extension: a trade-finance request's application, when it was sent with one. */
  finance: financeApplication.nullable().optional(),
  /** Extension: when the customer withdrew it (status `withdrawn`). */
  withdrawn_at: z.string().nullable().optional(),
  /** Extension: what happened after it was sent, oldest first. */
  history: z.array(requestEvent).optional(),
});
export type ShippingRequest = z.infer<typeof shippingRequest>;

/**
 * Extension: the customer corrects its pending request: what the form sent, without the files (they
 * stay) and the customer (it stays). The application and the details, when there are any, are replaced
 * whole (without them, the request has none).
 */
export const shippingRequestCorrection = shippingRequestCreate.pick({
  name: true,
  description: true,
  expected_revenue: true,
  service: true,
  origin: true,
  destination: true,
  finance: true,
  details: true,
});
export type ShippingRequestCorrection = z.input<typeof shippingRequestCorrection>;

export const shippingRequestsQuery = listQuery.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
  /** Extension: requests whose goods come from this origin. */
  origin: z.enum(ORIGINS).optional(),
  /** Extension: with `origin`, also the requests whose origin is not known (a warehouse's queue). */
  with_unknown_origin: z.enum(['true', 'false']).optional(),
  service: z.enum(SERVICES).optional(),
  partner_id: id.optional(),
});

export const shippingRequestsAnswer = z.object({
  requests: z.array(shippingRequest),
  /** All matching requests, before limit and offset. */
  total: z.number().int().nonnegative(),
});

/** Staff reopen a decided request, saying why (the customer reads the note). */
export const shippingRequestReopen = z.object({
  note: withoutControls(z.string().trim().min(1).max(2000), { multiline: true }),
});

/** A decision on a pending request; a rejection says why (the customer reads the note). */
export const shippingRequestReview = z
  .object({
    status: z.enum(['approved', 'rejected']),
    note: withoutControls(z.string().trim().max(2000), { multiline: true }).optional(),
  })
  .refine((review) => review.status !== 'rejected' || Boolean(review.note), {
    message: 'a rejection needs a reason',
    path: ['note'],
  });
