/**
 * Conversations on records: each message on a request, quote, shipping order, loan or invoice (with
 * the record's customer and name, kept for the lists), and how far each person has read each one.
 */
import type { Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', t.id)
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('record_name', 'text', (c) => c.notNull())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('by_staff', 'integer', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_record').on('messages').columns(['record_type', 'record_id', 'id']).execute();
  await db.schema.createIndex('messages_partner').on('messages').columns(['partner_id', 'id']).execute();
  await db.schema
    .createTable('message_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['user_id', 'record_type', 'record_id'])
    .execute();
}
