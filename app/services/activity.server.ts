// Every request of a signed-in user counts as activity, whichever page it is for: the portal keeps the
// time of the last one in its cookie (so an idle sign-in ends after 30 minutes on every page, not only
// on pages that call the back office), and tells the back office the session is in use, so that a
// user busy on pages that do not call it is not signed out there while active here. The cookie also
// takes what the session check last heard of the user (a picture changed on another device, ADR 061).
import { backoffice } from './backoffice/client.server';
import { sessionCheck, userAfterCheck } from './session-check.server';
import { refreshSeen } from './session.server';

/** How often at most one portal process tells the back office that a session is still in use. */
export const KEEP_ALIVE_EVERY_MS = 5 * 60 * 1000;
const REMEMBERED = 10_000;
const told = new Map<string, number>();

/** Adds the refreshed session cookie to the response's headers when it is due or the user changed. */
export async function markActivity(request: Request, headers: Headers): Promise<void> {
  // Only what this process already holds: the request's own check asked, no question more.
  const refreshed = await refreshSeen(request, headers, (data) =>
    userAfterCheck(data, sessionCheck().held(data.backoffice)),
  );
  if (!refreshed) return;
  headers.append('Set-Cookie', refreshed.setCookie);
  keepAlive(refreshed.backoffice, Date.now());
}

function keepAlive(session: string, now: number) {
  const last = told.get(session);
  if (last !== undefined && now - last < KEEP_ALIVE_EVERY_MS) return;
  told.delete(session);
  told.set(session, now);
  if (told.size > REMEMBERED) told.delete(told.keys().next().value as string);
  // Not awaited: the page does not wait for it. If the back office has ended the session or is down,
  // the next page that calls it says so to the user; there is nothing to tell them here.
  backoffice()
    .call('getProfile', { session })
    .catch(() => undefined);
}
