/**
 * A detailed request's category, container type and CBMs kept as codes beside its description (ADR 062),
 * so that every screen says them in the reader's language. The requests kept before are read back from
 * the English lines the portal wrote above the customer's words; a description that does not open with
 * those lines (words a person typed) keeps no codes.
 */
import { sql, type Kysely } from 'kysely';
import { detailCodesIn } from '../../../app/request-details';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${list(values)})`;

// The values as they were when this migration was written (a later change is a later migration). The
// category is not checked, as on quotes and orders: the catalog may grow.
const CONTAINER_TYPES = ['full_container_load', 'groupage', 'housebill'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipping_requests').addColumn('category', 'text').execute();
  await db.schema
    .alterTable('shipping_requests')
    .addColumn('container_type', 'text', (c) => c.check(oneOf('container_type', CONTAINER_TYPES)))
    .execute();
  await db.schema
    .alterTable('shipping_requests')
    .addColumn('cbm', 'double precision', (c) => c.check(sql`cbm > 0`))
    .execute();
  const rows: { id: number; description: string }[] = await db
    .selectFrom('shipping_requests')
    .select(['id', 'description'])
    .where('description', 'like', 'Category: %')
    .execute();
  for (const row of rows) {
    const codes = detailCodesIn(row.description);
    if (!codes) continue;
    await db
      .updateTable('shipping_requests')
      .set({ category: codes.category, container_type: codes.container_type, cbm: codes.cbm })
      .where('id', '=', row.id)
      .execute();
  }
}
