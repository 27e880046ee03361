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

export interface SessionData {
  user: PortalUser;
  /** The back office's session token, forwarded on every call for this user. */
  backoffice: string;
  /** When the user signed in (ms since the epoch). */
  since?: number;
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
  const session = await getSession(request);
  const user = session.get('user');
  const backoffice = session.get('backoffice');
  if (!user || !backoffice) return { data: null, expired: false };
  const since = session.get('since');
  if (typeof since !== 'number' || Date.now() - since > SESSION_MAX_AGE * 1000) {
    return { data: null, expired: true };
  }
  return { data: { user, backoffice, since }, expired: false };
}

export async function commitSignIn(request: Request, data: SessionData, redirectTo: string) {
  const session = await getSession(request);
  session.set('user', data.user);
  session.set('backoffice', data.backoffice);
  session.set('since', Date.now());
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await storage(isSecureRequest(request)).commitSession(session) },
  });
}

export async function destroySession(request: Request): Promise<string> {
  const session = await getSession(request);
  return storage(isSecureRequest(request)).destroySession(session);
}
