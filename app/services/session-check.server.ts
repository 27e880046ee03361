// Whether the back-office session behind a portal cookie still lives. The back office is the one truth
// (sign-out, a password change or reset, its own 12-hour and 30-minute ends), shared by every portal
// process; each process only remembers its answer for a few seconds, so a copied cookie stops working
// everywhere within seconds of the session ending, on every page, not only those that call the back
// office (ADR 029). The same answer (the person's profile) tells the version of their own picture, so the
// avatar follows an upload or a removal made on another device (ADR 061).
import { LRUCache } from 'lru-cache';
import { backoffice, isBackofficeError } from './backoffice/client.server';
import { SESSION_MAX_AGE, type SessionData } from './session.server';
import { withPictureVersion, type PortalUser } from './user';

/**
 * - alive: the back office accepts the session;
 * - ended: it answered 401 (signed out, password changed or reset, expired, account disabled);
 * - unknown: it could not be asked (down, too slow, a broken answer): the request goes on, and pages
 *   that need its data say it is unavailable.
 */
export type SessionLife = 'alive' | 'ended' | 'unknown';

/** What the back office said of a session. */
export interface SessionAnswer {
  life: SessionLife;
  /**
   * The version of the person's own picture, from the same answer: null without one; left out when the
   * back office did not tell it (ended, unknown, or a back office without the pictures extension).
   */
  pictureVersion?: number | null;
}

/** How long one process trusts an "alive" (or "unknown") answer before asking again. */
export const CHECK_EVERY_MS = 5_000;
/** Sessions remembered per process; the least recently used are forgotten (and asked about again). */
const REMEMBERED = 10_000;
/** An ended session never comes back: remembered as long as its cookie could last. */
const ENDED_FOR_MS = SESSION_MAX_AGE * 1000;

/** An answer as this process keeps it. */
export interface KnownAnswer extends SessionAnswer {
  userId: number;
  /** When it was asked (ms since the epoch; 0 for an end known here), to compare with the cookie's times. */
  askedAt: number;
}

export interface SessionCheck {
  /** What the back office says of the session, asked at most once per CHECK_EVERY_MS per token. */
  life(token: string, userId: number): Promise<SessionLife>;
  /** As `life`, with the rest of the answer (the picture's version). */
  answer(token: string, userId: number): Promise<KnownAnswer>;
  /** The answer this process holds for the session, if still fresh, without asking. */
  held(token: string): KnownAnswer | undefined;
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
export async function askBackoffice(token: string): Promise<SessionAnswer> {
  try {
    const profile = await backoffice().call('getProfile', { session: token, timeoutMs: CHECK_TIMEOUT_MS });
    return { life: 'alive', pictureVersion: profile.picture_version };
  } catch (error) {
    if (isBackofficeError(error, 'unauthorized')) return { life: 'ended' };
    if (isBackofficeError(error, 'unavailable') || isBackofficeError(error, 'bad_answer')) {
      return { life: 'unknown' };
    }
    // Any other refusal (a missing profile, say) still means the back office took the session.
    return { life: 'alive' };
  }
}

export function createSessionCheck(
  ask: (token: string) => Promise<SessionAnswer> = askBackoffice,
  options: { everyMs?: number; max?: number; clock?: { now(): number } } = {},
): SessionCheck {
  const everyMs = options.everyMs ?? CHECK_EVERY_MS;
  // lru-cache also makes concurrent checks of one token share a single back-office call.
  const known = new LRUCache<string, KnownAnswer, number>({
    max: options.max ?? REMEMBERED,
    ttl: everyMs,
    // A given clock is read every time (lru-cache otherwise reuses a reading for a millisecond).
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    fetchMethod: async (token, _stale, { options: entry, context: userId }) => {
      const askedAt = Date.now();
      const answer = await ask(token);
      if (answer.life === 'ended') entry.ttl = ENDED_FOR_MS;
      return { ...answer, userId, askedAt };
    },
  });

  const answer = async (token: string, userId: number): Promise<KnownAnswer> => {
    try {
      const fetched = await known.fetch(token, { context: userId });
      if (fetched) return fetched;
    } catch {
      // The entry was replaced while the question was out (a sign-out here): read what replaced it.
    }
    return known.get(token) ?? { life: 'unknown', userId, askedAt: 0 };
  };

  return {
    answer,
    async life(token, userId) {
      return (await answer(token, userId)).life;
    },
    held(token) {
      return known.peek(token);
    },
    ended(token, userId) {
      known.set(token, { life: 'ended', userId, askedAt: 0 }, { ttl: ENDED_FOR_MS });
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

/**
 * The session's user as the back office's answer describes them: the avatar at the picture's current
 * version, so an upload or a removal on another device shows here too. An answer asked no later than
 * the cookie was last written is left aside: the cookie may be the newer (this session's own upload,
 * while another process still holds an answer from before it); the next question settles it.
 */
export function userAfterCheck(data: SessionData, answer: KnownAnswer | undefined): PortalUser {
  if (answer?.pictureVersion === undefined) return data.user;
  if (answer.askedAt <= (data.seen ?? data.since ?? 0)) return data.user;
  return withPictureVersion(data.user, answer.pictureVersion);
}
