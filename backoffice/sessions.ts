import { BACKOFFICE_SESSION_COOKIE } from '../app/services/backoffice/contract';
import type { Db } from './db';
import { hashToken, newSecretToken } from './tokens';
import { findUserById, type UserRecord } from './users';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Session {
  tokenHash: string;
  user: UserRecord;
  expiresAt: Date;
}

/** Starts a session for the user; the token is returned once and only its hash is kept. */
export function createSession(db: Db, userId: number, now: Date): { token: string; expiresAt: Date } {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.toISOString());
  db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashToken(token),
    userId,
    now.toISOString(),
    expiresAt.toISOString(),
  );
  return { token, expiresAt };
}

/** The live session named by the token, or null when unknown, expired, or its user is disabled. */
export function findSession(db: Db, token: string, now: Date): Session | null {
  const tokenHash = hashToken(token);
  const row = db
    .prepare('SELECT user_id, expires_at FROM sessions WHERE token_hash = ? AND expires_at > ?')
    .get(tokenHash, now.toISOString()) as { user_id: number; expires_at: string } | undefined;
  if (!row) return null;
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
