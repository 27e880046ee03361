// The portal's only state: a signed cookie holding the signed-in user and their back-office session.
import { createCookieSessionStorage, redirect, type Session, type SessionStorage } from '@remix-run/node';
import { env } from './env.server';
import type { PortalUser } from './user';

/**
 * Seconds a sign-in lasts, however busy (ASVS V3.3.2): the cookie's Max-Age, and checked against the
 * sign-in time it carries. The back office ends its session at the same time, and earlier after 30
 * minutes unused.
 */
export const SESSION_MAX_AGE = 60 * 60 * 12;
/** A sign-in also ends after this long without a request from the user (ASVS V3.3.2), on every page. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The last-request time in the cookie is written again at most this often (not on every request). */
export const SEEN_REFRESH_MS = 60 * 1000;

export interface SessionData {
  user: PortalUser;
  /** The back office's session token, forwarded on every call for this user. */
  backoffice: string;
  /** When the user signed in (ms since the epoch). */
  since?: number;
  /** When the user last made a request (ms since the epoch), refreshed by `refreshSeen`. */
  seen?: number;
}

const storages = new Map<boolean, SessionStorage<SessionData>>();

/** Cookies are `Secure` when the browser reached the portal over https (see server.js). */
function storage(secure: boolean): SessionStorage<SessionData> {
  let existing = storages.get(secure);
  if (!existing) {
    existing = createCookieSessionStorage<SessionData>({
      cookie: {
        name: '__session',
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets: [env().SESSION_SECRET],
        maxAge: SESSION_MAX_AGE,
      },
    });
    storages.set(secure, existing);
  }
  return existing;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return storage(isSecureRequest(request)).getSession(request.headers.get('Cookie'));
}

export async function readSession(request: Request): Promise<SessionData | null> {
  return (await readSessionState(request)).data;
}

/** The signed-in session, or why there is none: never signed in, or signed in too long ago. */
export async function readSessionState(
  request: Request,
): Promise<{ data: SessionData | null; expired: boolean }> {
  return stateOf(await getSession(request), Date.now());
}

function stateOf(session: Session<SessionData>, now: number): { data: SessionData | null; expired: boolean } {
  const user = session.get('user');
  const backoffice = session.get('backoffice');
  if (!user || !backoffice) return { data: null, expired: false };
  const since = session.get('since');
  if (typeof since !== 'number' || now - since > SESSION_MAX_AGE * 1000) {
    return { data: null, expired: true };
  }
  const seen = session.get('seen') ?? since;
  if (now - seen > SESSION_IDLE_MS) return { data: null, expired: true };
  return { data: { user, backoffice, since, seen }, expired: false };
}

/**
 * The cookie to send back so that this request counts as activity: null when there is no live
 * session, when the last-request time is recent enough and `follow` leaves the user as the cookie has
 * it, or when the response already sets the session cookie (signing in or out). `follow` gives the
 * user as now known (the same object when unchanged). The absolute end is unchanged: `since` is kept,
 * and the cookie still expires 12 hours after sign-in.
 */
export async function refreshSeen(
  request: Request,
  responseHeaders: Headers,
  follow: (data: SessionData) => PortalUser = (data) => data.user,
): Promise<{ setCookie: string; backoffice: string } | null> {
  if (!/(?:^|;\s*)__session=/.test(request.headers.get('Cookie') ?? '')) return null;
  if (/(?:^|[\s,])__session=/.test(responseHeaders.get('Set-Cookie') ?? '')) return null;
  const session = await getSession(request);
  const now = Date.now();
  const { data } = stateOf(session, now);
  if (!data?.since) return null;
  const user = follow(data);
  if (user === data.user && now - (data.seen ?? 0) < SEEN_REFRESH_MS) return null;
  session.set('user', user);
  session.set('seen', now);
  const setCookie = await storage(isSecureRequest(request)).commitSession(session, {
    maxAge: remainingSeconds(data.since, now),
  });
  return { setCookie, backoffice: data.backoffice };
}

export async function commitSignIn(request: Request, data: SessionData, redirectTo: string) {
  const session = await getSession(request);
  session.set('user', data.user);
  session.set('backoffice', data.backoffice);
  session.set('since', Date.now());
  session.set('seen', Date.now());
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await storage(isSecureRequest(request)).commitSession(session) },
  });
}

/**
 * Puts the user's new details (a changed name) into the session without starting it again: the sign-in
 * time stays, so the 12-hour limit cannot be pushed back by editing one's profile.
 */
export async function commitUser(request: Request, user: PortalUser, redirectTo: string) {
  const session = await getSession(request);
  const now = Date.now();
  const { data } = stateOf(session, now);
  if (!data?.since) throw redirect('/auth/login?expired=1');
  session.set('user', user);
  session.set('seen', now);
  const maxAge = remainingSeconds(data.since, now);
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await storage(isSecureRequest(request)).commitSession(session, { maxAge }) },
  });
}

function remainingSeconds(since: number, now: number): number {
  return Math.max(1, Math.floor((since + SESSION_MAX_AGE * 1000 - now) / 1000));
}

export async function destroySession(request: Request): Promise<string> {
  const session = await getSession(request);
  return storage(isSecureRequest(request)).destroySession(session);
}
