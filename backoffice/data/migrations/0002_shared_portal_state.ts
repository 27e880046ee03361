/**
 * What every portal process must see alike (decision record 038): each user's demo-module data, and
 * the failures the portal counts per client address (sign-in, two-step codes, registrations, reset
 * mails).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_states')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('address_throttles')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('address_throttles_pkey', ['scope', 'key'])
    .execute();
  // Windows that have ended are deleted as new failures come (sharedState.ts).
  await db.schema.createIndex('address_throttles_window').on('address_throttles').column('window_ends_at').execute();
}
