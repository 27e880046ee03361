// What the demo modules' screens share on the server: the signed-in user's copy of the demo data, the
// way back to the same page after a form post (its URL state kept), 404 for a record that is not
// there, and the user as the author of what they write.
import { redirect } from '@remix-run/node';
import type { Person } from '~/fixtures/types';
import { rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { env } from '~/services/env.server';
import type { PortalUser } from '~/services/user';
import { DEMO_USER_LIMITS } from './limits';
import {
  changeDemoState,
  DemoLimitReached,
  DemoNotFound,
  loadDemoState,
  type DemoState,
} from './store.server';

/**
 * Not found when the operator switched the demo modules off (DEMO_MODULES=off): their routes are gone,
 * whoever asks.
 */
export function requireDemoModules(): void {
  if (env().DEMO_MODULES === 'off') throw new Response('Not found', { status: 404 });
}

/** The signed-in user allowed on `path` (the access table's screen) and their copy of the demo data. */
export async function demoScreen(
  request: Request,
  path: string,
): Promise<{ signedIn: SignedIn; user: PortalUser; state: DemoState }> {
  requireDemoModules();
  const signedIn = await requireUser(request, { anyOf: rolesFor(path) });
  const { state } = await loadDemoState(signedIn.session);
  return { signedIn, user: signedIn.user, state };
}

/** The signed-in user allowed on `path`, for an action that reads its form before changing the data. */
export function demoUser(request: Request, path: string): Promise<SignedIn> {
  requireDemoModules();
  return requireUser(request, { anyOf: rolesFor(path) });
}

/**
 * A change of the user's demo data from a screen's action, kept when it is done (`changeDemoState`:
 * made again on fresh data when another process saved in between, so `change` must only read what it
 * is given — read the form before).
 */
export function demoChange<T>(signedIn: SignedIn, change: (state: DemoState) => T | Promise<T>): Promise<T> {
  return changeDemoState(signedIn.session, change);
}

/**
 * Back to the page the form was posted from, with its query kept (`set` changes some of it, a null
 * value removes a parameter) and `anchor` to land on what changed: post, redirect, get.
 */
export function backTo(request: Request, set: Record<string, string | null> = {}, anchor?: string): Response {
  return redirect(backToPath(request, set, anchor));
}

/** The address `backTo` redirects to (for a redirect that also carries a message). */
export function backToPath(
  request: Request,
  set: Record<string, string | null> = {},
  anchor?: string,
): string {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete('index');
  for (const [name, value] of Object.entries(set)) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${anchor ? `#${anchor}` : ''}`;
}

/** Runs a change of the demo data; a record that is not there answers 404, like an unknown page. */
export function orNotFound<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DemoNotFound) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

/**
 * The message (a common-namespace key with its values, for a form's errors) when `error` is a change
 * refused over the user's caps; null for any other error, which the caller throws on.
 */
export function limitMessage(error: unknown): string | null {
  if (!(error instanceof DemoLimitReached)) return null;
  const values =
    error.kind === 'textBytes'
      ? { kb: DEMO_USER_LIMITS.textBytes / 1024 }
      : { max: DEMO_USER_LIMITS[error.kind] };
  return `demoLimits.${error.kind}|${JSON.stringify(values)}`;
}

/**
 * Runs a change of the demo data from a form (the demo screens' one way to a form message): its value,
 * or the message when it would go over the user's caps (`limitMessage`). A record that is not there
 * answers 404 (as `orNotFound`); any other error is a bug and goes on.
 */
export function withinLimits<T>(change: () => T): { ok: true; value: T } | { ok: false; key: string } {
  try {
    return { ok: true, value: orNotFound(change) };
  } catch (error) {
    const key = limitMessage(error);
    if (key === null) throw error;
    return { ok: false, key };
  }
}

/** The signed-in user as the author of a comment or reply. */
export function authorOf(user: PortalUser): Person {
  return { id: user.id, name: user.name, avatar: user.profile_image ?? '' };
}
