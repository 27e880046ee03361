import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Cost parameters for new hashes; stored with each hash so they can be raised later. */
const DEFAULT_PARAMS = { N: 16384, r: 8, p: 1 } as const;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // 128 * N * r bytes are needed; leave headroom so raised parameters do not fail on maxmem.
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
    scrypt(password, salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash in base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = DEFAULT_PARAMS;
  const key = await derive(password, salt, KEY_BYTES, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (!N || !r || !p || salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/**
 * Compared against when the account is unknown, so that a wrong e-mail costs the same scrypt run
 * as a wrong password and answer times do not reveal which accounts exist.
 */
const DUMMY_HASH = [
  'scrypt',
  DEFAULT_PARAMS.N,
  DEFAULT_PARAMS.r,
  DEFAULT_PARAMS.p,
  randomBytes(SALT_BYTES).toString('base64'),
  randomBytes(KEY_BYTES).toString('base64'),
].join('$');

/** True when `password` matches `stored`; with `stored` null, spends the same time and answers false. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored ?? DUMMY_HASH);
  if (!parsed) {
    await verifyPassword(password, null);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
  });
  return stored !== null && timingSafeEqual(key, parsed.key);
}

/**
 * The zxcvbn score (0 to 4) a new password must reach. 3 means about 10^8 guesses or more: out of
 * reach of guessing through the sign-in (throttled per account and address) and slow against the
 * scrypt hashes if they leaked. Length alone does not reach it for a common word with digits
 * (`sunshine1`), a keyboard row (`qwertyuiop`) or a name or the address of the account itself.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries (about 1.9 MB, back office only) takes a moment. */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: zxcvbnCommon.dictionary,
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return estimator;
}

/**
 * Whether a new password is too easy to guess (zxcvbn-ts with its common-password, name and keyboard
 * lists). `userInputs` are the account's own words (e-mail, names), which make a password weak too.
 * Checked when a password is chosen, never at sign-in: the seeded demo accounts keep `demo1234`.
 */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  // The whole address and each of its words and of the names: `elsayed2024` is as weak as `sunshine1`.
  const words = userInputs
    .flatMap((input) => [input.toLowerCase(), ...input.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter(Boolean);
  return passwordEstimator().check(password, words).score < MIN_PASSWORD_SCORE;
}
