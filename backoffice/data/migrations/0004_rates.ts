/**
 * The rate table (staff's prices per lane: origin × destination × container type, valid over a period)
 * and a quotation request's destination, so that a request whose lane has a rate gets an indicative
 * price at once.
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${list(values)})`;

// The values as they were when this migration was written (a later change is a later migration).
const ORIGINS = ['china', 'dubai', 'vietnam', 'india'];
const DESTINATIONS = ['jebel_ali', 'port_said', 'alexandria', 'dammam', 'nansha'];
const CONTAINER_TYPES = ['full_container_load', 'groupage', 'housebill'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  const s = db.schema;
  await s
    .alterTable('shipping_requests')
    .addColumn('destination', 'text', (c) => c.check(oneOf('destination', DESTINATIONS)))
    .execute();

  await s
    .createTable('rates')
    .addColumn('id', 'integer', t.id)
    .addColumn('origin', 'text', (c) => c.notNull().check(oneOf('origin', ORIGINS)))
    .addColumn('destination', 'text', (c) => c.notNull().check(oneOf('destination', DESTINATIONS)))
    .addColumn('container_type', 'text', (c) => c.notNull().check(oneOf('container_type', CONTAINER_TYPES)))
    // Per CBM for groupage and housebill, per container for a full load.
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('minimum_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`minimum_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull().check(sql`valid_to >= valid_from`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('rates_lane')
    .on('rates')
    .columns(['origin', 'destination', 'container_type', 'valid_from'])
    .execute();
}
