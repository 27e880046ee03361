/**
 * Quotes: staff's priced answers to a quotation request, in versions (a revision is the next version of
 * the same number, the one it replaces kept), and the customer's decision, which makes the order.
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${list(values)})`;

// The values as they were when this migration was written (a later change is a later migration).
const STATUSES = ['draft', 'sent', 'accepted', 'declined', 'replaced'];
const KINDS = ['freight', 'origin_charges', 'destination_charges', 'customs', 'insurance', 'other'];
const UNITS = ['shipment', 'container', 'cbm', 'kg', 'pallet', 'document', 'item'];
const INCOTERMS = ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'];
const ORIGINS = ['china', 'dubai', 'vietnam', 'india'];
const CONTAINER_TYPES = ['full_container_load', 'groupage', 'housebill'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  const s = db.schema;
  await s
    .createTable('quotes')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('shipping_requests.id'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(oneOf('status', STATUSES)))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('transit_days', 'integer', (c) => c.check(sql`transit_days between 1 and 365`))
    .addColumn('incoterm', 'text', (c) => c.check(oneOf('incoterm', INCOTERMS)))
    .addColumn('notes', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('container_type', 'text', (c) => c.notNull().check(oneOf('container_type', CONTAINER_TYPES)))
    .addColumn('cbm', 'double precision', (c) => c.notNull().check(sql`cbm > 0`))
    .addColumn('origin', 'text', (c) => c.notNull().check(oneOf('origin', ORIGINS)))
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`total_cents >= 0`))
    .addColumn('decline_reason', 'text')
    .addColumn('shipping_order_id', 'integer', (c) => c.references('shipping_orders.id'))
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('sent_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await s.createIndex('quotes_name_version').on('quotes').unique().columns(['name', 'version']).execute();
  await s.createIndex('quotes_request').on('quotes').columns(['request_id', 'version']).execute();
  await s.createIndex('quotes_partner_created').on('quotes').columns(['partner_id', 'created_at']).execute();
  await s.createIndex('quotes_created').on('quotes').column('created_at').execute();
  // At most one draft per request: a second "prepare a quote" finds the first.
  await s
    .createIndex('quotes_one_draft')
    .on('quotes')
    .unique()
    .column('request_id')
    .where(sql.ref('status'), '=', 'draft')
    .execute();

  await s
    .createTable('quote_lines')
    .addColumn('id', 'integer', t.id)
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', KINDS)))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit', 'text', (c) => c.notNull().check(oneOf('unit', UNITS)))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .execute();
  await s.createIndex('quote_lines_quote').on('quote_lines').columns(['quote_id', 'position']).execute();
}
