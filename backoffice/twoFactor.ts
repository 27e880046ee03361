/**
 * Two-step verification (TOTP, RFC 6238, with the maintained `otpauth` library): a secret waiting for
 * its first code, turned on with recovery codes, the sign-in challenge between the password and the
 * code, and the check of a code (a time step is accepted once per user).
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from './db';
import { beginCodeAttempt, codeAccepted, lockedFor } from './loginThrottle';
import type { Sealer } from './sealing';
import { hashToken, newSecretToken } from './tokens';

const ISSUER = 'Harbour Freight';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (clocks drift). */
const WINDOW = 1;
export const CHALLENGE_MINUTES = 5;
export const MAX_CODE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that are not mistaken for each other when typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totp(secret: string, email = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

interface TwoFactorRow {
  email: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_counter: number | null;
}

function row(db: Db, userId: number): TwoFactorRow | null {
  return (
    (db
      .prepare('SELECT email, totp_secret, totp_pending_secret, totp_last_counter FROM users WHERE id = ?')
      .get(userId) as TwoFactorRow | undefined) ?? null
  );
}

export function isTwoFactorOn(db: Db, userId: number): boolean {
  return Boolean(row(db, userId)?.totp_secret);
}

export function twoFactorStatus(db: Db, userId: number): { enabled: boolean; recovery_codes_left: number } {
  if (!isTwoFactorOn(db, userId)) return { enabled: false, recovery_codes_left: 0 };
  const { left } = db
    .prepare('SELECT COUNT(*) AS left FROM recovery_codes WHERE user_id = ? AND used_at IS NULL')
    .get(userId) as { left: number };
  return { enabled: true, recovery_codes_left: left };
}

/** A new secret waiting for its first code (replacing one that waited); null when already on. */
export function startSetup(
  db: Db,
  sealer: Sealer,
  userId: number,
): { secret: string; otpauth_url: string } | null {
  const current = row(db, userId);
  if (!current || current.totp_secret) return null;
  const secret = new Secret({ size: 20 }).base32;
  db.prepare('UPDATE users SET totp_pending_secret = ? WHERE id = ?').run(sealer.seal(secret), userId);
  return { secret, otpauth_url: totp(secret, current.email).toString() };
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
export function enableTwoFactor(
  db: Db,
  sealer: Sealer,
  userId: number,
  code: string,
  now: Date,
): EnableOutcome {
  return db
    .transaction((): EnableOutcome => {
      const current = row(db, userId);
      if (!current) return 'not_set_up';
      if (current.totp_secret) return 'already_on';
      if (!current.totp_pending_secret) return 'not_set_up';
      const counter = counterOf(sealer.open(current.totp_pending_secret), code, now);
      if (counter === null) return 'wrong_code';
      db.prepare(
        `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
           totp_enabled_at = ?, totp_last_counter = ? WHERE id = ?`,
      ).run(now.toISOString(), counter, userId);
      db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const insert = db.prepare('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)');
      for (const recovery of recoveryCodes) insert.run(userId, hashToken(recovery));
      return { recoveryCodes };
    })
    .immediate();
}

/**
 * Whether `code` proves the second factor now: a TOTP code of a time step after the last one accepted
 * (then remembered), or an unused recovery code (then used up).
 */
export function acceptCode(db: Db, sealer: Sealer, userId: number, code: string, now: Date): boolean {
  return db
    .transaction((): boolean => {
      const current = row(db, userId);
      if (!current?.totp_secret) return false;
      if (/^\d{6}$/.test(code)) {
        const counter = counterOf(sealer.open(current.totp_secret), code, now);
        if (counter === null || counter <= (current.totp_last_counter ?? -1)) return false;
        db.prepare('UPDATE users SET totp_last_counter = ? WHERE id = ?').run(counter, userId);
        return true;
      }
      const used = db
        .prepare(
          'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
        )
        .run(now.toISOString(), userId, hashToken(code.toLowerCase()));
      return used.changes === 1;
    })
    .immediate();
}

export function disableTwoFactor(db: Db, userId: number): void {
  db.transaction(() => {
    db.prepare(
      `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
         totp_last_counter = NULL WHERE id = ?`,
    ).run(userId);
    db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
  })();
}

/** A right password waiting for its code: the challenge token (given out once) for 5 minutes. */
export function createChallenge(db: Db, userId: number, now: Date): string {
  const token = newSecretToken();
  db.transaction(() => {
    db.prepare('DELETE FROM login_challenges WHERE expires_at <= ?').run(now.toISOString());
    db.prepare(
      'INSERT INTO login_challenges (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ).run(
      hashToken(token),
      userId,
      now.toISOString(),
      new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
    );
  })();
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
export function completeChallenge(
  db: Db,
  sealer: Sealer,
  token: string,
  code: string,
  now: Date,
): ChallengeOutcome {
  const challenge = db
    .prepare(
      `SELECT c.id, c.user_id, c.attempts, u.email FROM login_challenges c JOIN users u ON u.id = c.user_id
       WHERE c.token_hash = ? AND c.used_at IS NULL AND c.expires_at > ? AND c.attempts < ?`,
    )
    .get(hashToken(token), now.toISOString(), MAX_CODE_ATTEMPTS) as
    { id: number; user_id: number; attempts: number; email: string } | undefined;
  if (!challenge) return 'invalid';
  const locked = beginCodeAttempt(db, challenge.user_id, challenge.email, now);
  if (locked !== null) return { lockedFor: locked };
  if (acceptCode(db, sealer, challenge.user_id, code, now)) {
    db.prepare('UPDATE login_challenges SET used_at = ? WHERE id = ?').run(now.toISOString(), challenge.id);
    codeAccepted(db, challenge.user_id);
    return { userId: challenge.user_id };
  }
  db.prepare('UPDATE login_challenges SET attempts = attempts + 1 WHERE id = ?').run(challenge.id);
  const lockedNow = lockedFor(db, challenge.email, now);
  if (lockedNow !== null) return { lockedFor: lockedNow };
  return challenge.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'too_many' : 'wrong_code';
}

/** Seals the secrets kept before sealing existed (run at start; a sealed one is left as it is). */
export function sealStoredSecrets(db: Db, sealer: Sealer): number {
  return db
    .transaction((): number => {
      const rows = db
        .prepare(
          'SELECT id, totp_secret, totp_pending_secret FROM users WHERE totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL',
        )
        .all() as { id: number; totp_secret: string | null; totp_pending_secret: string | null }[];
      const update = db.prepare('UPDATE users SET totp_secret = ?, totp_pending_secret = ? WHERE id = ?');
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
        update.run(secret, pending, user.id);
        sealed += 1;
      }
      return sealed;
    })
    .immediate();
}
