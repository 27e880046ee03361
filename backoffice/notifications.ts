/**
 * Notifications in the portal: written in the transaction of the change that causes them, one per person
 * told — the customer's active accounts for what changed on its records, every active staff member for
 * a new request — and read when the person has seen them.
 */
import type { Notification, NotificationKind, NotificationRecord } from '@contract';
import type { Database } from './data/database';

export interface NewNotification {
  kind: NotificationKind;
  recordType: NotificationRecord;
  recordId: number;
  params: Record<string, string | number>;
}

async function insertFor(db: Database, userIds: readonly number[], n: NewNotification, now: Date) {
  if (userIds.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        kind: n.kind,
        record_type: n.recordType,
        record_id: n.recordId,
        params: JSON.stringify(n.params),
        created_at: now.toISOString(),
      })),
    )
    .execute();
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
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      record_type: row.record_type as NotificationRecord,
      record_id: row.record_id,
      params: row.params ? (JSON.parse(row.params) as Record<string, string | number>) : {},
      read_at: row.read_at,
      created_at: row.created_at,
    })),
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
