// What the blog and user profile screens need from the demo store besides its operations: the signed-in
// user's copy of the data, the user as the author of what they write, and where to go back after a post.
import type { Person } from '~/fixtures/types';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import type { PortalUser } from '~/services/user';
import { DemoNotFound, demoState } from './store.server';

/** The signed-in user allowed on `screen` (the access table's path) and their demo data. */
export async function demoScreen(request: Request, screen: string) {
  const { user } = await requireUser(request, { anyOf: rolesFor(screen) });
  return { user, state: demoState(user.id) };
}

/** The signed-in user as the author of a comment or reply. */
export function authorOf(user: PortalUser): Person {
  return { id: user.id, name: user.name, avatar: user.profile_image ?? '' };
}

/** The page the form was posted from (path and query), with `anchor` to land on what changed. */
export function backTo(request: Request, anchor?: string): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${anchor ? `#${anchor}` : ''}`;
}

/** Runs a store operation; a record that is not there answers 404, like an unknown page. */
export function orNotFound<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DemoNotFound) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
