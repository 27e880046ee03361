// Signing out: ends the back-office session, then the portal's, and returns to sign-in.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '~/services/auth.server';

export async function loader() {
  // Signing out changes state: only a POST does it.
  return redirect('/dashboards/modern');
}

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
