/**
 * The typed back-office client: every call the portal makes goes through `request`/`call`, over one
 * undici Pool with keep-alive, with the signed-in user's back-office session forwarded and every
 * answer checked against the contract.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import type { z } from 'zod';
import { currentRequestId } from '../../../server/logger.js';
import { env } from '../env.server';
import {
  ATTACHMENT_LIMITS,
  attachmentFile,
  BACKOFFICE_SESSION_COOKIE,
  callPath,
  calls,
  errorAnswer,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  sharedFile,
  type CallAnswer,
  type CallInput,
  type CallName,
  type CallDefinition,
} from '@contract';
import { jsonBody, type JsonBody } from './json-body.server';

export type BackofficeErrorKind =
  'unauthorized' | 'forbidden' | 'not_found' | 'rejected' | 'unavailable' | 'bad_answer';

/** Anything that went wrong with a back-office call, sorted into the few kinds routes tell apart. */
export class BackofficeError extends Error {
  readonly kind: BackofficeErrorKind;
  readonly status: number | undefined;
  /** The back office's own code and message, when it sent one. */
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  /** The fields the back office named in a refusal (`issues[].path`). */
  readonly fields: string[];
  /** What the back office said of each field it named (a rule's code, say), by field. */
  readonly fieldMessages: Record<string, string>;
  /** Seconds to wait, from a 429's Retry-After. */
  readonly retryAfter: number | undefined;
  /** From login's `two_factor_required`: what the second step completes. */
  readonly challenge: string | undefined;
  readonly call: string;

  constructor(
    kind: BackofficeErrorKind,
    call: string,
    details: {
      status?: number;
      code?: string;
      serverMessage?: string;
      fields?: string[];
      fieldMessages?: Record<string, string>;
      retryAfter?: number;
      challenge?: string;
      cause?: unknown;
    } = {},
  ) {
    super(`Back-office call ${call} failed: ${kind}${details.status ? ` (${details.status})` : ''}`, {
      cause: details.cause,
    });
    this.name = 'BackofficeError';
    this.kind = kind;
    this.call = call;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.fields = details.fields ?? [];
    this.fieldMessages = details.fieldMessages ?? {};
    this.retryAfter = details.retryAfter;
    this.challenge = details.challenge;
  }
}

export function isBackofficeError(error: unknown, kind?: BackofficeErrorKind): error is BackofficeError {
  return error instanceof BackofficeError && (kind === undefined || error.kind === kind);
}

type Options<N extends CallName> = Partial<CallInput<N>> & {
  /** The signed-in user's back-office session token. */
  session?: string;
  /** The user's language, as Accept-Language: a back office that words its own messages uses it. */
  language?: string;
  /**
   * The form's key on a create the contract marks `idempotent`: sent again after a time-out, the back
   * office answers the first create instead of making a second record.
   */
  idempotencyKey?: string;
  /** A time limit for this one call instead of the read or write limit (readiness asks briefly). */
  timeoutMs?: number;
};

export interface BackofficeAnswer<N extends CallName> {
  data: CallAnswer<N>;
  /** A new back-office session issued with this answer (login). */
  session: string | undefined;
}

export interface BackofficeClient {
  request<N extends CallName>(name: N, options?: Options<N>): Promise<BackofficeAnswer<N>>;
  call<N extends CallName>(name: N, options?: Options<N>): Promise<CallAnswer<N>>;
  close(): Promise<void>;
}

function kindForStatus(status: number): BackofficeErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'rejected';
  if (status >= 500) return 'unavailable';
  return 'bad_answer';
}

/** A failure worth one more try of an idempotent read: unreachable or a 5xx, but not a time-out. */
function retriable(error: unknown): boolean {
  if (!(error instanceof BackofficeError) || error.kind !== 'unavailable') return false;
  const cause = error.cause;
  const timedOut =
    cause instanceof Error &&
    (cause.name === 'TimeoutError' ||
      cause.name === 'AbortError' ||
      ('code' in cause && String(cause.code).includes('TIMEOUT')));
  return !timedOut;
}

/** Calls that answer one stored file (base64 in JSON), read up to the file cap instead of the data cap. */
const FILE_ANSWERS = new Set<z.ZodTypeAny>([attachmentFile, sharedFile]);

/**
 * The largest file answer: a document twice the upload limit (staff may attach larger files in the
 * back office than customers may upload here), in base64, with room for its name and type.
 */
export const FILE_ANSWER_BYTES = Math.ceil((2 * ATTACHMENT_LIMITS.bytes * 4) / 3) + 1024 * 1024;

