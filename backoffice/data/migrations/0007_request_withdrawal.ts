/**
 * When the customer withdrew a pending request (null: not withdrawn). A withdrawn request keeps the
 * status it had (pending): the answers call it withdrawn, and nothing decides it any more.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipping_requests').addColumn('withdrawn_at', 'text').execute();
}
