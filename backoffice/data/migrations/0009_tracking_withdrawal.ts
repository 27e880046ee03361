/**
 * A tracking event withdrawn by staff stays on the timeline (struck through), with who withdrew it and
 * when; each event keeps the order's status before it, so that the status can be worked out again from
 * the events that stand.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipment_tracking').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .alterTable('shipment_tracking')
    .addColumn('withdrawn_by_user_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('shipment_tracking').addColumn('status_before', 'text').execute();
}
