// The back office as one signed-in user reaches it, bound to their request once: their session sent on
// every call, their language at hand, and the answers every screen treats alike handled here — an ended
// session ends the portal's too, and a record that is missing or another customer's is the 404 page.
import { redirect } from '@remix-run/node';
import type { CallAnswer, CallInput, CallName } from '@contract';
import type { Language } from '~/i18n';
import { getLanguage } from '../i18n.server';
import { currentPath } from '../redirect';
import { sessionCheck } from '../session-check.server';
import { destroySession } from '../session.server';
import { backoffice, isBackofficeError } from './client.server';

/** A call's input; the session is the bound user's. */
export type SignedInCallOptions<N extends CallName> = Partial<CallInput<N>> & {
  /** The form's key on a create the contract marks `idempotent` (see the client). */
  idempotencyKey?: string;
};

export interface SignedInBackoffice {
  /**
   * The user's language (cookie, then browser), sent with every call (Accept-Language) so that a back
   * office that words its own messages (shown as they are, spec section 8) words them in it.
   */
  readonly language: Language;
  /** One call with the user's session; a 401 ends the portal session and goes to sign-in. */
  call<N extends CallName>(name: N, options?: SignedInCallOptions<N>): Promise<CallAnswer<N>>;
  /**
   * One record the page is about: as `call`, and a record that is missing or another customer's is the
   * 404 page (never told apart). Other failures are left to the caller.
   */
  record<N extends CallName>(name: N, options?: SignedInCallOptions<N>): Promise<CallAnswer<N>>;
}

/**
 * Ends the portal session and sends the user to sign in again with the "session expired" message, from
 * wherever they were (the back office no longer knows the session, or it is past its limits).
 */
export async function signOutExpired(request: Request): Promise<never> {
  const params = new URLSearchParams({ redirectTo: currentPath(request), expired: '1' });
  throw redirect(`/auth/login?${params}`, { headers: { 'Set-Cookie': await destroySession(request) } });
}

/** The back office bound to this request and its signed-in user (`requireUser` makes it). */
export async function backofficeFor(
  request: Request,
  signedIn: { userId: number; session: string },
): Promise<SignedInBackoffice> {
  const language = await getLanguage(request);
  const call = async <N extends CallName>(name: N, options: SignedInCallOptions<N> = {}) => {
    try {
      return await backoffice().call(name, { ...options, session: signedIn.session, language });
    } catch (error) {
      if (isBackofficeError(error, 'unauthorized')) {
        // Known here at once, so that this process's other requests with the same cookie are refused too.
        sessionCheck().ended(signedIn.session, signedIn.userId);
        await signOutExpired(request);
      }
      throw error;
    }
  };
  return {
    language,
    call,
    async record(name, options) {
      try {
        return await call(name, options);
      } catch (error) {
        if (isBackofficeError(error, 'not_found')) throw new Response('Not found', { status: 404 });
        throw error;
      }
    },
  };
}
