// Signing in and out, and the guard every loader and action starts with.
import { redirect } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { hasRole } from './access';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { backofficeFor, signOutExpired, type SignedInBackoffice } from './backoffice/signed-in.server';
import { loginRequest, type RoleName } from '@contract';
import { currentPath } from './redirect';
import { sessionCheck, userAfterCheck } from './session-check.server';
import { destroySession, readSession, readSessionState, type SessionData } from './session.server';
import { reportError } from './errors.server';
import { redirectWithFlash } from './flash.server';
import { toPortalUser, type PortalUser } from './user';

export const authenticator = new Authenticator<SessionData>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const credentials = loginRequest.parse({ email: form.get('email'), password: form.get('password') });
    const answer = await backoffice().request('login', { body: credentials });
    if (!answer.session) throw new Error('The back office signed in without issuing a session');
    return { user: toPortalUser(answer.data), backoffice: answer.session };
  }),
  'form',
);

export const LOGIN = '/auth/login';

export function loginRedirect(request: Request, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ redirectTo: currentPath(request), ...extra });
  return redirect(`${LOGIN}?${params}`);
}

export interface SignedIn {
  user: PortalUser;
  /** The user's back-office session token (services reach the back office through `backoffice`). */
  session: string;
  /** The back office bound to this request and user: every service's way to it. */
  backoffice: SignedInBackoffice;
}

export { signOutExpired };

/**
 * The signed-in user, or a redirect to sign in (anonymous, or a session the back office has ended:
 * with the "session expired" message) or a 403 (signed in without the role). `anyOf` comes from the
 * access table: `requireUser(request, { anyOf: rolesFor('/apps/loans') })`.
 */
export async function requireUser(
  request: Request,
  options: { anyOf?: readonly RoleName[] } = {},
): Promise<SignedIn> {
  const { data, expired } = await readSessionState(request);
  if (expired) await signOutExpired(request);
  if (!data) throw loginRedirect(request);
  // Pages that never call the back office too: a signed-out or copied cookie stops working (ADR 029).
  const answer = await sessionCheck().answer(data.backoffice, data.user.id);
  if (answer.life === 'ended') await signOutExpired(request);
  if (options.anyOf && !hasRole(data.user.roles, options.anyOf)) {
    throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' });
  }
  const bound = await backofficeFor(request, { userId: data.user.id, session: data.backoffice });
  // The avatar as the answer has it (a picture changed elsewhere); the response's cookie follows
  // (markActivity).
  return { user: userAfterCheck(data, answer), session: data.backoffice, backoffice: bound };
}

/** The signed-in user, or null: anonymous, or a session that has ended (here or in the back office). */
export async function getOptionalUser(request: Request): Promise<PortalUser | null> {
  const data = await readSession(request);
  if (!data) return null;
  const answer = await sessionCheck().answer(data.backoffice, data.user.id);
  return answer.life === 'ended' ? null : userAfterCheck(data, answer);
}

/** Signing out: ends the back-office session, then the portal's, and goes to sign-in. */
export async function signOut(request: Request): Promise<Response> {
  const signedIn = await readSession(request);
  if (signedIn) {
    try {
      await backoffice().call('logout', { session: signedIn.backoffice });
    } catch (error) {
      // An already ended back-office session is what we wanted; anything else is worth knowing.
      if (!isBackofficeError(error, 'unauthorized')) reportError('logout', error);
    }
    // A copy of the cookie is refused here at once; other portal processes learn it from the back office.
    sessionCheck().ended(signedIn.backoffice, signedIn.user.id);
  }
  return redirectWithFlash(
    request,
    '/auth/login',
    { key: 'auth:login.signedOut', tone: 'neutral' },
    { headers: { 'Set-Cookie': await destroySession(request) } },
  );
}
