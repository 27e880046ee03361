import type { Db } from './db';

/**
 * Failed sign-ins per e-mail address (OWASP ASVS V2.2.1): after LOGIN_MAX_FAILURES within
 * LOGIN_WINDOW_MS the address is locked for LOGIN_LOCK_MS, even for the right password. Unknown
 * addresses are counted and locked exactly like known ones, so no answer tells whether an account
 * exists.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

interface ThrottleRow {
  failures: number;
  window_start: string;
  locked_until: string | null;
}

function throttleKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Starts a sign-in attempt for `email`. While the address is locked, counts nothing and returns the
 * seconds left. Otherwise counts the attempt as a failure before the password is checked, so that
 * attempts sent in parallel cannot all slip past the limit, and returns null; a successful sign-in
 * then calls `loginSucceeded`, which clears the count. The attempt that reaches the limit sets the
 * lock; it still signs in if its password is right.
 */
export function beginLoginAttempt(db: Db, email: string, now: Date): number | null {
  const key = throttleKey(email);
  const nowIso = now.toISOString();
  // A window opened at or before this instant is over.
  const windowOver = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  return db
    .transaction((): number | null => {
      // Housekeeping: rows whose window and lock are both over count for nothing.
      db.prepare(
        'DELETE FROM login_throttle WHERE window_start <= ? AND (locked_until IS NULL OR locked_until <= ?)',
      ).run(windowOver, nowIso);
      const row = db
        .prepare('SELECT failures, window_start, locked_until FROM login_throttle WHERE email = ?')
        .get(key) as ThrottleRow | undefined;
      if (row?.locked_until && row.locked_until > nowIso) {
        return Math.max(1, Math.ceil((Date.parse(row.locked_until) - now.getTime()) / 1000));
      }
      const fresh = !row || row.window_start <= windowOver || row.locked_until !== null;
      const failures = fresh ? 1 : row.failures + 1;
      const lockedUntil =
        failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS).toISOString() : null;
      db.prepare(
        `INSERT INTO login_throttle (email, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET
           failures = excluded.failures,
           window_start = excluded.window_start,
           locked_until = excluded.locked_until`,
      ).run(key, failures, fresh ? nowIso : row.window_start, lockedUntil);
      return null;
    })
    .immediate();
}

/** A successful sign-in: the address starts again from no failures. */
export function loginSucceeded(db: Db, email: string): void {
  db.prepare('DELETE FROM login_throttle WHERE email = ?').run(throttleKey(email));
}

/** Seconds left on the lock of `email`, or null when it is not locked. */
export function lockedFor(db: Db, email: string, now: Date): number | null {
  const lockedUntil = db
    .prepare('SELECT locked_until FROM login_throttle WHERE email = ?')
    .pluck()
    .get(throttleKey(email)) as string | null | undefined;
  if (!lockedUntil || lockedUntil <= now.toISOString()) return null;
  return Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / 1000));
}

/**
 * Starts a two-step code attempt for the account. Wrong codes are counted per account across
 * challenges (a right password opens a new challenge but does not clear them), before the code is
 * checked, as for passwords; the attempt that reaches LOGIN_MAX_FAILURES locks the address exactly
 * as failed passwords do. Returns the seconds left while the address is locked (nothing counted),
 * otherwise null; a right code then calls `codeAccepted`.
 */
export function beginCodeAttempt(db: Db, userId: number, email: string, now: Date): number | null {
  const nowIso = now.toISOString();
  const windowOver = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  return db
    .transaction((): number | null => {
      const locked = lockedFor(db, email, now);
      if (locked !== null) return locked;
      const row = db
        .prepare('SELECT failures, window_start FROM two_factor_failures WHERE user_id = ?')
        .get(userId) as { failures: number; window_start: string } | undefined;
      const fresh = !row || row.window_start <= windowOver;
      const failures = fresh ? 1 : row.failures + 1;
      if (failures < LOGIN_MAX_FAILURES) {
        db.prepare(
          `INSERT INTO two_factor_failures (user_id, failures, window_start) VALUES (?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET
             failures = excluded.failures, window_start = excluded.window_start`,
        ).run(userId, failures, fresh ? nowIso : row.window_start);
        return null;
      }
      // The limit: the same lock as failed passwords, lifted by time or by a password reset.
      db.prepare('DELETE FROM two_factor_failures WHERE user_id = ?').run(userId);
      db.prepare(
        `INSERT INTO login_throttle (email, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET
           failures = excluded.failures,
           window_start = excluded.window_start,
           locked_until = excluded.locked_until`,
      ).run(
        throttleKey(email),
        LOGIN_MAX_FAILURES,
        nowIso,
        new Date(now.getTime() + LOGIN_LOCK_MS).toISOString(),
      );
      return null;
    })
    .immediate();
}

/** A right two-step code (or a password reset): the account starts again from no wrong codes. */
export function codeAccepted(db: Db, userId: number): void {
  db.prepare('DELETE FROM two_factor_failures WHERE user_id = ?').run(userId);
}
