/**
 * Containers are run by staff: their equipment type, vessel and voyage, arrival date, and a status along
 * a container's life (Planned, Loading, Sealed, Departed, Arrived, Emptied) in place of the four the
 * list showed (open → loading, closed → sealed, shipped → departed, arrived stays). A container's events
 * are kept once (`container_events`) and copied to the timeline of each order inside it, each copy
 * pointing back at its event.
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// The values as they were when this migration was written (a later change is a later migration).
const STATUSES = ['planned', 'loading', 'sealed', 'departed', 'arrived', 'emptied'];
const KINDS = ['dry', 'reefer', 'open_top', 'flat_rack', 'tank'];
const MILESTONES = ['departed_origin', 'arrived_destination', 'customs_cleared', 'delayed'];
const RENAMED: Record<string, string> = { open: 'loading', closed: 'sealed', shipped: 'departed', arrived: 'arrived' };

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  const containers = () => db.schema.alterTable('containers');
  await containers()
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('dry').check(oneOf('kind', KINDS)))
    .execute();
  await containers().addColumn('vessel', 'text').execute();
  await containers().addColumn('voyage', 'text').execute();
  await containers().addColumn('arrival_date', 'text').execute();
  await containers().addColumn('updated_at', 'text').execute();
  await sql`update containers set updated_at = created_at`.execute(db);

  // A column's check cannot change in place on SQLite: a new column takes the new values, then the
  // old one (its index first) gives way to it under the old name.
  await containers()
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('planned').check(oneOf('stage', STATUSES)))
    .execute();
  for (const [before, after] of Object.entries(RENAMED)) {
    await sql`update containers set stage = ${after} where status = ${before}`.execute(db);
  }
  await db.schema.dropIndex('containers_status_created').execute();
  await containers().dropColumn('status').execute();
  await containers().renameColumn('stage', 'status').execute();
  await db.schema.createIndex('containers_status_created').on('containers').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('container_events')
    .addColumn('id', 'integer', t.id)
    .addColumn('container_id', 'integer', (c) => c.notNull().references('containers.id').onDelete('cascade'))
    .addColumn('milestone', 'text', (c) => c.notNull().check(oneOf('milestone', MILESTONES)))
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('container_events_container')
    .on('container_events')
    .columns(['container_id', 'event_time'])
    .execute();
  await db.schema
    .alterTable('shipment_tracking')
    .addColumn('container_event_id', 'integer', (c) => c.references('container_events.id'))
    .execute();
}
