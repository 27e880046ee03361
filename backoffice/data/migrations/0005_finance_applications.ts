/**
 * A trade-finance request's application: the amount asked and its currency, the tenor, the purpose, the
 * supplier paid, and the customer's own shipping orders it finances.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('finance_applications')
    .addColumn('request_id', 'integer', (c) =>
      c.primaryKey().references('shipping_requests.id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('tenor_months', 'integer', (c) => c.notNull().check(sql`tenor_months between 1 and 60`))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('supplier_country', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('finance_application_orders')
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('finance_applications.request_id').onDelete('cascade'),
    )
    .addColumn('shipping_order_id', 'integer', (c) => c.notNull().references('shipping_orders.id'))
    .addPrimaryKeyConstraint('finance_application_orders_pkey', ['request_id', 'shipping_order_id'])
    .execute();
}
