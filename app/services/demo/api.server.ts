// The /api/data resource routes (spec section 7, "Demo calls"): what the template's in-browser mock
// answered, answered by the server on the signed-in user's copy of the samples (store.server.ts).
//
// - Signed-in users only. An API call is never sent to the sign-in page: without a session it gets
//   401 JSON `{ error: 'Unauthorized' }`.
// - Answers are JSON, never cached (`Cache-Control: private, no-store`): they are one user's data.
// - POST bodies are JSON; url-encoded and multipart forms are read too. The mock did not validate; here
//   a body that does not fit gets 400 `{ error }` naming the fields, which is the honest answer.
// - What would take the user over their caps (limits.ts) is refused and nothing earlier is dropped: 409
//   `{ error }` for one record too many of a kind, 413 for text beyond their budget.
// - The spec's error catalogue (section 8): anything that goes wrong in a handler, a missing post or
//   comment included (the mock threw on those), answers 500 `{ error: 'Internal server error' }`.
import { env } from '~/services/env.server';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { logger } from '../../../server/logger.js';
import type { Person } from '~/fixtures/types';
import { ALL_ROLES, hasRole } from '~/services/access';
import { sessionCheck } from '~/services/session-check.server';
import { readSession } from '~/services/session.server';
import { recordId, withoutControls } from '~/services/input';
import type { PortalUser } from '~/services/user';
import {
  DEMO_LIMITS,
  DEMO_USER_LIMITS,
  DemoLimitReached,
  DemoNotFound,
  changeDemoState,
  loadDemoState,
  type DemoState,
} from './store.server';

export const INTERNAL_ERROR = 'Internal server error';
export const POST_NOT_FOUND = 'Post not found';
/** Far more than the longest valid body (a comment of DEMO_LIMITS.text characters). */
export const MAX_BODY_BYTES = 64 * 1024;

export function answer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });
}

export function refusal(status: number, error: string, headers: Record<string, string> = {}): Response {
  return answer({ error }, status, headers);
}

/**
 * The signed-in user and their back-office session, or the answer for a caller who is not one
 * (anonymous, or a session ended here or in the back office: never sent to the sign-in page).
 */
async function caller(request: Request): Promise<{ user: PortalUser; session: string } | Response> {
  // Switched off by the operator (DEMO_MODULES=off): the calls are gone, whoever asks.
  if (env().DEMO_MODULES === 'off') return refusal(404, 'Not found');
  const data = await readSession(request);
  const ended = !data || (await sessionCheck().life(data.backoffice, data.user.id)) === 'ended';
  if (ended) return refusal(401, 'Unauthorized');
  const signedIn = { user: data.user, session: data.backoffice };
  // The demo screens are for every role of the portal (access table); so are their data.
  if (!hasRole(signedIn.user.roles, ALL_ROLES)) return refusal(403, 'Forbidden');
  return signedIn;
}

/** The signed-in user as the author of a comment or reply (no avatar: screens show initials). */
const personOf = (user: PortalUser): Person => ({ id: user.id, name: user.name, avatar: '' });

/** The refusal of a change over the user's caps, in the API's language (English, like its other errors). */
export function overLimit(error: DemoLimitReached): Response {
  if (error.kind === 'textBytes') {
    const kb = DEMO_USER_LIMITS.textBytes / 1024;
    return refusal(413, `You have used all the text the demo keeps for you (${kb} KB)`);
  }
  const most = DEMO_USER_LIMITS[error.kind];
  const kind = error.kind === 'cartLines' ? 'cart lines' : error.kind;
  return refusal(409, `You have reached the demo's limit of ${most} ${kind}`);
}

function failed(what: string, error: unknown): Response {
  if (error instanceof DemoLimitReached) return overLimit(error);
  // A missing record is the caller's mistake, not a fault worth a stack trace.
  if (!(error instanceof DemoNotFound))
    logger.error({ err: error, context: `demo api: ${what}` }, 'unexpected error');
  return refusal(500, INTERNAL_ERROR);
}

