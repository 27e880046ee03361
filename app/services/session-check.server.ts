// Whether the back-office session behind a portal cookie still lives. The back office is the one truth
// (sign-out, a password change or reset, its own 12-hour and 30-minute ends), shared by every portal
// process; each process only remembers its answer for a few seconds, so a copied cookie stops working
// everywhere within seconds of the session ending, on every page, not only those that call the back
// office (ADR 029).
import { LRUCache } from 'lru-cache';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { SESSION_MAX_AGE } from './session.server';

/**
 * - alive: the back office accepts the session;
 * - ended: it answered 401 (signed out, password changed or reset, expired, account disabled);
 * - unknown: it could not be asked (down, too slow, a broken answer): the request goes on, and pages
 *   that need its data say it is unavailable.
 */
export type SessionLife = 'alive' | 'ended' | 'unknown';

/** How long one process trusts an "alive" (or "unknown") answer before asking again. */
export const CHECK_EVERY_MS = 5_000;
/** Sessions remembered per process; the least recently used are forgotten (and asked about again). */
const REMEMBERED = 10_000;
/** An ended session never comes back: remembered as long as its cookie could last. */
const ENDED_FOR_MS = SESSION_MAX_AGE * 1000;

interface Known {
  life: SessionLife;
  userId: number;
}

export interface SessionCheck {
  /** What the back office says of the session, asked at most once per CHECK_EVERY_MS per token. */
  life(token: string, userId: number): Promise<SessionLife>;
  /** The session is known to have ended here (signed out, or a back-office call answered 401). */
  ended(token: string, userId: number): void;
  /** Forgets what is known of the user's sessions but `keep`, so they are asked about on next use. */
  forgetUser(userId: number, keep?: string): void;
}

/**
 * How long the question may take: every signed-in page waits for it, so a hung back office must not
 * hold each page for the whole read limit as well as its own calls (the answer is then "unknown").
 */
export const CHECK_TIMEOUT_MS = 2_000;

/** Asks the back office with the cheapest call that needs the session (GET /me, its own profile). */
export async function askBackoffice(token: string): Promise<SessionLife> {
  try {
    await backoffice().call('getProfile', { session: token, timeoutMs: CHECK_TIMEOUT_MS });
    return 'alive';
  } catch (error) {
    if (isBackofficeError(error, 'unauthorized')) return 'ended';
    if (isBackofficeError(error, 'unavailable') || isBackofficeError(error, 'bad_answer')) return 'unknown';
    // Any other refusal (a missing profile, say) still means the back office took the session.
    return 'alive';
  }
}

export function createSessionCheck(
  ask: (token: string) => Promise<SessionLife> = askBackoffice,
  options: { everyMs?: number; max?: number; clock?: { now(): number } } = {},
): SessionCheck {
  const everyMs = options.everyMs ?? CHECK_EVERY_MS;
  // lru-cache also makes concurrent checks of one token share a single back-office call.
  const known = new LRUCache<string, Known, number>({
    max: options.max ?? REMEMBERED,
    ttl: everyMs,
    // A given clock is read every time (lru-cache otherwise reuses a reading for a millisecond).
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    fetchMethod: async (token, _stale, { options: entry, context: userId }) => {
      const life = await ask(token);
      if (life === 'ended') entry.ttl = ENDED_FOR_MS;
      return { life, userId };
    },
  });

  return {
    async life(token, userId) {
      try {
        const answer = await known.fetch(token, { context: userId });
        if (answer) return answer.life;
      } catch {
        // The entry was replaced while the question was out (a sign-out here): read what replaced it.
      }
      return known.get(token)?.life ?? 'unknown';
    },
    ended(token, userId) {
      known.set(token, { life: 'ended', userId }, { ttl: ENDED_FOR_MS });
    },
    forgetUser(userId, keep) {
      const theirs = [...known.entries()].filter(
        ([token, entry]) => entry.userId === userId && token !== keep,
      );
      for (const [token] of theirs) known.delete(token);
    },
  };
}

let shared: SessionCheck | undefined;

/** This process's check. */
export function sessionCheck(): SessionCheck {
  shared ??= createSessionCheck();
  return shared;
}
