/**
 * What every portal process must see alike, kept here rather than in a process's memory (decision
 * record 038): each user's demo-module document, and failures counted per client address.
 */
import { sql } from 'kysely';
import type { Database } from './data/database';

export interface StoredDemoState {
  state: Record<string, unknown> | null;
  version: number;
}

export async function findDemoState(db: Database, userId: number): Promise<StoredDemoState> {
  const row = await db
    .selectFrom('demo_states')
    .select(['state_json', 'version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { state: null, version: 0 };
  return { state: JSON.parse(row.state_json) as Record<string, unknown>, version: row.version };
}

/**
 * Replaces the user's document if it is still at `version` (0: none saved yet), answering the new
 * version; 'conflict' when another save came first (one statement each way, so two processes saving
 * at once cannot both win).
 */
export async function saveDemoState(
  db: Database,
  userId: number,
  state: Record<string, unknown>,
  version: number,
  now: Date,
): Promise<number | 'conflict'> {
  const values = { state_json: JSON.stringify(state), updated_at: now.toISOString() };
  const saved =
    version === 0
      ? await db
          .insertInto('demo_states')
          .values({ user_id: userId, version: 1, ...values })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .returning('version')
          .executeTakeFirst()
      : await db
          .updateTable('demo_states')
          .set({ ...values, version: version + 1 })
          .where('user_id', '=', userId)
          .where('version', '=', version)
          .returning('version')
          .executeTakeFirst();
  return saved ? saved.version : 'conflict';
}

export interface ThrottleCount {
  failures: number;
  resets_in: number;
}

function countOf(row: { failures: number; window_ends_at: string } | undefined, now: Date): ThrottleCount {
  const left = row ? Date.parse(row.window_ends_at) - now.getTime() : 0;
  if (!row || left <= 0) return { failures: 0, resets_in: 0 };
  return { failures: row.failures, resets_in: Math.ceil(left / 1000) };
}

export async function throttleCount(
  db: Database,
  scope: string,
  key: string,
  now: Date,
): Promise<ThrottleCount> {
  const row = await db
    .selectFrom('address_throttles')
    .select(['failures', 'window_ends_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return countOf(row, now);
}

/**
 * Counts one failure: the first of a window starts it (`windowSeconds` long, fixed from then); one
 * statement, so failures sent to different processes at once are all counted.
 */
export async function throttleFail(
  db: Database,
  scope: string,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<ThrottleCount> {
  const at = now.toISOString();
  const ends = new Date(now.getTime() + windowSeconds * 1000).toISOString();
  const row = await db
    .insertInto('address_throttles')
    .values({ scope, key, failures: 1, window_ends_at: ends })
    .onConflict((conflict) =>
      conflict.columns(['scope', 'key']).doUpdateSet({
        failures: sql`case when address_throttles.window_ends_at <= ${at} then 1 else address_throttles.failures + 1 end`,
        window_ends_at: sql`case when address_throttles.window_ends_at <= ${at} then ${ends} else address_throttles.window_ends_at end`,
      }),
    )
    .returning(['failures', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  // Ended windows of any key go, so the table holds only what still counts.
  await db.deleteFrom('address_throttles').where('window_ends_at', '<=', at).execute();
  return countOf(row, now);
}

export async function throttleReset(db: Database, scope: string, key: string): Promise<ThrottleCount> {
  await db.deleteFrom('address_throttles').where('scope', '=', scope).where('key', '=', key).execute();
  return { failures: 0, resets_in: 0 };
}