class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The answer is larger than ${limit} bytes`);
    this.name = 'AnswerTooLarge';
  }
}

/**
 * The body as text, never holding more than `limit` bytes: a declared length beyond it is refused
 * before reading, and an undeclared one is counted while it streams and cut off when it passes it.
 */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  declaredLength: string | string[] | undefined,
  limit: number,
): Promise<string> {
  const declared = Number(declaredLength);
  if (Number.isFinite(declared) && declared > limit) {
    body.destroy();
    throw new AnswerTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > limit) {
      body.destroy();
      throw new AnswerTooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received).toString('utf8');
}

function sessionFromSetCookie(header: string | string[] | undefined): string | undefined {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const value of values) {
    const [pair] = value.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === BACKOFFICE_SESSION_COOKIE) {
      const token = pair.slice(eq + 1).trim();
      return token || undefined;
    }
  }
  return undefined;
}

export function createBackofficeClient(config: {
  baseUrl: string;
  /** The time limit of a write (the spec's 60 s). */
  timeoutMs: number;
  /** The time limit of a read (a GET, or a POST the contract marks `read`); the write limit when unset. */
  readTimeoutMs?: number;
  /** The largest data answer read, in bytes (16 MB when unset); file answers have FILE_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  connections?: number;
}): BackofficeClient {
  const base = new URL(config.baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  const readTimeoutMs = config.readTimeoutMs ?? config.timeoutMs;
  const maxAnswerBytes = config.maxAnswerBytes ?? 16 * 1024 * 1024;
  const pool = new Pool(base.origin, {
    connections: config.connections ?? 32,
    keepAliveTimeout: 10_000,
  });

  async function request<N extends CallName>(
    name: N,
    options: Options<N> = {},
  ): Promise<BackofficeAnswer<N>> {
    const definition: CallDefinition = calls[name];
    const params = (definition.params?.parse(options.params) ?? {}) as Record<string, string | number>;
    let path = prefix + callPath(definition.path, params);
    if (definition.query) {
      const query = definition.query.parse(options.query) as Record<string, unknown>;
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, String(value));
      if ([...search].length > 0) path += `?${search}`;
    }
    // The portal's request id: the back office's log line of this call carries the same (outside a
    // request, e.g. at start, a fresh one).
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': currentRequestId() ?? randomUUID(),
    };
    let body: string | JsonBody | undefined;
    if (definition.body) {
      // Files' base64 is streamed as it is, never copied into one more text (jsonBody).
      body = jsonBody(definition.body.parse(options.body));
      headers['content-type'] = 'application/json';
      if (typeof body !== 'string') headers['content-length'] = String(body.length);
    }
    if (options.session) headers.cookie = `${BACKOFFICE_SESSION_COOKIE}=${options.session}`;
    if (options.language) headers['accept-language'] = options.language;
    if (definition.idempotent && options.idempotencyKey !== undefined)
      headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] = idempotencyKey.parse(options.idempotencyKey);
    const isRead = definition.method === 'GET' || definition.read === true;
    // A hung back office must not hold every page for the writes' full minute.
    const timeoutMs = options.timeoutMs ?? (isRead ? readTimeoutMs : config.timeoutMs);
    const answerLimit = FILE_ANSWERS.has(definition.answer) ? FILE_ANSWER_BYTES : maxAnswerBytes;

    const send = async () => {
      let response;
      try {
        response = await pool.request({
          method: definition.method,
          path,
          headers,
          body: typeof body === 'object' ? body.stream() : body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new BackofficeError('unavailable', name, { cause });
      }

      let payload: unknown;
      try {
        const text = await readCapped(response.body, response.headers['content-length'], answerLimit);
        payload = text ? JSON.parse(text) : undefined;
      } catch (cause) {
        if (cause instanceof AnswerTooLarge)
          throw new BackofficeError('bad_answer', name, { status: response.statusCode, cause });
        if (response.statusCode >= 500)
          throw new BackofficeError('unavailable', name, { status: response.statusCode, cause });
        throw new BackofficeError('bad_answer', name, { status: response.statusCode, cause });
      }

      if (response.statusCode < 200 || response.statusCode >= 300) {
        const refusal = errorAnswer.partial().safeParse(payload);
        throw new BackofficeError(kindForStatus(response.statusCode), name, {
          status: response.statusCode,
          code: refusal.success ? refusal.data.code : undefined,
          serverMessage: refusal.success ? refusal.data.error : undefined,
          fields: refusal.success ? (refusal.data.issues ?? []).map((issue) => issue.path) : [],
          fieldMessages: refusal.success
            ? Object.fromEntries((refusal.data.issues ?? []).map((issue) => [issue.path, issue.message]))
            : {},
          retryAfter: Number(response.headers['retry-after']) || undefined,
          challenge: refusal.success ? refusal.data.challenge : undefined,
        });
      }
      return { response, payload };
    };

    let sent;
    try {
      sent = await send();
    } catch (error) {
      // A read (GET, or a POST the contract marks `read`) that failed on the way — a dropped connection or a 5xx — is tried once more; a
      // write never is (it may have happened), nor a read that ran out of time (the user would wait twice).
      if (!isRead || !retriable(error)) throw error;
      sent = await send();
    }
    const { response, payload } = sent;

    const parsed = (definition.answer as z.ZodTypeAny).safeParse(payload);
    if (!parsed.success) {
      throw new BackofficeError('bad_answer', name, { status: response.statusCode, cause: parsed.error });
    }
    return {
      data: parsed.data as CallAnswer<N>,
      session: sessionFromSetCookie(response.headers['set-cookie']),
    };
  }

  return {
    request,
    call: async (name, options) => (await request(name, options)).data,
    close: () => pool.close(),
  };
}

let shared: BackofficeClient | undefined;

/** The portal's one client, configured from the settings. */
export function backoffice(): BackofficeClient {
  if (!shared) {
    const settings = env();
    shared = createBackofficeClient({
      baseUrl: settings.BACKOFFICE_URL,
      timeoutMs: settings.BACKOFFICE_TIMEOUT_MS,
      readTimeoutMs: settings.BACKOFFICE_READ_TIMEOUT_MS,
      maxAnswerBytes: settings.BACKOFFICE_MAX_ANSWER_BYTES,
    });
  }
  return shared;
}

/** Closes the client's connections (the server's shutdown, after requests finished). */
export async function closeBackoffice(): Promise<void> {
  const client = shared;
  shared = undefined;
  await client?.close();
}
