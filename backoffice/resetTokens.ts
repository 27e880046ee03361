import type { Db } from './db';
import { deleteUserSessions } from './sessions';
import { hashToken, newSecretToken } from './tokens';
import { setPasswordHash } from './users';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Issues a single-use reset token for the user; any earlier unused token stops working. */
export function issueResetToken(db: Db, userId: number, now: Date): string {
  const token = newSecretToken();
  db.transaction(() => {
    db.prepare('DELETE FROM password_reset_tokens WHERE user_id = ? AND used_at IS NULL').run(userId);
    db.prepare(
      `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
    ).run(
      hashToken(token),
      userId,
      now.toISOString(),
      new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
    );
  }).immediate();
  return token;
}

/**
 * Sets the new password if `token` is a live token issued to the active account `email`, and ends
 * every session of that account. Returns false, changing nothing, otherwise.
 */
export function resetPasswordWithToken(
  db: Db,
  input: { email: string; token: string; passwordHash: string },
  now: Date,
): boolean {
  return db
    .transaction(() => {
      const row = db
        .prepare(
          `SELECT t.id, t.user_id FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = ? AND u.email = ? AND u.active = 1 AND t.used_at IS NULL AND t.expires_at > ?`,
        )
        .get(hashToken(input.token), input.email, now.toISOString()) as
        { id: number; user_id: number } | undefined;
      if (!row) return false;
      db.prepare('UPDATE password_reset_tokens SET used_at = ? WHERE id = ?').run(now.toISOString(), row.id);
      setPasswordHash(db, row.user_id, input.passwordHash);
      deleteUserSessions(db, row.user_id);
      return true;
    })
    .immediate();
}
