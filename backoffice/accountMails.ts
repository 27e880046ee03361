import type { Db } from './db';

/**
 * Mails about an account sent to one e-mail address (password reset links, registration notices):
 * at most ACCOUNT_MAILS_PER_HOUR in any hour, so that nobody can flood a mailbox through the
 * portal's forms. Beyond the limit nothing is sent and the caller answers as if it had been.
 */
export const ACCOUNT_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** Counts a mail to `email` and returns true when it may be sent now; false (nothing counted) when not. */
export function mayMailAccount(db: Db, email: string, now: Date): boolean {
  const key = email.trim().toLowerCase();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  return db
    .transaction((): boolean => {
      db.prepare('DELETE FROM account_mails WHERE sent_at <= ?').run(hourAgo);
      const sent = db
        .prepare('SELECT count(*) FROM account_mails WHERE email = ?')
        .pluck()
        .get(key) as number;
      if (sent >= ACCOUNT_MAILS_PER_HOUR) return false;
      db.prepare('INSERT INTO account_mails (email, sent_at) VALUES (?, ?)').run(key, now.toISOString());
      return true;
    })
    .immediate();
}
