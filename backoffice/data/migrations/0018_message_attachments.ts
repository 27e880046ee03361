/**
 * Files attached to messages (the request upload rules: ATTACHMENT_LIMITS, the same types and content
 * checks), counted in the customer's storage quota with its requests' files.
 */
import type { Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'integer', t.id)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', t.binary, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_attachments_message').on('message_attachments').column('message_id').execute();
}
