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
import { notifyCustomer } from './notifications';

export interface TrackingInput {
  milestone: Milestone;
  place: string;
  /** ISO 8601 in UTC, so that times sort as text. */
  eventTime: string;
  note: string | null;
  /** The container event this one is a copy of. */
  containerEventId?: number;
  /** The demo data: nobody is told. */
  quiet?: boolean;
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
  withdrawn_at: string | null;
  withdrawer_first_name: string | null;
  withdrawer_last_name: string | null;
  container_name: string | null;
}

function trackingSelect(db: Database) {
  return db
    .selectFrom('shipment_tracking as t')
    .leftJoin('users as u', 'u.id', 't.created_by_user_id')
    .leftJoin('users as w', 'w.id', 't.withdrawn_by_user_id')
    .leftJoin('container_events as ce', 'ce.id', 't.container_event_id')
    .leftJoin('containers as c', 'c.id', 'ce.container_id')
    .select([
      'c.name as container_name',
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
      't.withdrawn_at',
      'w.first_name as withdrawer_first_name',
      'w.last_name as withdrawer_last_name',
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
    withdrawn_at: row.withdrawn_at,
    withdrawn_by:
      row.withdrawer_first_name === null
        ? null
        : fullName(row.withdrawer_first_name, row.withdrawer_last_name),
    container: row.container_name,
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

/** The order a tracking event belongs to, or null when there is no such event. */
export async function trackingEventOrder(db: Database, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('shipment_tracking')
    .select('shipping_order_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.shipping_order_id ?? null;
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

/** Why a milestone may not be added to an order in this status, if it may not. */
export type TrackingRefusal = 'cancelled' | 'delivered' | 'not_confirmed';

/**
 * The rules of a timeline: nothing is added to a cancelled order, nor to a delivered one (a mistaken
 * "delivered" is withdrawn first); a draft order is confirmed before it can depart, arrive, clear or be
 * delivered. A milestone behind the order's status is kept as a record and moves nothing.
 */
export function trackingRefusal(current: OrderStatus, milestone: Milestone): TrackingRefusal | null {
  if (current === 'cancelled') return 'cancelled';
  if (current === 'delivered') return 'delivered';
  const target = MILESTONE_STATUS[milestone];
  if (current === 'draft' && target && target !== 'confirmed') return 'not_confirmed';
  return null;
}

/** The status the order had before its timeline, for events recorded before it was kept. */
const BASE_STATUS: OrderStatus = 'confirmed';

/**
 * The order's status from the events that stand (not withdrawn), in the order they were added, from
 * the status before the first event. A cancelled order stays cancelled.
 */
async function statusFromEvents(trx: Database, orderId: number, current: OrderStatus): Promise<OrderStatus> {
  if (current === 'cancelled') return current;
  const events = await trx
    .selectFrom('shipment_tracking')
    .select(['milestone', 'status_before', 'withdrawn_at'])
    .where('shipping_order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const first = events[0];
  if (!first) return current;
  const base = (first.status_before as OrderStatus | null) ?? BASE_STATUS;
  return events
    .filter((event) => event.withdrawn_at === null)
    .reduce((status, event) => statusAfter(status, event.milestone as Milestone), base);
}

/** The milestones that say the goods are through customs: the first one issues the clearance receipt. */
const CLEARED_MILESTONES: readonly Milestone[] = ['customs_cleared', 'out_for_delivery', 'delivered'];

/**
 * Marks the order changed and answers its status, or null when there is no such order. The order's row
 * stays locked until the transaction ends (PostgreSQL; SQLite writes one transaction at a time), so
 * that two events on one order move it on one after the other, each from the status the other left.
 */
export async function lockOrder(trx: Database, orderId: number, now: Date): Promise<OrderStatus | null> {
  const row = await trx
    .updateTable('shipping_orders')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .returning('status')
    .executeTakeFirst();
  return row ? (row.status as OrderStatus) : null;
}

/** The receipt's consignee columns and the customer's columns they copy. */
const RECEIPT_CONSIGNEE = [
  ['receipt_partner_name', 'name'],
  ['receipt_partner_phone', 'phone'],
  ['receipt_partner_email', 'email'],
] as const;

/**
 * Moves the order (locked by `lockOrder`) on as the milestone says. The first clearance issues the
 * order's clearance receipt: its issue date and its consignee (the customer then) are kept from then on.
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
        ? {
            receipt_issued_at: eb.fn.coalesce('receipt_issued_at', eb.val(now.toISOString())),
            // The consignee as the receipt is issued; kept as it is once issued.
            ...Object.fromEntries(
              RECEIPT_CONSIGNEE.map(([column, source]) => [
                column,
                eb
                  .case()
                  .when('receipt_issued_at', 'is', null)
                  .then(
                    eb
                      .selectFrom('partners')
                      .select(source)
                      .whereRef('partners.id', '=', 'shipping_orders.partner_id'),
                  )
                  .else(eb.ref(column))
                  .end(),
              ]),
            ),
          }
        : {}),
    }))
    .where('id', '=', orderId)
    .execute();
}

/**
 * Adds an event (by this staff user) to an order, moving the order on; null when there is no such order,
 * or why the rules refuse it.
 */
export async function addTrackingEvent(
  db: Database,
  orderId: number,
  input: TrackingInput,
  userId: number,
  now: Date,
): Promise<TrackingEvent | TrackingRefusal | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockOrder(trx, orderId, now);
    if (current === null) return null;
    const added = await recordEvent(trx, orderId, current, input, userId, now);
    return typeof added === 'string' ? added : findTrackingEvent(trx, added.id);
  });
}

/**
 * Adds an event to an order locked by the caller's transaction (`lockOrder`, or the order's edit) in
 * status `current`, moving it on; or why the rules refuse it. The event's place is where the goods are
 * from now on: a location staff set by hand gives way to it.
 */
export async function recordEvent(
  trx: Database,
  orderId: number,
  current: OrderStatus,
  input: TrackingInput,
  userId: number,
  now: Date,
): Promise<{ id: number } | TrackingRefusal> {
  const refused = trackingRefusal(current, input.milestone);
  if (refused) return refused;
  const { id } = await trx
    .insertInto('shipment_tracking')
    .values({
      status_before: current,
      shipping_order_id: orderId,
      milestone: input.milestone,
      place: input.place,
      event_time: input.eventTime,
      note: input.note,
      container_event_id: input.containerEventId ?? null,
      created_by_user_id: userId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('shipping_orders').set({ location: null }).where('id', '=', orderId).execute();
  await moveOrder(trx, orderId, current, input.milestone, now);
  if (!input.quiet) {
    const order = await trx
      .selectFrom('shipping_orders')
      .select(['partner_id', 'name'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await notifyCustomer(
      trx,
      order.partner_id,
      {
        kind: 'order_milestone',
        recordType: 'order',
        recordId: orderId,
        params: { order: order.name, milestone: input.milestone },
      },
      now,
    );
  }
  return { id };
}

/** Writes the order's status as its standing events say (after a correction or a withdrawal). */
async function settleOrder(trx: Database, orderId: number, current: OrderStatus): Promise<void> {
  await trx
    .updateTable('shipping_orders')
    .set({ status: await statusFromEvents(trx, orderId, current) })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Withdraws a mistaken event: kept, marked withdrawn by this staff user; the order's status is worked
 * out again. Null when there is no such event; 'withdrawn' when it was already.
 */
export async function withdrawTrackingEvent(
  db: Database,
  id: number,
  userId: number,
  now: Date,
): Promise<TrackingEvent | 'withdrawn' | null> {
  return inTransaction(db, async (trx) => {
    const event = await trx
      .selectFrom('shipment_tracking')
      .select(['shipping_order_id', 'withdrawn_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!event) return null;
    const current = await lockOrder(trx, event.shipping_order_id, now);
    const changed = await trx
      .updateTable('shipment_tracking')
      .set({ withdrawn_at: now.toISOString(), withdrawn_by_user_id: userId, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return 'withdrawn';
    if (current !== null) await settleOrder(trx, event.shipping_order_id, current);
    return findTrackingEvent(trx, id);
  });
}

/**
 * Corrects an event (its creator stays); the order's status follows the events that stand. Null when
 * there is no such event; 'withdrawn' for a withdrawn one; or why the rules refuse the correction (as
 * for a new event, judged from the status the other events give).
 */
export async function updateTrackingEvent(
  db: Database,
  id: number,
  input: TrackingInput,
  now: Date,
): Promise<TrackingEvent | TrackingRefusal | 'withdrawn' | null> {
  return inTransaction(db, async (trx) => {
    const event = await trx
      .selectFrom('shipment_tracking')
      .select(['shipping_order_id', 'withdrawn_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!event) return null;
    if (event.withdrawn_at !== null) return 'withdrawn';
    const current = await lockOrder(trx, event.shipping_order_id, now);
    if (current === 'cancelled') return 'cancelled';
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
    if (current !== null) {
      const settled = await statusFromEvents(trx, event.shipping_order_id, current);
      // A draft order that the corrected event would take past Confirmed: refused as a new event would be.
      const base = await statusFromOthers(trx, event.shipping_order_id, id);
      if (base === 'draft' && settled !== 'draft' && settled !== 'confirmed') throw new NotConfirmed();
      await trx
        .updateTable('shipping_orders')
        .set({ status: settled })
        .where('id', '=', event.shipping_order_id)
        .execute();
      if (CLEARED_MILESTONES.includes(input.milestone))
        await moveOrder(trx, event.shipping_order_id, settled, input.milestone, now);
    }
    return findTrackingEvent(trx, id);
  }).catch((error: unknown) => {
    if (error instanceof NotConfirmed) return 'not_confirmed' as const;
    throw error;
  });
}

/** Thrown to undo a correction the rules refuse (the transaction rolls back). */
class NotConfirmed extends Error {}

/** The status the order's other standing events give (without this one). */
async function statusFromOthers(trx: Database, orderId: number, without: number): Promise<OrderStatus> {
  const events = await trx
    .selectFrom('shipment_tracking')
    .select(['id', 'milestone', 'status_before', 'withdrawn_at'])
    .where('shipping_order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const base = (events[0]?.status_before as OrderStatus | null | undefined) ?? BASE_STATUS;
  return events
    .filter((event) => event.withdrawn_at === null && event.id !== without)
    .reduce((status, event) => statusAfter(status, event.milestone as Milestone), base);
}
