import { inTransaction, type Database } from './data/database';
import { lockKey } from './data/dialect';

/**
 * Mails about an account sent to one e-mail address (password reset links, registration notices):
 * at most ACCOUNT_MAILS_PER_HOUR in any hour, so that nobody can flood a mailbox through the
 * portal's forms. Beyond the limit nothing is sent and the caller answers as if it had been.
 */
export const ACCOUNT_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** Counts a mail to `email` and returns true when it may be sent now; false (nothing counted) when not. */
export async function mayMailAccount(db: Database, email: string, now: Date): Promise<boolean> {
  const key = email.trim().toLowerCase();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  return inTransaction(db, async (trx) => {
    // Two mails to one address at once are counted one after the other.
    await lockKey(trx, `account_mails:${key}`);
    await trx.deleteFrom('account_mails').where('sent_at', '<=', hourAgo).execute();
    const { sent } = await trx
      .selectFrom('account_mails')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('email', '=', key)
      .executeTakeFirstOrThrow();
    if (sent >= ACCOUNT_MAILS_PER_HOUR) return false;
    await trx.insertInto('account_mails').values({ email: key, sent_at: now.toISOString() }).execute();
    return true;
  });
}
