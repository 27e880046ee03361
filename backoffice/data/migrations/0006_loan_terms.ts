/**
 * A loan's first instalment date, set by staff when they approve a finance application with its terms
 * (null: one month after the pay-out, as for the loans decided before).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loans').addColumn('first_due_date', 'text').execute();
}
