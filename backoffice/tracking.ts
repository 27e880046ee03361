/** A shipping order's tracking events (its timeline), and the status a milestone moves it to. */
import {
  MILESTONE_STATUS,
  ORDER_STATUSES,
  type Milestone,
  type OrderStatus,
  type TrackingEvent,
} from '@contract';
import type { PartnerScope } from './access';
import { inTransaction, type Database } from './data/database';
import { fullName } from './users';

export interface TrackingInput {
  milestone: Milestone;
  place: string;
  /** ISO 8601 in UTC, so that times sort as text. */
  eventTime: string;
  note: string | null;
}

interface TrackingRow {
  id: number;
  shipping_order_id: number;
  milestone: string;
  place: string;
  event_time: string;
  note: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  created_at: string;
  updated_at: string;
}

function trackingSelect(db: Database) {
  return db
    .selectFrom('shipment_tracking as t')
    .leftJoin('users as u', 'u.id', 't.created_by_user_id')
    .select([
      't.id',
      't.shipping_order_id',
      't.milestone',
      't.place',
      't.event_time',
      't.note',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
      't.created_at',
      't.updated_at',
    ]);
}

function toTrackingEvent(row: TrackingRow): TrackingEvent {
  return {
    id: row.id,
    shipping_order_id: row.shipping_order_id,
    milestone: row.milestone as Milestone,
    place: row.place,
    event_time: row.event_time,
    note: row.note,
    created_by:
      row.creator_first_name === null ? null : fullName(row.creator_first_name, row.creator_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An order's events, oldest first; none for an order outside the scope. */
export async function listTracking(
  db: Database,
  scope: PartnerScope,
  orderId: number,
): Promise<TrackingEvent[]> {
  let query = trackingSelect(db).where('t.shipping_order_id', '=', orderId);
  if (scope !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('shipping_orders as o')
          .select('o.id')
          .whereRef('o.id', '=', 't.shipping_order_id')
          .where('o.partner_id', '=', scope),
      ),
    );
  }
  const rows = await query.orderBy('t.event_time').orderBy('t.id').execute();
  return rows.map(toTrackingEvent);
}

async function findTrackingEvent(db: Database, id: number): Promise<TrackingEvent | null> {
  const row = await trackingSelect(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toTrackingEvent(row) : null;
}

const rank = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);

/**
 * The status an order has after a milestone: the milestone's (MILESTONE_STATUS) when that is further
 * along, else the one it has. Never backward, and a cancelled order stays cancelled.
 */
export function statusAfter(current: OrderStatus, milestone: Milestone): OrderStatus {
  const target = MILESTONE_STATUS[milestone];
  if (!target || current === 'cancelled' || target === 'cancelled') return current;
  return rank(target) > rank(current) ? target : current;
}

/** The milestones that say the goods are through customs: the first one issues the clearance receipt. */
const CLEARED_MILESTONES: readonly Milestone[] = ['customs_cleared', 'out_for_delivery', 'delivered'];

/**
 * Marks the order changed and answers its status, or null when there is no such order. The order's row
 * stays locked until the transaction ends (PostgreSQL; SQLite writes one transaction at a time), so
 * that two events on one order move it on one after the other, each from the status the other left.
 */
async function lockOrder(trx: Database, orderId: number, now: Date): Promise<OrderStatus | null> {
  const row = await trx
    .updateTable('shipping_orders')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .returning('status')
    .executeTakeFirst();
  return row ? (row.status as OrderStatus) : null;
}

/**
 * Moves the order (locked by `lockOrder`) on as the milestone says. The first clearance issues the
 * order's clearance receipt: its issue date is kept from then on.
 */
async function moveOrder(
  trx: Database,
  orderId: number,
  current: OrderStatus,
  milestone: Milestone,
  now: Date,
): Promise<void> {
  const issued = current !== 'cancelled' && CLEARED_MILESTONES.includes(milestone);
  await trx
    .updateTable('shipping_orders')
    .set((eb) => ({
      status: statusAfter(current, milestone),
      ...(issued
        ? { receipt_issued_at: eb.fn.coalesce('receipt_issued_at', eb.val(now.toISOString())) }
        : {}),
    }))
    .where('id', '=', orderId)
    .execute();
}

/** Adds an event (by this staff user) to an order, moving the order on; null when there is no such order. */
export async function addTrackingEvent(
  db: Database,
  orderId: number,
  input: TrackingInput,
  userId: number,
  now: Date,
): Promise<TrackingEvent | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockOrder(trx, orderId, now);
    if (current === null) return null;
    const { id } = await trx
      .insertInto('shipment_tracking')
      .values({
        shipping_order_id: orderId,
        milestone: input.milestone,
        place: input.place,
        event_time: input.eventTime,
        note: input.note,
        created_by_user_id: userId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveOrder(trx, orderId, current, input.milestone, now);
    return findTrackingEvent(trx, id);
  });
}

/** Corrects an event (its creator stays), moving its order on; null when there is no such event. */
export async function updateTrackingEvent(
  db: Database,
  id: number,
  input: TrackingInput,
  now: Date,
): Promise<TrackingEvent | null> {
  return inTransaction(db, async (trx) => {
    const event = await trx
      .selectFrom('shipment_tracking')
      .select('shipping_order_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!event) return null;
    const current = await lockOrder(trx, event.shipping_order_id, now);
    await trx
      .updateTable('shipment_tracking')
      .set({
        milestone: input.milestone,
        place: input.place,
        event_time: input.eventTime,
        note: input.note,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    if (current !== null) await moveOrder(trx, event.shipping_order_id, current, input.milestone, now);
    return findTrackingEvent(trx, id);
  });
}
