/**
 * Staff edit an order: the staff member who handles it (who sees it wherever they work), the driver of
 * its last mile with the planned delivery day and who received the goods, where the goods are now (until the next tracking
 * event says otherwise), and a cancellation with its reason, who cancelled and when.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shipping_orders')
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .execute();
  await db.schema
    .alterTable('shipping_orders')
    .addColumn('handler_user_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('shipping_orders').addColumn('delivery_date', 'text').execute();
  await db.schema.alterTable('shipping_orders').addColumn('received_by', 'text').execute();
  await db.schema.alterTable('shipping_orders').addColumn('location', 'text').execute();
  await db.schema.alterTable('shipping_orders').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('shipping_orders').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .alterTable('shipping_orders')
    .addColumn('cancelled_by_user_id', 'integer', (c) => c.references('users.id'))
    .execute();
}
