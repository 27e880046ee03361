// Signing in and out, and the guard every loader and action starts with.
import { redirect } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { hasRole } from './access';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { loginRequest, type RoleName } from '@contract';
import { currentPath } from './redirect';
import { sessionCheck } from './session-check.server';
import { destroySession, readSession, readSessionState, type SessionData } from './session.server';
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
  /** Forward this on back-office calls made for the user. */
  session: string;
}

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
  if ((await sessionCheck().life(data.backoffice, data.user.id)) === 'ended') await signOutExpired(request);
  if (options.anyOf && !hasRole(data.user.roles, options.anyOf)) {
    throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' });
  }
  return { user: data.user, session: data.backoffice };
}

/** The signed-in user, or null: anonymous, or a session that has ended (here or in the back office). */
export async function getOptionalUser(request: Request): Promise<PortalUser | null> {
  const data = await readSession(request);
  if (!data) return null;
  return (await sessionCheck().life(data.backoffice, data.user.id)) === 'ended' ? null : data.user;
}

/**
 * Ends the portal session; when the back office no longer knows the session (401) the user is sent to
 * sign in again with a message, from wherever they were.
 */
export async function signOutExpired(request: Request): Promise<never> {
  const params = new URLSearchParams({ redirectTo: currentPath(request), expired: '1' });
  throw redirect(`${LOGIN}?${params}`, { headers: { 'Set-Cookie': await destroySession(request) } });
}

/** Runs a back-office call for the signed-in user; an ended back-office session ends the portal's too. */
export async function withBackofficeSession<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBackofficeError(error, 'unauthorized')) {
      // Known here at once, so that this process's other requests with the same cookie are refused too.
      const data = await readSession(request);
      if (data) sessionCheck().ended(data.backoffice, data.user.id);
      await signOutExpired(request);
    }
    throw error;
  }
}
