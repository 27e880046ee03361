/**
 * Secrets the back office must read back (two-step verification keys) are kept sealed with AES-256-GCM,
 * so that a copy of the database alone (a backup, a stolen file) does not give them away. The key comes
 * from `BACKOFFICE_SECRET_KEY` (32 bytes, base64) or, on a machine without it, from `secret.key` in the
 * data directory, made on first start and readable by its owner only: keep it out of database backups.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string): string;
  /** The plain text of a sealed value; a value kept before sealing existed is returned as it is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
  /** A signature of `text` for `purpose` (links in mails), with a key of its own derived from the sealing key. */
  sign(purpose: string, text: string): string;
  /** Whether `signature` is `sign(purpose, text)`. */
  verify(purpose: string, text: string, signature: string): boolean;
}

export function sealingKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== KEY_BYTES) throw new Error('BACKOFFICE_SECRET_KEY must be 32 bytes in base64');
    return key;
  }
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting on the same directory made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

export function createSealer(key: Buffer): Sealer {
  const signingKeys = new Map<string, Buffer>();
  const signingKey = (purpose: string) => {
    let derived = signingKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, '', `sign:${purpose}`, KEY_BYTES));
      signingKeys.set(purpose, derived);
    }
    return derived;
  };
  const sign = (purpose: string, text: string) =>
    createHmac('sha256', signingKey(purpose)).update(text).digest('base64url');
  return {
    sign,
    verify(purpose, text, signature) {
      const expected = Buffer.from(sign(purpose, text));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
