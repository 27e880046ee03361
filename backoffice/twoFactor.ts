/**
 * Two-step verification (TOTP, RFC 6238, with the maintained `otpauth` library): a secret waiting for
 * its first code, turned on with recovery codes, the sign-in challenge between the password and the
 * code, and the check of a code (a time step is accepted once per user).
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { inTransaction, type Database } from './data/database';
import { beginCodeAttempt, codeAccepted, lockedFor } from './loginThrottle';
import type { Sealer } from './sealing';
import { hashToken, newSecretToken } from './tokens';

const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (clocks drift). */
const WINDOW = 1;
export const CHALLENGE_MINUTES = 5;
export const MAX_CODE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that are not mistaken for each other when typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `issuer` and `email` name the key in the authenticator app; a code's check needs neither. */
function totp(secret: string, { issuer = '', email = '' } = {}): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

async function row(db: Database, userId: number) {
  return (
    (await db
      .selectFrom('users')
      .select(['email', 'totp_secret', 'totp_pending_secret', 'totp_last_counter'])
      .where('id', '=', userId)
      .executeTakeFirst()) ?? null
  );
}

export async function isTwoFactorOn(db: Database, userId: number): Promise<boolean> {
  return Boolean((await row(db, userId))?.totp_secret);
}

export async function twoFactorStatus(
  db: Database,
  userId: number,
): Promise<{ enabled: boolean; recovery_codes_left: number }> {
  if (!(await isTwoFactorOn(db, userId))) return { enabled: false, recovery_codes_left: 0 };
  const { left } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: true, recovery_codes_left: left };
}

/**
 * A new secret waiting for its first code (replacing one that waited); null when already on. The
 * authenticator app shows it under `issuer`, the company's name (COMPANY_NAME).
 */
export async function startSetup(
  db: Database,
  sealer: Sealer,
  userId: number,
  issuer: string,
): Promise<{ secret: string; otpauth_url: string } | null> {
  const current = await row(db, userId);
  if (!current || current.totp_secret) return null;
  const secret = new Secret({ size: 20 }).base32;
  await db
    .updateTable('users')
    .set({ totp_pending_secret: sealer.seal(secret) })
    .where('id', '=', userId)
    .execute();
  return { secret, otpauth_url: totp(secret, { issuer, email: current.email }).toString() };
}

