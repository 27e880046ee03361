import { inTransaction, type Database } from './data/database';
import { deleteUserSessions } from './sessions';
import { hashToken, newSecretToken } from './tokens';
import { setPasswordHash } from './users';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Issues a single-use reset token for the user, working for `ttlMs` (an hour; an invitation's a week);
 * any earlier unused token stops working.
 */
export async function issueResetToken(
  db: Database,
  userId: number,
  now: Date,
  ttlMs = RESET_TOKEN_TTL_MS,
): Promise<string> {
  const token = newSecretToken();
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * Sets the new password if `token` is a live token issued to the active account `email`, and ends
 * every session of that account. Returns false, changing nothing, otherwise.
 */
export async function resetPasswordWithToken(
  db: Database,
  input: { email: string; token: string; passwordHash: string },
  now: Date,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id'])
      .where('t.token_hash', '=', hashToken(input.token))
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', input.email.toLowerCase()))
      .where('u.active', '=', 1)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) return false;
    // Used once: of two resets with the same link at the same moment, the second finds it used.
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await setPasswordHash(trx, row.user_id, input.passwordHash);
    // An invited account is its owner's from now on.
    await trx
      .updateTable('users')
      .set({ password_set_at: now.toISOString() })
      .where('id', '=', row.user_id)
      .execute();
    await deleteUserSessions(trx, row.user_id);
    return true;
  });
}
