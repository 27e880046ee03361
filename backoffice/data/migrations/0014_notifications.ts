/**
 * Notifications in the portal: one row per person told, written in the transaction of the change that
 * causes it; read when the person has seen it.
 */
import type { Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.check(t.jsonObjectOrNull('params')))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
}
