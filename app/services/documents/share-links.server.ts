// Signed share links for rendered documents (invoice, statement, clearance receipt, loan summary).
// The back office hands out a random share token and keeps only its hash and expiry; the portal adds
// the expiry and an HMAC of both under SESSION_SECRET, so a changed or stale link is refused before
// anything is asked of the back office. Link: /invoice?share=<token>.<expiry seconds>.<signature>.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { backoffice, isBackofficeError } from '../backoffice/client.server';
import { shareToken, type CallAnswer, type SharedRecord } from '@contract';
import { env } from '../env.server';
import { recordLoadFailed } from '../errors.server';

/**
 * Every answer of a share link (page, data request, PDF, PNG, file, refusal): the link is the secret, so
 * no browser or proxy cache keeps the answer and no Referer header carries the link to another site.
 */
export const SHARE_LINK_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

/** The response (a download, a redirect, a refusal) with SHARE_LINK_HEADERS. */
export function withShareLinkHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(SHARE_LINK_HEADERS)) response.headers.set(name, value);
  return response;
}

/**
 * A share-link route's answer, whether returned or thrown (a refusal), with SHARE_LINK_HEADERS. Route
 * modules also export `headers = () => SHARE_LINK_HEADERS`: without it Remix drops a loader's headers
 * from the page and its data request.
 */
export async function shareLinkAnswer(answer: () => Promise<Response>): Promise<Response> {
  try {
    return withShareLinkHeaders(await answer());
  } catch (error) {
    if (error instanceof Response) throw withShareLinkHeaders(error);
    throw error;
  }
}

/**
 * A share link's page when the back office cannot answer: the 503 of every record page, in the
 * reader's language, with SHARE_LINK_HEADERS (never the generic 500).
 */
export function shareLoadFailed(request: Request, context: string, error: unknown): Promise<never> {
  return shareLinkAnswer(() => recordLoadFailed(request, context, error)) as Promise<never>;
}

const SIGNED = /^([A-Za-z0-9_-]{32,128})\.(\d{9,12})\.([A-Za-z0-9_-]{43})$/;

function signature(token: string, expires: string, secret: string): string {
  return createHmac('sha256', secret).update(`share:${token}.${expires}`).digest('base64url');
}

/** The signed value for a share the back office made. */
export function signShare(share: CallAnswer<'shareInvoice'>, secret: string = env().SESSION_SECRET): string {
  const expires = String(Math.floor(new Date(share.expires_at).getTime() / 1000));
  return `${share.token}.${expires}.${signature(share.token, expires, secret)}`;
}

/** The back office's token in a signed value, or null when it is malformed, altered or expired. */
export function verifyShare(
  value: string | null | undefined,
  now: Date = new Date(),
  secret: string = env().SESSION_SECRET,
): string | null {
  const match = SIGNED.exec(value ?? '');
  if (!match) return null;
  const [, token, expires, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(token, expires, secret));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return shareToken.safeParse(token).success ? token : null;
}

/** The public link for a share, on the address the user reached the portal by. */
export function shareLink(request: Request, share: CallAnswer<'shareInvoice'>): string {
  const url = new URL('/invoice', request.url);
  url.searchParams.set('share', signShare(share));
  return url.toString();
}

/** The shared record a signed value opens, or null for any bad link (never told apart). */
export async function loadSharedRecord(value: string | null): Promise<SharedRecord | null> {
  const token = verifyShare(value);
  if (!token) return null;
  try {
    return await backoffice().call('getSharedRecord', { params: { token } });
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) return null;
    throw error;
  }
}
