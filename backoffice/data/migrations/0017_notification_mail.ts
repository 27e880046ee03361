/**
 * Notifications by e-mail: each person's choice per kind (in the portal only, also by e-mail, or in a
 * daily digest), the mail queue written in the transaction of the notification it carries, the
 * notifications a digest has gathered, a key that keeps a reminder from being written twice, and when
 * each scheduled job last ran.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { schemaTypes } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) =>
      c.notNull().check(sql`channel in ('portal', 'email', 'digest')`),
    )
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One mail per notification; a digest carries none (its notifications point at it).
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('cascade'))
    .addColumn('digest_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When it may be tried (again): also the lease of the process sending it.
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_queue_notification').on('mail_queue').unique().column('notification_id').execute();
  await db.schema.createIndex('mail_queue_digest').on('mail_queue').unique().columns(['user_id', 'digest_date']).execute();

  await db.schema.alterTable('notifications').addColumn('digest_mail_id', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('dedupe_key', 'text').execute();
  await db.schema
    .createIndex('notifications_dedupe')
    .on('notifications')
    .unique()
    .columns(['user_id', 'dedupe_key'])
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'text', (c) => c.notNull())
    .execute();
}
