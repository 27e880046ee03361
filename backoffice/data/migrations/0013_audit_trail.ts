/**
 * The history of who did what to a record: orders, containers, customers and loans (a request keeps its
 * own, `request_events`). Each entry says what changed (each field's value before and after), with a
 * note, who and when; the entries meant for the customer are marked so.
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// The kinds of record as they were when this migration was written.
const RECORD_TYPES = ['order', 'container', 'customer', 'loan'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'integer', t.id)
    .addColumn('record_type', 'text', (c) =>
      c.notNull().check(sql`record_type in (${sql.join(RECORD_TYPES.map((type) => sql.lit(type)))})`),
    )
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.check(t.jsonObjectOrNull('changes')))
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('customer_visible', 'integer', (c) => c.notNull().defaultTo(0).check(sql`customer_visible in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_record')
    .on('audit_events')
    .columns(['record_type', 'record_id', 'id'])
    .execute();
}
