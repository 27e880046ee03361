import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import {
  ATTACHMENT_LIMITS,
  BACKOFFICE_SESSION_COOKIE,
  calls,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  type CallAnswer,
  type CallDefinition,
  type CallName,
  type Calls,
  type ErrorAnswer,
} from '@contract';
import type { ReceivedFile } from './attachments';
import type { Database } from './data/database';
import { streamBody } from './body-stream';
import { readFileBody } from './file-body';
import { fingerprint, type IdempotencyStore } from './idempotency';
import { backofficeLog } from './log';
import type { Session } from './sessions';

export type Issue = { path: string; message: string };

/** A refusal: its status and its body (the contract's `errorAnswer`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorAnswer['code'],
    message: string,
    readonly issues?: Issue[],
    readonly headers: Record<string, string> = {},
    /** With `two_factor_required`: the token the second sign-in step completes. */
    readonly challenge?: string,
  ) {
    super(message);
  }

  toBody(): ErrorAnswer {
    return {
      error: this.message,
      code: this.code,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.challenge ? { challenge: this.challenge } : {}),
    };
  }
}

/** Every refusal the back office sends, so each message is written once. */
export const refuse = {
  invalid: (issues: Issue[]) => new ApiError(400, 'bad_request', 'The request is invalid', issues),
  badJson: () => new ApiError(400, 'bad_request', 'The body is not valid JSON'),
  notJson: () =>
    new ApiError(415, 'unsupported_media_type', 'The body must be JSON (Content-Type: application/json)'),
  tooLarge: (limit: number) =>
    new ApiError(413, 'payload_too_large', `The body is larger than ${limit} bytes`),
  sessionMissing: () => new ApiError(401, 'unauthorized', 'Session expired or missing'),
  wrongCredentials: () => new ApiError(401, 'unauthorized', 'Wrong email or password'),
  tooManyLoginAttempts: (retryAfterSeconds: number) =>
    new ApiError(429, 'too_many_requests', 'Too many failed sign-ins: try again later', undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  forbidden: () => new ApiError(403, 'forbidden', 'You are not allowed to do this'),
  notFound: () => new ApiError(404, 'not_found', 'Not found'),
  methodNotAllowed: (allowed: string[]) =>
    new ApiError(405, 'method_not_allowed', 'Method not allowed', undefined, { Allow: allowed.join(', ') }),
  alreadyReviewed: () => new ApiError(409, 'conflict', 'This request has already been reviewed'),
  requestNotApproved: () => new ApiError(409, 'conflict', 'This request has not been approved'),
  requestHasOrder: () => new ApiError(409, 'conflict', 'This request already has a shipping order'),
  requestNotTradeFinance: () => new ApiError(409, 'conflict', 'This request is not a trade-finance request'),
  requestHasLoan: () => new ApiError(409, 'conflict', 'This request already has a loan'),
  requestNotDecided: () =>
    new ApiError(409, 'conflict', 'This request is not decided: there is nothing to reopen'),
  requestHasFollowUp: () =>
    new ApiError(409, 'conflict', 'This request became a shipping order or a loan: it cannot be reopened'),
  eventWithdrawn: () => new ApiError(409, 'conflict', 'This tracking event was withdrawn'),
  requestWithdrawn: () => new ApiError(409, 'conflict', 'The customer withdrew this request'),
  requestClosedToCustomer: () =>
    new ApiError(409, 'conflict', 'This request was decided or withdrawn: it can no longer change'),
  requestRejected: () => new ApiError(409, 'conflict', 'This request was rejected'),
  orderFinanced: () =>
    new ApiError(409, 'conflict', 'A shipping order this request finances has a loan already', [
      { path: 'orders', message: 'financed by another loan' },
    ]),
  rateOverlaps: () =>
    new ApiError(409, 'conflict', 'Another rate of this lane is valid on some of these days', [
      { path: 'valid_from', message: 'overlaps another period of the lane' },
    ]),
  notQuotationRequest: () => new ApiError(409, 'conflict', 'This request is not a quotation request'),
  requestClosed: () =>
    new ApiError(
      409,
      'conflict',
      'This request takes no new quote (it was rejected or already has an order)',
    ),
  quoteNotDraft: () => new ApiError(409, 'conflict', 'This quote is no longer a draft'),
  quoteNoLines: () => refuse.invalid([{ path: 'lines', message: 'A quote is sent with at least one line' }]),
  quoteValidityPassed: () =>
    refuse.invalid([{ path: 'valid_until', message: 'The validity date has passed' }]),
  quoteNotOpen: () =>
    new ApiError(409, 'conflict', 'This quote is not open for a decision (decided or replaced)'),
  quoteExpired: () => new ApiError(409, 'conflict', 'This quote has expired: ask for a new one'),
  loanAlreadyDecided: () => new ApiError(409, 'conflict', 'This loan has already been decided'),
  loanNotActive: () =>
    new ApiError(409, 'conflict', 'This loan takes no payments (it is not paid out, or is settled)'),
  transactionDate: (message: string) => refuse.invalid([{ path: 'date', message }]),
  invoiceNotPayable: () =>
    new ApiError(409, 'conflict', 'This invoice takes no payments (it is a draft or cancelled)'),
  draftNotShared: () => new ApiError(409, 'conflict', 'A draft invoice cannot be shared'),
  demoStateChanged: () =>
    new ApiError(
      409,
      'conflict',
      'The demo data changed since it was read: read it again and redo the change',
    ),
  paymentOverDue: () => new ApiError(409, 'conflict', 'The payment is more than what is due on this invoice'),
  statementPeriod: () => refuse.invalid([{ path: 'date_to', message: 'date_from after date_to' }]),
  licenceTaken: () => new ApiError(409, 'conflict', 'A driver with this licence number already exists'),
  supplierNameTaken: () => new ApiError(409, 'conflict', 'A supplier with this name already exists'),
  unknownSupplier: () => refuse.invalid([{ path: 'supplier_id', message: 'There is no such supplier' }]),
  loanIdMismatch: () =>
    refuse.invalid([{ path: 'loan_id', message: 'The loan_id of the query and of the body differ' }]),
  fileTooLarge: (filename: string, limit: number) =>
    new ApiError(413, 'payload_too_large', `The file "${filename}" is larger than ${limit} bytes`),
  fileContentMismatch: (indexes: number[]) =>
    refuse.invalid(
      indexes.map((index) => ({
        path: `attachments.${index}`,
        message: 'The file content does not match its type',
      })),
    ),
  storageQuotaExceeded: (quota: number) =>
    new ApiError(
      413,
      'storage_quota_exceeded',
      `These files would take the customer's stored attachments past their quota of ${quota} bytes`,
    ),
  imageTooLarge: (limit: number) =>
    new ApiError(413, 'payload_too_large', `The image is larger than ${limit} bytes`),
  imageNotAllowed: () =>
    refuse.invalid([{ path: 'image', message: 'The image must be a PNG, JPEG or WebP file' }]),
  customerEmailTaken: () =>
    new ApiError(409, 'conflict', 'A customer with this e-mail already exists', [
      { path: 'email', message: 'email_taken' },
    ]),
  nationalIdTaken: () =>
    new ApiError(409, 'conflict', 'A customer of this country has this national ID already', [
      { path: 'national_id', message: 'national_id_taken' },
    ]),
  invalidResetToken: () => new ApiError(400, 'invalid_token', 'The reset link is invalid or has expired'),
  twoFactorRequired: (challenge: string) =>
    new ApiError(401, 'two_factor_required', 'Two-step verification required', undefined, {}, challenge),
  wrongCode: () => new ApiError(401, 'unauthorized', 'Wrong code'),
  signInExpired: () => new ApiError(401, 'invalid_token', 'The sign-in has expired: sign in again'),
  tooManyCodes: (retryAfterSeconds: number) =>
    new ApiError(429, 'too_many_requests', 'Too many wrong codes: sign in again', undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  twoFactorAlreadyOn: () => new ApiError(409, 'conflict', 'Two-step verification is already on'),
  twoFactorOff: () => new ApiError(409, 'conflict', 'Two-step verification is off'),
  twoFactorNotSetUp: () => new ApiError(409, 'conflict', 'Set up two-step verification first'),
  wrongCurrentPassword: () =>
    new ApiError(400, 'bad_request', 'The current password is wrong', [
      { path: 'current_password', message: 'The current password is wrong' },
    ]),
  internal: () => new ApiError(500, 'internal', 'Internal server error'),
};

type Parsed<C, K extends string> = C extends Record<K, z.ZodTypeAny> ? z.output<C[K]> : undefined;

export interface CallContext<N extends CallName> {
  params: Parsed<Calls[N], 'params'>;
  query: Parsed<Calls[N], 'query'>;
  body: Parsed<Calls[N], 'body'>;
  /** Present exactly when the contract marks the call `session: true` (the router checks it). */
  session: Calls[N]['session'] extends true ? Session : null;
  /** For a call that carries files (`FILE_FIELDS`): each file's decoded bytes, by its index in the body. */
  files: readonly (ReceivedFile | undefined)[];
  /** Adds a header to the answer (e.g. Set-Cookie). */
  setHeader(name: string, value: string): void;
  /**
   * The database the call works in: the app's, or for a create sent with an Idempotency-Key the
   * transaction that also keeps its answer (a create must write in it; see idempotency.ts).
   */
  database: Database;
}

export type CallHandler<N extends CallName> = (
  context: CallContext<N>,
) => CallAnswer<N> | Promise<CallAnswer<N>>;

/** One handler per call of the contract: TypeScript refuses a missing one. */
export type CallHandlers = { [N in CallName]: CallHandler<N> };

export interface RouterOptions {
  resolveSession(token: string): Session | null | Promise<Session | null>;
  /** The database the calls work in (`CallContext.database`). */
  database: Database;
  /** For a call whose contract sets no `bodyLimit`, and for paths outside the contract. */
  bodyLimit: number;
  /** Replaces the contract's limit of these calls (tests use small ones). */
  bodyLimits?: Partial<Record<CallName, number>>;
  /** Where the creates the contract marks `idempotent` keep their first answer. */
  idempotency: IdempotencyStore;
  log: boolean;
}

interface CompiledRoute {
  name: CallName;
  method: string;
  pattern: RegExp;
  keys: string[];
}

function compile(name: CallName, method: string, path: string): CompiledRoute {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { name, method, pattern: new RegExp(`^${source}$`), keys };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/**
 * Past this many bytes of an oversized body the connection is cut. Up to it the rest is read and
 * dropped, because a client still sending when its connection closes never sees the 413.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Reads the rest of the body and drops it, never keeping any; past DRAIN_LIMIT the connection is cut. */
function discardBody(request: IncomingMessage): void {
  request.removeAllListeners('data');
  let drained = 0;
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) request.socket.destroy();
  });
  request.resume();
}

