import { BACKOFFICE_SESSION_COOKIE } from '@contract';
import { inTransaction, type Database } from './data/database';
import { hashToken, newSecretToken } from './tokens';
import { findUserById, type UserRecord } from './users';

/** A session ends this long after sign-in, however busy (ASVS V3.3.2). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** …and earlier when unused for this long. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Last use is written at most this often (not on every call). */
const TOUCH_EVERY_MS = 60 * 1000;
/**
 * Live sessions one user may hold: a sign-in beyond it ends the least recently used ones, so that a
 * script signing in over and over cannot pile up sessions, and a forgotten device is the one to go.
 * Far above one person's devices, and above the 50 per demo account of `npm run loadtest` (ADR 029).
 */
export const MAX_SESSIONS_PER_USER = 64;

export interface Session {
  tokenHash: string;
  user: UserRecord;
  expiresAt: Date;
}

/**
 * Starts a session for the user; the token is returned once and only its hash is kept. The user's
 * sessions past MAX_SESSIONS_PER_USER, least recently used first, end.
 */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
    await trx
      .insertInto('sessions')
      .values({
        token_hash: tokenHash,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        last_seen_at: now.toISOString(),
      })
      .execute();
    // The new session stays, with the most recently used others (those used in the same instant by
    // their start, then by token, so that both engines choose alike); the rest end.
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '<>', tokenHash)
      .where('token_hash', 'not in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('token_hash')
          .where('user_id', '=', userId)
          .where('token_hash', '<>', tokenHash)
          .orderBy('last_seen_at', (order) => order.desc().nullsLast())
          .orderBy('created_at', 'desc')
          .orderBy('token_hash')
          .limit(MAX_SESSIONS_PER_USER - 1),
      )
      .execute();
  });
  return { token, expiresAt };
}

/**
 * The live session named by the token, or null when unknown, past its absolute end, unused for longer
 * than the idle limit, or its user is disabled. Using it counts as activity.
 */
export async function findSession(db: Database, token: string, now: Date): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS).toISOString())
    .executeTakeFirst();
  if (!row?.last_seen_at) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const user = await findUserById(db, row.user_id);
  if (!user || !user.active) return null;
  return { tokenHash, user, expiresAt: new Date(row.expires_at) };
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but the one named (after a password change). */
export async function deleteOtherSessions(
  db: Database,
  userId: number,
  keepTokenHash: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepTokenHash)
    .execute();
}

const SESSION_COOKIE_ATTRIBUTES = 'HttpOnly; Path=/; SameSite=Lax';

export function sessionCookie(token: string): string {
  return `${BACKOFFICE_SESSION_COOKIE}=${token}; ${SESSION_COOKIE_ATTRIBUTES}; Max-Age=${SESSION_TTL_MS / 1000}`;
}

export function clearedSessionCookie(): string {
  return `${BACKOFFICE_SESSION_COOKIE}=; ${SESSION_COOKIE_ATTRIBUTES}; Max-Age=0`;
}
