import { inTransaction, type Database } from './data/database';
import { lockKey } from './data/dialect';

/**
 * Failed sign-ins per e-mail address (OWASP ASVS V2.2.1): after LOGIN_MAX_FAILURES within
 * LOGIN_WINDOW_MS the address is locked for LOGIN_LOCK_MS, even for the right password. Unknown
 * addresses are counted and locked exactly like known ones, so no answer tells whether an account
 * exists.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

function throttleKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Attempts on one address (passwords and two-step codes) are counted one after the other. */
function takeTurn(db: Database, key: string): Promise<void> {
  return lockKey(db, `login_throttle:${key}`);
}

function secondsLeft(lockedUntil: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / 1000));
}

async function setThrottle(
  db: Database,
  row: { email: string; failures: number; window_start: string; locked_until: string | null },
): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet((eb) => ({
        failures: eb.ref('excluded.failures'),
        window_start: eb.ref('excluded.window_start'),
        locked_until: eb.ref('excluded.locked_until'),
      })),
    )
    .execute();
}

/**
 * Starts a sign-in attempt for `email`. While the address is locked, counts nothing and returns the
 * seconds left. Otherwise counts the attempt as a failure before the password is checked, so that
 * attempts sent in parallel cannot all slip past the limit, and returns null; a successful sign-in
 * then calls `loginSucceeded`, which clears the count. The attempt that reaches the limit sets the
 * lock; it still signs in if its password is right.
 */
export async function beginLoginAttempt(db: Database, email: string, now: Date): Promise<number | null> {
  const key = throttleKey(email);
  const nowIso = now.toISOString();
  // A window opened at or before this instant is over.
  const windowOver = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  return inTransaction(db, async (trx): Promise<number | null> => {
    await takeTurn(trx, key);
    // Housekeeping: rows whose window and lock are both over count for nothing.
    await trx
      .deleteFrom('login_throttle')
      .where('window_start', '<=', windowOver)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .execute();
    const row = await trx
      .selectFrom('login_throttle')
      .select(['failures', 'window_start', 'locked_until'])
      .where('email', '=', key)
      .executeTakeFirst();
    if (row?.locked_until && row.locked_until > nowIso) return secondsLeft(row.locked_until, now);
    const fresh = !row || row.window_start <= windowOver || row.locked_until !== null;
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil =
      failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS).toISOString() : null;
    await setThrottle(trx, {
      email: key,
      failures,
      window_start: fresh ? nowIso : row.window_start,
      locked_until: lockedUntil,
    });
    return null;
  });
}

/** A successful sign-in: the address starts again from no failures. */
export async function loginSucceeded(db: Database, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email', '=', throttleKey(email)).execute();
}

/** Seconds left on the lock of `email`, or null when it is not locked. */
export async function lockedFor(db: Database, email: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email', '=', throttleKey(email))
    .executeTakeFirst();
  if (!row?.locked_until || row.locked_until <= now.toISOString()) return null;
  return secondsLeft(row.locked_until, now);
}

/**
 * Starts a two-step code attempt for the account. Wrong codes are counted per account across
 * challenges (a right password opens a new challenge but does not clear them), before the code is
 * checked, as for passwords; the attempt that reaches LOGIN_MAX_FAILURES locks the address exactly
 * as failed passwords do. Returns the seconds left while the address is locked (nothing counted),
 * otherwise null; a right code then calls `codeAccepted`.
 */
export async function beginCodeAttempt(
  db: Database,
  userId: number,
  email: string,
  now: Date,
): Promise<number | null> {
  const nowIso = now.toISOString();
  const windowOver = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  return inTransaction(db, async (trx): Promise<number | null> => {
    await takeTurn(trx, throttleKey(email));
    const locked = await lockedFor(trx, email, now);
    if (locked !== null) return locked;
    const row = await trx
      .selectFrom('two_factor_failures')
      .select(['failures', 'window_start'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const fresh = !row || row.window_start <= windowOver;
    const failures = fresh ? 1 : row.failures + 1;
    if (failures < LOGIN_MAX_FAILURES) {
      await trx
        .insertInto('two_factor_failures')
        .values({ user_id: userId, failures, window_start: fresh ? nowIso : row.window_start })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((eb) => ({
            failures: eb.ref('excluded.failures'),
            window_start: eb.ref('excluded.window_start'),
          })),
        )
        .execute();
      return null;
    }
    // The limit: the same lock as failed passwords, lifted by time or by a password reset.
    await trx.deleteFrom('two_factor_failures').where('user_id', '=', userId).execute();
    await setThrottle(trx, {
      email: throttleKey(email),
      failures: LOGIN_MAX_FAILURES,
      window_start: nowIso,
      locked_until: new Date(now.getTime() + LOGIN_LOCK_MS).toISOString(),
    });
    return null;
  });
}

/** A right two-step code (or a password reset): the account starts again from no wrong codes. */
export async function codeAccepted(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_failures').where('user_id', '=', userId).execute();
}
