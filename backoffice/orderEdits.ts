/**
 * Staff edit an order: its status one step along Draft → Confirmed → In Transit → Arrived → Cleared →
 * Delivered (recorded as that step's tracking event, so that the timeline says when and who), or
 * Cancelled with a reason before it is delivered; its container (within the container's capacity),
 * driver, the staff member handling it, expected arrival, location and shipping mark.
 */
import {
  LOADING_CONTAINER_STATUSES,
  nextOrderStatus,
  ORDER_STATUSES,
  STATUS_MILESTONE,
  type ContainerStatus,
  type OrderStatus,
  type OrderTransitionRefusal,
  type ShippingOrderDetail,
} from '@contract';
import { EVERY_CUSTOMER } from './access';
import { roundCbm } from './containers';
import { inTransaction, type Database } from './data/database';
import { findShippingOrder } from './orders';
import { lockOrder, recordEvent, type TrackingRefusal } from './tracking';
import { changesBetween, recordAudit, type AuditEntry } from './audit';

/** The fields of an order its history follows (its container, driver and handler by name). */
const FOLLOWED = [
  'status',
  'container_name',
  'driver_name',
  'handler_name',
  'expected_arrival',
  'delivery_date',
  'location',
  'shipping_mark',
] as const;

/** What an edit did to the order, for its history: a cancellation (for the customer too), or the changes. */
function editEntry(
  before: ShippingOrderDetail,
  after: ShippingOrderDetail,
  userId: number,
): AuditEntry | null {
  if (after.status === 'cancelled' && before.status !== 'cancelled')
    return {
      recordType: 'order',
      recordId: after.id,
      action: 'cancelled',
      note: after.cancel_reason ?? null,
      userId,
      customerVisible: true,
    };
  const changes = changesBetween(
    before as unknown as Record<string, unknown>,
    after as unknown as Record<string, unknown>,
    FOLLOWED,
  );
  return changes ? { recordType: 'order', recordId: after.id, action: 'edited', changes, userId } : null;
}

export interface OrderEdit {
  status: OrderStatus;
  cancelReason: string | null;
  containerId: number | null;
  driverId: number | null;
  /** YYYY-MM-DD, the day the driver is to deliver; unchanged when undefined. */
  deliveryDate?: string | null;
  /** A staff member's user id. */
  handlerId: number | null;
  /** YYYY-MM-DD */
  expectedArrival: string | null;
  location: string | null;
  shippingMark: string | null;
}

/** Why the edit is refused; the field it is about is named by the handler. */
export type OrderEditRefusal =
  | { refused: 'transition'; why: OrderTransitionRefusal | TrackingRefusal }
  | { refused: 'reason_required' }
  | { refused: 'location_required' }
  | { refused: 'unknown_container' }
  | { refused: 'container_closed' }
  | { refused: 'container_origin' }
  | { refused: 'over_capacity'; capacity: number; used: number }
  | { refused: 'unknown_driver' }
  | { refused: 'unknown_handler' };

/** Why the status asked may not follow the status the order has (null: it may). */
export function transitionRefusal(current: OrderStatus, wanted: OrderStatus): OrderTransitionRefusal | null {
  if (wanted === current) return null;
  if (current === 'cancelled') return 'cancelled';
  if (current === 'delivered') return 'delivered';
  if (wanted === 'cancelled') return null;
  if (wanted === nextOrderStatus(current)) return null;
  return ORDER_STATUSES.indexOf(wanted) < ORDER_STATUSES.indexOf(current) ? 'backward' : 'skip';
}

/**
 * Applies the edit in one transaction (nothing of it is kept when a part is refused), by this staff
 * user; the order as it is then, null when there is no such order, or why it is refused.
 */
export async function editShippingOrder(
  db: Database,
  orderId: number,
  edit: OrderEdit,
  userId: number,
  now: Date,
): Promise<ShippingOrderDetail | OrderEditRefusal | null> {
  const history = (before: ShippingOrderDetail, after: ShippingOrderDetail) =>
    editEntry(before, after, userId);
  return changeOrder(db, orderId, now, history, async (trx, current, before) => {
    const refusal = await checkEdit(trx, before, edit);
    if (refusal) return refusal;

    const locationChanged = (edit.location ?? null) !== (before.location ?? null);
    await trx
      .updateTable('shipping_orders')
      .set({
        container_id: edit.containerId,
        driver_id: edit.driverId,
        ...(edit.deliveryDate !== undefined ? { delivery_date: edit.deliveryDate } : {}),
        handler_user_id: edit.handlerId,
        expected_arrival: edit.expectedArrival,
        shipping_mark: edit.shippingMark,
        ...(locationChanged ? { location: edit.location } : {}),
        ...(edit.status === 'cancelled' && current !== 'cancelled'
          ? {
              status: 'cancelled',
              cancel_reason: edit.cancelReason,
              cancelled_at: now.toISOString(),
              cancelled_by_user_id: userId,
            }
          : {}),
      })
      .where('id', '=', orderId)
      .execute();

    const milestone = edit.status !== current ? STATUS_MILESTONE[edit.status] : undefined;
    if (milestone) {
      const place = edit.location ?? before.location;
      if (!place) return { refused: 'location_required' };
      const added = await recordEvent(
        trx,
        orderId,
        current,
        { milestone, place, eventTime: now.toISOString(), note: null },
        userId,
        now,
      );
      if (typeof added === 'string') return { refused: 'transition', why: added };
    }
    return null;
  });
}

