/** What every call shares: the refusal body, idempotency, plain answers, paging, files, and the shape of a call. */
import { z } from 'zod';
import { decimalValue, withoutControls } from '../app/services/input';
import { base64 } from './fields';

/** Every refusal the back office sends has this body, with a matching HTTP status. */
export const errorAnswer = z.object({
  error: z.string(),
  code: z.enum([
    'bad_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'invalid_token',
    'method_not_allowed',
    'payload_too_large',
    /** 413: the customer's stored attachments would pass their storage quota. */
    'storage_quota_exceeded',
    'unsupported_media_type',
    'too_many_requests',
    'two_factor_required',
    /** 409: an `Idempotency-Key` already used by this user for another call or another body. */
    'idempotency_key_reused',
    'internal',
  ]),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With `two_factor_required` (a 401 from login): the token that loginTwoFactor completes. */
  challenge: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/**
 * The header that makes a create safe to send again: the back office keeps the first answer for 24
 * hours and gives it back for the same key, instead of creating a second record (docs/api.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** A random UUID in practice; anything of 16 to 64 letters, digits, `-` and `_` is taken. */
export const idempotencyKey = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'not an idempotency key');

export const okAnswer = z.object({ status: z.literal('success'), message: z.string().optional() });

/**
 * Paging and filters (extension parameters): a back office that ignores them answers everything, and
 * the portal pages itself.
 */
export const listQuery = z.object({
  search: withoutControls(z.string().trim().max(100)).optional(),
  limit: decimalValue({ min: 1, max: 100, decimals: 0 }).optional(),
  offset: decimalValue({ min: 0, max: 1e9, decimals: 0 }).optional(),
});

export const createdAnswer = z.object({ status: z.literal('success'), id: z.number().int() });

export const attachmentFile = z.object({ filename: z.string(), mimetype: z.string(), data: base64 });

export interface CallDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  answer: z.ZodTypeAny;
  session: boolean;
  /** Largest request body this call accepts, in bytes (1 MB when unset). */
  bodyLimit?: number;
  /** A POST that only reads (the spec's list calls): safe to try again, as a GET is. */
  read?: true;
  /** A create that takes an `Idempotency-Key` header: the same key answers the first answer again. */
  idempotent?: true;
}

/** Fills `:name` segments of a call's path. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
