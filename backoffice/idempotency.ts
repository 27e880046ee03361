// Creates sent with an Idempotency-Key: the first answer is kept with the key, in the same transaction
// as the record it describes, so the same create sent again answers it instead of creating twice.
import { createHash, type Hash } from 'node:crypto';
import type { Database } from './data/database';
import { lockKey } from './data/dialect';
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
   * corrected and sent again with the same key. `create` writes in the transaction it is given, which
   * also keeps the key (the embedded file's legacy handle writes in it too: it is the same connection).
   */
  run(
    request: IdempotentCreate,
    create: (db: Database) => unknown,
  ): Promise<{ answer: unknown; replayed: boolean }>;
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

export function idempotencyStore(database: Database, now: () => Date): IdempotencyStore {
  return {
    run(request, create) {
      const printed = request.fingerprint;
      return database.transaction().execute(async (trx) => {
        // The same key sent twice at once: the second waits for the first and answers its answer.
        await lockKey(trx, `idempotency:${request.userId}:${request.key}`);
        const at = now();
        // Cleaned lazily: the next keyed create drops what is past its 24 hours.
        await trx
          .deleteFrom('idempotency_keys')
          .where('created_at', '<', new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString())
          .execute();
        const stored = await trx
          .selectFrom('idempotency_keys')
          .select(['call', 'fingerprint', 'answer'])
          .where('user_id', '=', request.userId)
          .where('key', '=', request.key)
          .executeTakeFirst();
        if (stored) {
          if (stored.call !== request.call || stored.fingerprint !== printed) throw idempotencyKeyReused();
          return { answer: JSON.parse(stored.answer) as unknown, replayed: true };
        }
        const answer = await create(trx);
        await trx
          .insertInto('idempotency_keys')
          .values({
            user_id: request.userId,
            key: request.key,
            call: request.call,
            fingerprint: printed,
            status: 200,
            answer: JSON.stringify(answer),
            created_at: at.toISOString(),
          })
          .execute();
        return { answer, replayed: false };
      });
    },
  };
}
