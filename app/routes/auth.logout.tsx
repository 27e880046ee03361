// Signing out: ends the back-office session, then the portal's, and returns to sign-in.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { backoffice, isBackofficeError } from '~/services/backoffice/client.server';
import { reportError } from '~/services/errors.server';
import { sessionCheck } from '~/services/session-check.server';
import { destroySession, readSession } from '~/services/session.server';

export async function loader() {
  // Signing out changes state: only a POST does it.
  return redirect('/dashboards/modern');
}

export async function action({ request }: ActionFunctionArgs) {
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
  return redirect('/auth/login?signedOut=1', { headers: { 'Set-Cookie': await destroySession(request) } });
}
