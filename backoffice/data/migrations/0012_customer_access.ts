/**
 * Customers invited to the portal by staff: when the last invitation was sent, and when the account's
 * owner set a password (an invited account has none of its own until then). Accounts made before keep
 * both empty: they chose their password when they registered.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('invited_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('password_set_at', 'text').execute();
}
