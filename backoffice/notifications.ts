/**
 * Notifications in the portal: written in the transaction of the change that causes them, one per person
 * told — the customer's active accounts for what changed on its records, every active staff member for
 * a new request — and read when the person has seen them. A person who hears of the kind by e-mail gets
 * a mail queued in the same transaction (ADR 058).
 */
import {
  CUSTOMER_NOTIFICATION_KINDS,
  STAFF_NOTIFICATION_KINDS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationRecord,
} from '@contract';
import { inTransaction, type Database } from './data/database';
import type { Tables } from './data/schema';
import type { Selectable } from 'kysely';

export interface NewNotification {
  kind: NotificationKind;
  recordType: NotificationRecord;
  recordId: number;
  params: Record<string, string | number>;
  /** A reminder's key: the person is told once per key, however often the sweep finds it. */
  dedupeKey?: string;
}

/** How each of these people hears of the kind: their choice, or by e-mail. */
export async function channelsOf(
  db: Database,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Map<number, NotificationChannel>> {
  const chosen = await db
    .selectFrom('notification_preferences')
    .select(['user_id', 'channel'])
    .where('kind', '=', kind)
    .where('user_id', 'in', userIds)
    .execute();
  const channels = new Map<number, NotificationChannel>(userIds.map((id) => [id, 'email']));
  for (const row of chosen) channels.set(row.user_id, row.channel);
  return channels;
}

async function insertFor(db: Database, userIds: readonly number[], n: NewNotification, now: Date) {
  if (userIds.length === 0) return;
  const inserted = await db
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        kind: n.kind,
        record_type: n.recordType,
        record_id: n.recordId,
        params: JSON.stringify(n.params),
        created_at: now.toISOString(),
        dedupe_key: n.dedupeKey ?? null,
      })),
    )
    // A reminder already written for the person is not written again (nor mailed).
    .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
  if (inserted.length === 0) return;
  const channels = await channelsOf(
    db,
    inserted.map((row) => row.user_id),
    n.kind,
  );
  const mailed = inserted.filter((row) => channels.get(row.user_id) === 'email');
  if (mailed.length === 0) return;
  await db
    .insertInto('mail_queue')
    .values(
      mailed.map((row) => ({
        user_id: row.user_id,
        notification_id: row.id,
        status: 'pending' as const,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })),
    )
    .execute();
}

/** Tells these people (a record's handlers), whoever they are. */
export async function notifyUsers(db: Database, userIds: readonly number[], n: NewNotification, now: Date) {
  await insertFor(db, userIds, n, now);
}

/** Tells the customer (each active account of the partner). */
export async function notifyCustomer(db: Database, partnerId: number, n: NewNotification, now: Date) {
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('active', '=', 1)
    .execute();
  await insertFor(
    db,
    users.map((user) => user.id),
    n,
    now,
  );
}

/** Tells every active staff member. */
export async function notifyStaff(db: Database, n: NewNotification, now: Date) {
  const users = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.id')
    .distinct()
    .where('u.active', '=', 1)
    .where((eb) => eb.fn('lower', ['r.role']), 'in', ['admin', 'warehouse_agent'])
    .execute();
  await insertFor(
    db,
    users.map((user) => user.id),
    n,
    now,
  );
}

function toNotification(row: Selectable<Tables['notifications']>): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    record_type: row.record_type as NotificationRecord,
    record_id: row.record_id,
    params: row.params ? (JSON.parse(row.params) as Record<string, string | number>) : {},
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

async function unreadOf(db: Database, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One page of the person's notifications, newest first; how many match, and how many are unread. */
export async function listNotifications(
  db: Database,
  userId: number,
  filter: { unread: boolean; limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number; unread: number }> {
  let matching = db.selectFrom('notifications').where('user_id', '=', userId);
  if (filter.unread) matching = matching.where('read_at', 'is', null);
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .selectAll()
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    notifications: rows.map(toNotification),
    total: Number(total),
    unread: await unreadOf(db, userId),
  };
}

/** Marks the person's notifications read (these ids, or all); answers how many stay unread. */
export async function markNotificationsRead(
  db: Database,
  userId: number,
  ids: readonly number[] | undefined,
  now: Date,
): Promise<number> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return unreadOf(db, userId);
    update = update.where('id', 'in', ids);
  }
  await update.execute();
  return unreadOf(db, userId);
}

/** The person's notification, marked read; null when it is not theirs. */
export async function openNotification(
  db: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<Notification | null> {
  await db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toNotification(row) : null;
}

/** The kinds a person is told of: a customer's records' news, or staff's. */
export function kindsFor(staff: boolean): readonly NotificationKind[] {
  return staff ? STAFF_NOTIFICATION_KINDS : CUSTOMER_NOTIFICATION_KINDS;
}

/** How the person hears of each kind they may be told of (without a choice: by e-mail). */
export async function preferencesOf(
  db: Database,
  userId: number,
  staff: boolean,
): Promise<{ kind: NotificationKind; channel: NotificationChannel }[]> {
  const kinds = kindsFor(staff);
  const chosen = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'channel'])
    .where('user_id', '=', userId)
    .execute();
  const byKind = new Map(chosen.map((row) => [row.kind, row.channel]));
  return kinds.map((kind) => ({ kind, channel: byKind.get(kind) ?? 'email' }));
}

/** Keeps the person's choices (kinds they are never told of are refused by the caller). */
export async function savePreferences(
  database: Database,
  userId: number,
  preferences: readonly { kind: NotificationKind; channel: NotificationChannel }[],
): Promise<void> {
  if (preferences.length === 0) return;
  await inTransaction(database, async (db) => {
    for (const { kind, channel } of preferences) {
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, kind, channel })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ channel }))
        .execute();
    }
  });
}