/** A GET list: one part of the user's demo data, as a bare array (as the mock answered it). */
export function listLoader(what: string, pick: (state: DemoState) => unknown) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response> => {
    const signedIn = await caller(request);
    if (signedIn instanceof Response) return signedIn;
    try {
      return answer(pick((await loadDemoState(signedIn.session)).state));
    } catch (error) {
      return failed(what, error);
    }
  };
}

/** The other method of a call: signed-in callers are told which one to use (405), others get 401. */
function onlyBy(method: 'GET' | 'POST') {
  return async ({ request }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const user = await caller(request);
    if (user instanceof Response) return user;
    return refusal(405, 'Method not allowed', { Allow: method });
  };
}

/** The loader of a POST-only call. */
export const postOnly = onlyBy('POST');
/** The action of a GET list (without it, Remix answers a POST with an error and logs it). */
export const getOnly = onlyBy('GET');

// ---- Bodies ----------------------------------------------------------------------------------------

/** The body's bytes, or null when there are more than `limit`. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get('Content-Length')) > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as a plain value (JSON as sent; a form's text fields as an object), or the refusal. */
async function readBody(request: Request): Promise<{ body: unknown } | Response> {
  const contentType = request.headers.get('Content-Type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const bytes = await readAtMost(request, MAX_BODY_BYTES);
  if (!bytes) return refusal(413, 'Request body too large');
  const text = () => new TextDecoder().decode(bytes);
  try {
    if (type === 'application/json') return { body: JSON.parse(text()) as unknown };
    if (type === 'application/x-www-form-urlencoded') {
      return { body: Object.fromEntries(new URLSearchParams(text())) };
    }
    if (type === 'multipart/form-data') {
      const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
      return { body: Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')) };
    }
  } catch {
    return refusal(400, 'The body could not be read');
  }
  return refusal(415, 'Send JSON (application/json) or a form', { Accept: 'application/json' });
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

/**
 * A POST call: signed in, body read and checked against `schema`, then `work` on the user's data. `work`
 * answers a value (sent as JSON) or a ready Response (e.g. a 404).
 */
export function demoAction<Schema extends z.ZodTypeAny>(
  what: string,
  schema: Schema,
  work: (state: DemoState, body: z.output<Schema>, me: Person) => unknown,
) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const signedIn = await caller(request);
    if (signedIn instanceof Response) return signedIn;
    if (request.method !== 'POST') return refusal(405, 'Method not allowed', { Allow: 'POST' });
    const read = await readBody(request);
    if (read instanceof Response) return read;
    const parsed = schema.safeParse(read.body);
    if (!parsed.success) return refusal(400, describe(parsed.error));
    try {
      const result = await changeDemoState(signedIn.session, (state) =>
        work(state, parsed.data, personOf(signedIn.user)),
      );
      return result instanceof Response ? result : answer(result);
    } catch (error) {
      return failed(what, error);
    }
  };
}

// ---- Fields ----------------------------------------------------------------------------------------

const text = (max: number) =>
  withoutControls(z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`), {
    multiline: true,
    message: 'Control characters are not allowed',
  });

/** A blog post's id (a number; a form sends it as text). */
export const blogPostId = recordId;

/** A feed post's or comment's id (a string; a number is taken as its text). */
export const feedId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(
    withoutControls(z.string().trim().min(1, 'Required').max(100), {
      message: 'Control characters are not allowed',
    }),
  );

/** A title or slug to look a blog post up by. */
export const blogTitle = text(500);

/**
 * A comment's or reply's text: the text itself, or the template's comment object (`{ comment }` on the
 * blog, `{ data: { comment } }` on the feed) of which only the text is kept: the author is always the
 * signed-in user, whatever the object says.
 */
export const commentText = z.union([
  text(DEMO_LIMITS.text),
  z.object({ comment: text(DEMO_LIMITS.text) }).transform((value) => value.comment),
  z.object({ data: z.object({ comment: text(DEMO_LIMITS.text) }) }).transform((value) => value.data.comment),
]);
