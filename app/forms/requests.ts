// The request forms (spec sections 3 and 5): one schema each, used by the browser and the action.
// Messages are translation keys (namespace common).
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS, SERVICES } from '~/catalog';
import { REQUEST_STATUSES } from '~/services/backoffice/contract';

const choose = { required_error: 'validation.choose', invalid_type_error: 'validation.choose' };
const description = z.string().trim().max(5000, 'validation.tooLong').optional();
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
  cbm: z
    .number({ ...choose, required_error: 'validation.required', invalid_type_error: 'validation.number' })
    .positive('validation.positive')
    .max(100_000, 'validation.tooLarge'),
  expectedRevenue: z
    .number({ invalid_type_error: 'validation.number' })
    .min(0, 'validation.notNegative')
    .max(1e12, 'validation.tooLarge')
    .default(0),
  description,
  attachments,
});

/** Staff approve or reject a pending request, with an optional note. */
export const reviewSchema = z.object({
  id: z.number({ required_error: 'validation.required' }).int().positive(),
  decision: z.enum(['approved', 'rejected'], { errorMap: () => ({ message: 'validation.choose' }) }),
  note: z.string().trim().max(2000, 'validation.tooLong').optional(),
});

/** The URL state of a request list: search, status, service, page. */
export const requestListParams = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(REQUEST_STATUSES).optional().catch(undefined),
  service: z.enum(SERVICES).optional().catch(undefined),
  /** `all` (or an unknown value) is every origin. */
  origin: z.enum(ORIGINS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type RequestListParams = z.infer<typeof requestListParams>;
