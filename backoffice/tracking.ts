/** A shipping order's tracking events (its timeline), and the status a milestone moves it to. */
import {
  MILESTONE_STATUS,
  ORDER_STATUSES,
  type Milestone,
  type OrderStatus,
  type TrackingEvent,
} from '@contract';
import type { Db } from './db';
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
  milestone: Milestone;
  place: string;
  event_time: string;
  note: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  created_at: string;
  updated_at: string;
}

const TRACKING_SELECT = `
  SELECT t.id, t.shipping_order_id, t.milestone, t.place, t.event_time, t.note,
    u.first_name AS creator_first_name, u.last_name AS creator_last_name, t.created_at, t.updated_at
  FROM shipment_tracking t
  LEFT JOIN users u ON u.id = t.created_by_user_id`;

function toTrackingEvent(row: TrackingRow): TrackingEvent {
  return {
    id: row.id,
    shipping_order_id: row.shipping_order_id,
    milestone: row.milestone,
    place: row.place,
    event_time: row.event_time,
    note: row.note,
    created_by:
      row.creator_first_name === null ? null : fullName(row.creator_first_name, row.creator_last_name),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An order's events, oldest first. */
export function listTracking(db: Db, orderId: number): TrackingEvent[] {
  const rows = db
    .prepare(`${TRACKING_SELECT} WHERE t.shipping_order_id = ? ORDER BY t.event_time, t.id`)
    .all(orderId) as TrackingRow[];
  return rows.map(toTrackingEvent);
}

function findTrackingEvent(db: Db, id: number): TrackingEvent | null {
  const row = db.prepare(`${TRACKING_SELECT} WHERE t.id = ?`).get(id) as TrackingRow | undefined;
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
 * Moves the order on as the milestone says, and marks it changed. The first clearance issues the
 * order's clearance receipt: its issue date is kept from then on.
 */
function touchOrder(db: Db, orderId: number, milestone: Milestone, now: Date): void {
  const current = db.prepare('SELECT status FROM shipping_orders WHERE id = ?').pluck().get(orderId) as
    OrderStatus | undefined;
  if (!current) return;
  const issued = current !== 'cancelled' && CLEARED_MILESTONES.includes(milestone);
  db.prepare(
    `UPDATE shipping_orders SET status = ?, updated_at = ?,
       receipt_issued_at = CASE WHEN ? THEN coalesce(receipt_issued_at, ?) ELSE receipt_issued_at END
     WHERE id = ?`,
  ).run(statusAfter(current, milestone), now.toISOString(), issued ? 1 : 0, now.toISOString(), orderId);
}

/** Adds an event (by this staff user) to an order, moving the order on; null when there is no such order. */
export function addTrackingEvent(
  db: Db,
  orderId: number,
  input: TrackingInput,
  userId: number,
  now: Date,
): TrackingEvent | null {
  return db
    .transaction((): TrackingEvent | null => {
      if (!db.prepare('SELECT 1 FROM shipping_orders WHERE id = ?').get(orderId)) return null;
      const result = db
        .prepare(
          `INSERT INTO shipment_tracking
             (shipping_order_id, milestone, place, event_time, note, created_by_user_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          orderId,
          input.milestone,
          input.place,
          input.eventTime,
          input.note,
          userId,
          now.toISOString(),
          now.toISOString(),
        );
      touchOrder(db, orderId, input.milestone, now);
      return findTrackingEvent(db, Number(result.lastInsertRowid));
    })
    .immediate();
}

/** Corrects an event (its creator stays), moving its order on; null when there is no such event. */
export function updateTrackingEvent(
  db: Db,
  id: number,
  input: TrackingInput,
  now: Date,
): TrackingEvent | null {
  return db
    .transaction((): TrackingEvent | null => {
      const orderId = db
        .prepare('SELECT shipping_order_id FROM shipment_tracking WHERE id = ?')
        .pluck()
        .get(id) as number | undefined;
      if (orderId === undefined) return null;
      db.prepare(
        `UPDATE shipment_tracking SET milestone = ?, place = ?, event_time = ?, note = ?, updated_at = ?
         WHERE id = ?`,
      ).run(input.milestone, input.place, input.eventTime, input.note, now.toISOString(), id);
      touchOrder(db, orderId, input.milestone, now);
      return findTrackingEvent(db, id);
    })
    .immediate();
}
