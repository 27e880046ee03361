/**
 * Each person's own picture, on the user: staff share the company's partner, so the partner's contact
 * image cannot be theirs. `picture_version` counts the uploads (the portal's avatar address changes with
 * it); a customer's picture kept so far on its partner becomes the picture of each of that partner's
 * users.
 */
import type { Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema.alterTable('users').addColumn('picture', t.binary).execute();
  await db.schema.alterTable('users').addColumn('picture_mimetype', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('picture_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({
      picture: eb.selectFrom('partners').select('image').whereRef('partners.id', '=', 'users.partner_id'),
      picture_mimetype: eb
        .selectFrom('partners')
        .select('image_mimetype')
        .whereRef('partners.id', '=', 'users.partner_id'),
      picture_version: 1,
    }))
    .where(
      'partner_id',
      'in',
      db
        .selectFrom('partners')
        .select('id')
        .where('is_staff', '=', 0)
        .where('image', 'is not', null)
        .where('image_mimetype', 'is not', null),
    )
    .execute();
}