/**
 * Changes one order in one transaction: the order locked (`lockOrder`) and read as it was, then
 * `change`; a refusal it answers undoes whatever it wrote. The order as it is then, null when there is
 * no such order, or the refusal.
 */
async function changeOrder(
  db: Database,
  orderId: number,
  now: Date,
  /** The entry the change makes in the order's history, from the order before and after. */
  history: (before: ShippingOrderDetail, after: ShippingOrderDetail) => AuditEntry | null,
  change: (
    trx: Database,
    current: OrderStatus,
    before: ShippingOrderDetail,
  ) => Promise<OrderEditRefusal | null>,
): Promise<ShippingOrderDetail | OrderEditRefusal | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockOrder(trx, orderId, now);
    if (current === null) return null;
    // Staff may see every customer's order: the handler checked the role and the order's scope.
    const before = await findShippingOrder(trx, EVERY_CUSTOMER, orderId);
    if (!before) return null;
    const refusal = await change(trx, current, before);
    if (refusal) return new Rollback(refusal).throw();
    // The order just changed, read back as the staff member sees it (any customer's).
    const after = await findShippingOrder(trx, EVERY_CUSTOMER, orderId);
    const entry = after && history(before, after);
    if (entry) await recordAudit(trx, entry, now);
    return after;
  }).catch((error: unknown) => {
    if (error instanceof Rollback) return error.refusal;
    throw error;
  });
}

/** Thrown to undo an edit a rule refuses once something of it is written (the transaction rolls back). */
class Rollback extends Error {
  constructor(readonly refusal: OrderEditRefusal) {
    super(refusal.refused);
  }
  throw(): never {
    throw this;
  }
}

async function checkEdit(
  trx: Database,
  before: ShippingOrderDetail,
  edit: OrderEdit,
): Promise<OrderEditRefusal | null> {
  const why = transitionRefusal(before.status, edit.status);
  if (why) return { refused: 'transition', why };
  if (edit.status === 'cancelled' && before.status !== 'cancelled' && !edit.cancelReason)
    return { refused: 'reason_required' };
  if (edit.driverId !== null && edit.driverId !== before.driver_id) {
    const driver = await trx
      .selectFrom('drivers')
      .select('id')
      .where('id', '=', edit.driverId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!driver) return { refused: 'unknown_driver' };
  }
  if (edit.handlerId !== null && edit.handlerId !== before.handler_id) {
    const staff = await trx
      .selectFrom('user_roles')
      .select('user_id')
      .where('user_id', '=', edit.handlerId)
      .where((eb) => eb.fn('lower', ['role']), 'in', ['admin', 'warehouse_agent'])
      .executeTakeFirst();
    if (!staff) return { refused: 'unknown_handler' };
  }
  if (edit.containerId !== null && edit.containerId !== before.container_id) {
    const container = await trx
      .selectFrom('containers')
      .select(['capacity_cbm', 'status', 'origin'])
      .where('id', '=', edit.containerId)
      .executeTakeFirst();
    if (!container) return { refused: 'unknown_container' };
    if (!LOADING_CONTAINER_STATUSES.includes(container.status as ContainerStatus))
      return { refused: 'container_closed' };
    if (container.origin !== before.origin) return { refused: 'container_origin' };
    const { used } = await trx
      .selectFrom('shipping_orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | null>('cbm'), eb.lit(0)).as('used'))
      .where('container_id', '=', edit.containerId)
      .where('status', '<>', 'cancelled')
      .where('id', '<>', before.id)
      .executeTakeFirstOrThrow();
    const usedCbm = roundCbm(Number(used));
    if (roundCbm(usedCbm + before.cbm) > container.capacity_cbm)
      return { refused: 'over_capacity', capacity: container.capacity_cbm, used: usedCbm };
  }
  return null;
}

/**
 * The order's last mile is done: the Delivered event is recorded now, at `place` or where the goods
 * are, by this staff user, with who received the goods (kept on the order too). Only an order whose
 * next status is Delivered (a cleared one); null when there is no such order, or why it is refused.
 */
export async function completeDelivery(
  db: Database,
  orderId: number,
  input: { receivedBy: string; place: string | null },
  userId: number,
  now: Date,
): Promise<ShippingOrderDetail | OrderEditRefusal | null> {
  const history = (_before: ShippingOrderDetail, after: ShippingOrderDetail): AuditEntry => ({
    recordType: 'order',
    recordId: after.id,
    action: 'delivered',
    note: input.receivedBy,
    userId,
    customerVisible: true,
  });
  return changeOrder(db, orderId, now, history, async (trx, current, before) => {
    const why = transitionRefusal(current, 'delivered');
    if (why) return { refused: 'transition', why };
    const place = input.place ?? before.location;
    if (!place) return { refused: 'location_required' };
    const added = await recordEvent(
      trx,
      orderId,
      current,
      { milestone: 'delivered', place, eventTime: now.toISOString(), note: input.receivedBy },
      userId,
      now,
    );
    if (typeof added === 'string') return { refused: 'transition', why: added };
    await trx
      .updateTable('shipping_orders')
      .set({ received_by: input.receivedBy })
      .where('id', '=', orderId)
      .execute();
    return null;
  });
}
