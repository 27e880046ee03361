import { BACKOFFICE_SESSION_COOKIE } from '@contract';
import type { Db } from './db';
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
export function createSession(db: Db, userId: number, now: Date): { token: string; expiresAt: Date } {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  db.transaction(() => {
    db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.toISOString());
    db.prepare(
      'INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    ).run(hashToken(token), userId, now.toISOString(), expiresAt.toISOString(), now.toISOString());
    // rowid breaks ties between sessions used in the same minute: the later sign-in stays.
    db.prepare(
      `DELETE FROM sessions WHERE user_id = ? AND rowid NOT IN (
         SELECT rowid FROM sessions WHERE user_id = ? ORDER BY last_seen_at DESC, rowid DESC LIMIT ?
       )`,
    ).run(userId, userId, MAX_SESSIONS_PER_USER);
  })();
  return { token, expiresAt };
}

/**
 * The live session named by the token, or null when unknown, past its absolute end, unused for longer
 * than the idle limit, or its user is disabled. Using it counts as activity.
 */
export function findSession(db: Db, token: string, now: Date): Session | null {
  const tokenHash = hashToken(token);
  const row = db
    .prepare(
      'SELECT user_id, expires_at, last_seen_at FROM sessions WHERE token_hash = ? AND expires_at > ? AND last_seen_at > ?',
    )
    .get(tokenHash, now.toISOString(), new Date(now.getTime() - SESSION_IDLE_MS).toISOString()) as
    { user_id: number; expires_at: string; last_seen_at: string } | undefined;
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(now.toISOString(), tokenHash);
  }
  const user = findUserById(db, row.user_id);
  if (!user || !user.active) return null;
  return { tokenHash, user, expiresAt: new Date(row.expires_at) };
}

export function deleteSession(db: Db, tokenHash: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
}

export function deleteUserSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}

/** Ends every session of the user but the one named (after a password change). */
export function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, keepTokenHash);
}

const SESSION_COOKIE_ATTRIBUTES = 'HttpOnly; Path=/; SameSite=Lax';

export function sessionCookie(token: string): string {
  return `${BACKOFFICE_SESSION_COOKIE}=${token}; ${SESSION_COOKIE_ATTRIBUTES}; Max-Age=${SESSION_TTL_MS / 1000}`;
}

export function clearedSessionCookie(): string {
  return `${BACKOFFICE_SESSION_COOKIE}=; ${SESSION_COOKIE_ATTRIBUTES}; Max-Age=0`;
}
