// What the demo modules' screens share on the server: the signed-in user's copy of the demo data, the
// way back to the same list after a form post (its URL state kept), and 404 for a record that is not
// there.
import { redirect } from '@remix-run/node';
import { rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { DemoNotFound, demoState, type DemoState } from './store.server';

export async function demoScreen(
  request: Request,
  path: string,
): Promise<{ signedIn: SignedIn; state: DemoState }> {
  const signedIn = await requireUser(request, { anyOf: rolesFor(path) });
  return { signedIn, state: demoState(signedIn.user.id) };
}

/**
 * Back to the page the form was posted from, with its query kept (`set` changes some of it, a null
 * value removes a parameter): post, redirect, get.
 */
export function backTo(request: Request, set: Record<string, string | null> = {}): Response {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete('index');
  for (const [name, value] of Object.entries(set)) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  const search = query.toString();
  return redirect(search ? `${url.pathname}?${search}` : url.pathname);
}

/** Runs a change of the demo data; a record that is not there answers 404. */
export function orNotFound<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DemoNotFound) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
