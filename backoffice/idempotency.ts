// Creates sent with an Idempotency-Key: the first answer is kept with the key, in the same transaction
// as the record it describes, so the same create sent again answers it instead of creating twice.
import { createHash, type Hash } from 'node:crypto';
import type { Db } from './db';
import { ApiError } from './http';

/** How long a key is remembered: longer than anyone retries a form, short enough to stay small. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentCreate {
  userId: number;
  key: string;
  /** The contract's call name: the same key on another call is refused. */
  call: string;
  /** `fingerprint` of what was asked: the same key with another body is refused. */
  fingerprint: string;
}

export interface IdempotencyStore {
  /**
   * Runs `create` once per (user, key): the first success is stored with the record it made; a later
   * call with the same key answers it again (`replayed`). A refusal is not stored, so the form can be
   * corrected and sent again with the same key.
   */
  run(request: IdempotentCreate, create: () => unknown): { answer: unknown; replayed: boolean };
}

export const idempotencyKeyReused = () =>
  new ApiError(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for another request: send a new key for a new record',
  );

/**
 * The fingerprint of what was asked (the call, its path parameters and its body), to be fed the body's
 * bytes as they arrive and then digested in hex: the body is never kept for it. The same as hashing
 * the whole body at once, so keys kept before the body was read piece by piece still match.
 */
export function fingerprint(call: string, params: unknown): Hash {
  return createHash('sha256')
    .update(call)
    .update('\n')
    .update(JSON.stringify(params ?? {}))
    .update('\n');
}

export function idempotencyStore(db: Db, now: () => Date): IdempotencyStore {
  const expire = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  const find = db.prepare<[number, string], { call: string; fingerprint: string; answer: string }>(
    'SELECT call, fingerprint, answer FROM idempotency_keys WHERE user_id = ? AND key = ?',
  );
  const keep = db.prepare(
    `INSERT INTO idempotency_keys (user_id, key, call, fingerprint, status, answer, created_at)
     VALUES (?, ?, ?, ?, 200, ?, ?)`,
  );

  return {
    run(request, create) {
      const printed = request.fingerprint;
      return db
        .transaction(() => {
          const at = now();
          // Cleaned lazily: the next keyed create drops what is past its 24 hours.
          expire.run(new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString());
          const stored = find.get(request.userId, request.key);
          if (stored) {
            if (stored.call !== request.call || stored.fingerprint !== printed) throw idempotencyKeyReused();
            return { answer: JSON.parse(stored.answer) as unknown, replayed: true };
          }
          const answer = create();
          if (answer instanceof Promise) {
            // The record and its key must be written in one transaction, which cannot wait.
            throw new Error(`${request.call}: an idempotent create must answer synchronously`);
          }
          keep.run(
            request.userId,
            request.key,
            request.call,
            printed,
            JSON.stringify(answer),
            at.toISOString(),
          );
          return { answer, replayed: false };
        })
        .immediate();
    },
  };
}
