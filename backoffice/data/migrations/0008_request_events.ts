/**
 * A request's history after it was sent: each decision, reopening, correction and withdrawal, with who,
 * when and the note. The decisions and withdrawals made before are copied in from the request's own
 * columns (one each: that is all they kept).
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// The kinds as they were when this migration was written (a later change is a later migration).
const KINDS = ['approved', 'rejected', 'reopened', 'corrected', 'withdrawn'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('request_events')
    .addColumn('id', 'integer', t.id)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('shipping_requests.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${sql.join(KINDS.map((kind) => sql.lit(kind)))})`),
    )
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_events_request').on('request_events').columns(['request_id', 'id']).execute();
  await sql`
    insert into request_events (request_id, kind, note, user_id, created_at)
    select id, status, staff_note, reviewed_by_user_id, reviewed_at
    from shipping_requests
    where status in ('approved', 'rejected') and reviewed_at is not null
    order by reviewed_at, id
  `.execute(db);
  await sql`
    insert into request_events (request_id, kind, created_at)
    select id, 'withdrawn', withdrawn_at from shipping_requests where withdrawn_at is not null
  `.execute(db);
}