/**
 * The calls whose body carries files, and the field listing them (each `{ ..., data: base64 }`): their
 * body is read as it arrives and only the decoded files are kept (`readFileBody`).
 */
const FILE_FIELDS: Partial<Record<CallName, string>> = {
  createShippingRequest: 'attachments',
  postMessage: 'attachments',
};

/** Reads to the end, refusing a body over `limit` (the rest is then drained and dropped, never kept). */
function readBody(
  request: IncomingMessage,
  limit: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<Buffer> {
  // A declared length is read straight into one buffer of that size: a large upload is never held
  // twice (its pieces and their concatenation).
  const declared = Number(request.headers['content-length']);
  const whole =
    Number.isInteger(declared) && declared > 0 && declared <= limit ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  return streamBody(request, {
    limit,
    discard: discardBody,
    take: (chunk) => {
      onChunk?.(chunk);
      if (whole) {
        if (size + chunk.length > whole.length) throw refuse.tooLarge(limit);
        chunk.copy(whole, size);
      } else {
        chunks.push(chunk);
      }
      size += chunk.length;
    },
    finish: () => (whole ? whole.subarray(0, size) : Buffer.concat(chunks)),
  });
}

function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return {};
  if (!isJsonType(contentType)) throw refuse.notJson();
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw refuse.badJson();
  }
}