/** The time step `code` belongs to for `secret` at `now`, or null when it is not a valid code then. */
function counterOf(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

function newRecoveryCode(): string {
  const half = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${half()}-${half()}`;
}

export type EnableOutcome = { recoveryCodes: string[] } | 'not_set_up' | 'already_on' | 'wrong_code';

/** Turns it on when `code` comes from the waiting secret; new recovery codes replace any old ones. */
export async function enableTwoFactor(
  db: Database,
  sealer: Sealer,
  userId: number,
  code: string,
  now: Date,
): Promise<EnableOutcome> {
  return inTransaction(db, async (trx): Promise<EnableOutcome> => {
    const current = await row(trx, userId);
    if (!current) return 'not_set_up';
    if (current.totp_secret) return 'already_on';
    if (!current.totp_pending_secret) return 'not_set_up';
    const counter = counterOf(sealer.open(current.totp_pending_secret), code, now);
    if (counter === null) return 'wrong_code';
    // Only the secret the code was checked against: of two at once, the second finds it on already.
    const enabled = await trx
      .updateTable('users')
      .set((eb) => ({
        totp_secret: eb.ref('totp_pending_secret'),
        totp_pending_secret: null,
        totp_enabled_at: now.toISOString(),
        totp_last_counter: counter,
      }))
      .where('id', '=', userId)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', current.totp_pending_secret)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) !== 1) return 'already_on';
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx
      .insertInto('recovery_codes')
      .values(recoveryCodes.map((recovery) => ({ user_id: userId, code_hash: hashToken(recovery) })))
      .execute();
    return { recoveryCodes };
  });
}

/**
 * Whether `code` proves the second factor now: a TOTP code of a time step after the last one accepted
 * (then remembered), or an unused recovery code (then used up). Each is accepted once, also when sent
 * twice at the same moment.
 */
export async function acceptCode(
  db: Database,
  sealer: Sealer,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const current = await row(db, userId);
  if (!current?.totp_secret) return false;
  if (/^\d{6}$/.test(code)) {
    const counter = counterOf(sealer.open(current.totp_secret), code, now);
    if (counter === null) return false;
    const accepted = await db
      .updateTable('users')
      .set({ totp_last_counter: counter })
      .where('id', '=', userId)
      .where('totp_secret', '=', current.totp_secret)
      .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', counter)]))
      .executeTakeFirst();
    return Number(accepted.numUpdatedRows) === 1;
  }
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashToken(code.toLowerCase()))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function disableTwoFactor(db: Database, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_counter: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/** A right password waiting for its code: the challenge token (given out once) for 5 minutes. */
export async function createChallenge(db: Database, userId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('login_challenges').where('expires_at', '<=', now.toISOString()).execute();
    await trx
      .insertInto('login_challenges')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
      })
      .execute();
  });
  return token;
}

export type ChallengeOutcome =
  | { userId: number }
  | { lockedFor: number } // the account is locked (by this wrong code or before): seconds left
  | 'invalid' // unknown, used, expired or exhausted: sign in again
  | 'wrong_code'
  | 'too_many'; // this wrong code was the last allowed

/**
 * Completes the challenge with a code (a TOTP or a recovery code). Wrong codes are counted per
 * challenge, ending it after MAX_CODE_ATTEMPTS, and per account across challenges, locking the
 * account like failed passwords (loginThrottle.ts); a locked account's codes are not checked.
 */
export async function completeChallenge(
  db: Database,
  sealer: Sealer,
  token: string,
  code: string,
  now: Date,
): Promise<ChallengeOutcome> {
  const challenge = await db
    .selectFrom('login_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.attempts', 'u.email'])
    .where('c.token_hash', '=', hashToken(token))
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now.toISOString())
    .where('c.attempts', '<', MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
  if (!challenge) return 'invalid';
  const locked = await beginCodeAttempt(db, challenge.user_id, challenge.email, now);
  if (locked !== null) return { lockedFor: locked };
  if (await acceptCode(db, sealer, challenge.user_id, code, now)) {
    // Used once: of two right codes at once, the second signs in nobody.
    const used = await db
      .updateTable('login_challenges')
      .set({ used_at: now.toISOString() })
      .where('id', '=', challenge.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return 'invalid';
    await codeAccepted(db, challenge.user_id);
    return { userId: challenge.user_id };
  }
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challenge.id)
    .execute();
  const lockedNow = await lockedFor(db, challenge.email, now);
  if (lockedNow !== null) return { lockedFor: lockedNow };
  return challenge.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'too_many' : 'wrong_code';
}

/** Seals the secrets kept before sealing existed (run at start; a sealed one is left as it is). */
export async function sealStoredSecrets(db: Database, sealer: Sealer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
      .execute();
    let sealed = 0;
    for (const user of rows) {
      const secret =
        user.totp_secret && !sealer.isSealed(user.totp_secret)
          ? sealer.seal(user.totp_secret)
          : user.totp_secret;
      const pending =
        user.totp_pending_secret && !sealer.isSealed(user.totp_pending_secret)
          ? sealer.seal(user.totp_pending_secret)
          : user.totp_pending_secret;
      if (secret === user.totp_secret && pending === user.totp_pending_secret) continue;
      await trx
        .updateTable('users')
        .set({ totp_secret: secret, totp_pending_secret: pending })
        .where('id', '=', user.id)
        .execute();
      sealed += 1;
    }
    return sealed;
  });
}