function validate(schema: z.ZodTypeAny | undefined, value: unknown, issues: Issue[]): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    issues.push({ path: issue.path.join('.'), message: issue.message });
  return undefined;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]>,
) {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    // Answers carry personal data and session state: no cache may keep them.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(payload);
}

/** The request listener serving every call of the contract with the given handlers. */
export function createRouter(handlers: CallHandlers, options: RouterOptions) {
  const routes = (Object.keys(calls) as CallName[]).map((name) =>
    compile(name, calls[name].method, calls[name].path),
  );

  async function dispatch(request: IncomingMessage, headers: Record<string, string | string[]>) {
    const url = new URL(request.url ?? '/', 'http://backoffice.invalid');
    let route: CompiledRoute | undefined;
    let match: RegExpExecArray | null = null;
    const allowed: string[] = [];
    for (const candidate of routes) {
      const found = candidate.pattern.exec(url.pathname);
      if (!found) continue;
      allowed.push(candidate.method);
      if (candidate.method === request.method) {
        route = candidate;
        match = found;
        break;
      }
    }
    if (!route || !match) {
      // Drain the body so the connection can be reused, within the same limit as everywhere else.
      await readBody(request, options.bodyLimit);
      throw allowed.length > 0 ? refuse.methodNotAllowed(allowed) : refuse.notFound();
    }

    const call: CallDefinition = calls[route.name];
    let session: Session | null = null;
    if (call.session) {
      const token = parseCookies(request.headers.cookie)[BACKOFFICE_SESSION_COOKIE];
      session = token ? await options.resolveSession(token) : null;
      if (!session) {
        // Checked before reading: without a session, a large upload is dropped, never held in memory.
        discardBody(request);
        throw refuse.sessionMissing();
      }
    }
    const rawParams: Record<string, string> = {};
    route.keys.forEach((key, index) => {
      const value = match[index + 1] ?? '';
      try {
        rawParams[key] = decodeURIComponent(value);
      } catch {
        rawParams[key] = value;
      }
    });
    const rawKey = call.idempotent ? request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] : undefined;
    // Fed the body as it arrives, so the body need not be kept for it.
    const printed = rawKey === undefined ? undefined : fingerprint(route.name, rawParams);
    const onChunk = printed && ((chunk: Buffer) => void printed.update(chunk));
    const limit = options.bodyLimits?.[route.name] ?? call.bodyLimit ?? options.bodyLimit;
    const fileField = FILE_FIELDS[route.name];
    // Not JSON: read whole, to be refused as any other body that is not JSON.
    const received =
      fileField && isJsonType(request.headers['content-type'])
        ? await readFileBody(request, {
            limit,
            field: fileField,
            fileLimit: ATTACHMENT_LIMITS.bytes,
            onChunk,
            discard: discardBody,
          })
        : undefined;
    const raw = received ? undefined : await readBody(request, limit, onChunk);

    const issues: Issue[] = [];
    const params = validate(call.params, rawParams, issues);
    const query = validate(call.query, Object.fromEntries(url.searchParams), issues);
    const body = call.body
      ? validate(
          call.body,
          received ? received.body : parseJson(raw ?? Buffer.alloc(0), request.headers['content-type']),
          issues,
        )
      : undefined;
    const key = rawKey === undefined ? undefined : validate(idempotencyKey, rawKey, []);
    if (rawKey !== undefined && key === undefined)
      issues.push({ path: IDEMPOTENCY_KEY_HEADER, message: 'not an idempotency key' });
    if (issues.length > 0) throw refuse.invalid(issues);

    const handler = handlers[route.name] as CallHandler<CallName>;
    const context = {
      params,
      query,
      body,
      session,
      database: options.database,
      files: received?.files ?? [],
      setHeader(name: string, value: string) {
        const existing = headers[name];
        headers[name] = existing === undefined ? value : [...[existing].flat(), value];
      },
    } as CallContext<CallName>;
    if (typeof key === 'string' && session && printed) {
      // One wrapper for every create: the same key from the same user answers the first answer.
      const { answer, replayed } = await options.idempotency.run(
        { userId: session.user.id, key, call: route.name, fingerprint: printed.digest('hex') },
        (database) => handler({ ...context, database }),
      );
      if (replayed) context.setHeader('Idempotent-Replayed', 'true');
      return answer as CallAnswer<CallName>;
    }
    return handler(context);
  }

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    // The portal's id for the request this call serves, so that both logs can be read together.
    const given = request.headers['x-request-id'];
    const requestId = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    const headers: Record<string, string | string[]> = {};
    let status = 200;
    try {
      const answer = await dispatch(request, headers);
      send(response, status, answer, headers);
    } catch (error) {
      const refusal = error instanceof ApiError ? error : refuse.internal();
      const clientGone = request.destroyed && !request.complete;
      if (!(error instanceof ApiError) && !clientGone)
        backofficeLog().error({ err: error, requestId }, 'unexpected error');
      status = refusal.status;
      if (response.headersSent || response.destroyed) {
        response.destroy();
      } else {
        send(response, status, refusal.toBody(), refusal.headers);
      }
    } finally {
      if (options.log) {
        backofficeLog().info(
          {
            requestId,
            method: request.method,
            path: (request.url ?? '/').split('?')[0],
            status,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
          },
          'request',
        );
      }
    }
  };
}
