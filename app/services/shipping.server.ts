// Shipping orders: the lists (a client's own, every order for staff, the admin's all-orders call), one
// order with its tracking, the CSV export, and the staff's tracking events.
import { CATEGORY_NAMES, type Origin } from '~/catalog';
import { fromLocalDateTime, type BulkOrders, type OrderEdit, type OrderListParams } from '~/forms/shipping';
import { hasRole, isStaff } from './access';
import type { SignedIn } from './auth.server';
import {
  IN_PROGRESS_STATUSES,
  type CallInput,
  type Milestone,
  type OrderFilter,
  type ShippingOrder,
} from '@contract';
import { isBackofficeError, messageKeyFor, recordLoadFailed, reportError } from './errors.server';
import { pageOf, pageQuery, textMatches, type Page } from './paging';
import { originFor, type OriginChoice } from './warehouse.server';

export type OrderCounts = Record<OrderFilter, number>;

export interface OrderPage extends Page<ShippingOrder> {
  counts: OrderCounts | null;
  /** The origin shown, and the warehouse when it chose it (staff's default). */
  origin: Origin | undefined;
  warehouse: OriginChoice['warehouse'];
}

export function inFilter(order: ShippingOrder, filter: OrderFilter): boolean {
  switch (filter) {
    case 'show_all':
      return true;
    case 'in_progress':
      return IN_PROGRESS_STATUSES.includes(order.status);
    case 'completed':
      return order.status === 'delivered';
    case 'financed':
      return order.loan_id !== null;
  }
}

function matches(order: ShippingOrder, params: OrderListParams): boolean {
  return (
    inFilter(order, params.filter) &&
    (!params.status || order.status === params.status) &&
    (!params.origin || order.origin === params.origin) &&
    // What can be told from the order alone (a stale order needs its timeline: the back office's).
    (params.attention !== 'delivery_today' ||
      (order.delivery_date === new Date().toISOString().slice(0, 10) &&
        order.status !== 'delivered' &&
        order.status !== 'cancelled')) &&
    textMatches(params.q, [
      order.name,
      order.shipping_mark,
      order.category,
      CATEGORY_NAMES[order.category],
      order.partner_name,
    ])
  );
}

/** The admin reads through the admin's all-orders call; anyone else through the scoped list. */
function listCall(signedIn: SignedIn) {
  return hasRole(signedIn.user.roles, ['admin']) ? 'listAllShippingOrders' : 'listShippingOrders';
}

function listQuery(params: OrderListParams) {
  return {
    search: params.q || undefined,
    filter: params.filter,
    status: params.status,
    origin: params.origin,
    attention: params.attention,
  };
}

export async function listOrders(
  signedIn: SignedIn,
  asked: OrderListParams,
  url: URL = new URL('http://portal.invalid/?origin=all'),
): Promise<OrderPage> {
  const choice = await originFor(signedIn, url, asked.origin);
  const params = { ...asked, origin: choice.origin };
  const answer = await signedIn.backoffice.call(listCall(signedIn), {
    query: { ...listQuery(params), ...pageQuery(params.page) },
  });
  const page = pageOf(answer.orders, answer.total, params.page, (order) => matches(order, params));
  return { ...page, counts: answer.counts ?? null, origin: choice.origin, warehouse: choice.warehouse };
}

/** At most this many rows in one export (the back office answers 100 a call). */
export const EXPORT_LIMIT = 10_000;
const EXPORT_BATCH = 100;

/** Every order of the filtered list (not only the page shown), for the CSV export. */
export async function ordersForExport(signedIn: SignedIn, params: OrderListParams): Promise<ShippingOrder[]> {
  const orders: ShippingOrder[] = [];
  for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_BATCH) {
    const answer = await signedIn.backoffice.call(listCall(signedIn), {
      query: { ...listQuery(params), limit: EXPORT_BATCH, offset },
    });
    if (answer.orders.length > EXPORT_BATCH) {
      // A back office that ignores paging: it sent everything at once.
      return answer.orders.filter((order) => matches(order, params)).slice(0, EXPORT_LIMIT);
    }
    orders.push(...answer.orders);
    if (answer.orders.length < EXPORT_BATCH || orders.length >= answer.total) break;
  }
  return orders.slice(0, EXPORT_LIMIT);
}

export function getOrder(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.call('getShippingOrder', { params: { id } });
}

/** The order the user may see, or a 404 for anyone else's. */
export async function orderOr404(request: Request, signedIn: SignedIn, id: number) {
  try {
    return await getOrder(signedIn, id);
  } catch (error) {
    return recordLoadFailed(request, 'order', error);
  }
}

/** The active drivers, to give orders to (at most 100). */
export async function activeDrivers(signedIn: SignedIn): Promise<{ id: number; name: string }[]> {
  const answer = await signedIn.backoffice.call('listDrivers', { query: { active: 'true', limit: 100 } });
  return answer.drivers.filter((driver) => driver.active).map(({ id, name }) => ({ id, name }));
}

/**
 * What an order's edit may choose from: the containers being filled, the active drivers and the staff
 * members who may handle it.
 */
export async function orderEditChoices(signedIn: SignedIn) {
  const [summary, drivers, users] = await Promise.all([
    signedIn.backoffice.call('shippingOrderSummary'),
    activeDrivers(signedIn),
    signedIn.backoffice.call('listUsers'),
  ]);
  return {
    containers: summary.open_containers,
    drivers,
    staff: users.users
      .filter((user) => isStaff(user.roles.map((role) => role.name)))
      .map((user) => ({
        id: user.id,
        name: user.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.email),
      })),
  };
}

/** Staff edit an order (a missing order is the 404 page); the order as it is then. */
export function editOrder(signedIn: SignedIn, id: number, edit: OrderEdit) {
  return signedIn.backoffice.record('updateShippingOrder', {
    params: { id },
    body: {
      status: edit.status,
      cancel_reason: edit.cancelReason ?? null,
      container_id: edit.containerId ?? null,
      driver_id: edit.driverId ?? null,
      handler_id: edit.handlerId ?? null,
      delivery_date: edit.deliveryDate ?? null,
      expected_arrival: edit.expectedArrival ?? null,
      location: edit.location ?? null,
      shipping_mark: edit.shippingMark ?? null,
    },
  });
}

/** Staff: the order's delivery is done (the Delivered event, with who received the goods). */
export function completeDelivery(
  signedIn: SignedIn,
  id: number,
  done: { receivedBy: string; place?: string },
) {
  return signedIn.backoffice.record('completeDelivery', {
    params: { id },
    body: { received_by: done.receivedBy, place: done.place ?? null },
  });
}

/** The orders a driver delivers (staff), those still to deliver first: at most 100. */
export async function driverDeliveries(signedIn: SignedIn, driverId: number): Promise<ShippingOrder[]> {
  const answer = await signedIn.backoffice.call(listCall(signedIn), {
    query: { driver_id: driverId, limit: 100 },
  });
  const open = (order: ShippingOrder) => order.status !== 'delivered' && order.status !== 'cancelled';
  return answer.orders
    .filter((order) => order.driver_id === driverId)
    .sort(
      (a, b) =>
        Number(open(b)) - Number(open(a)) ||
        (a.delivery_date ?? '9999').localeCompare(b.delivery_date ?? '9999'),
    );
}

export function shareClearanceReceipt(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.record('shareClearanceReceipt', { params: { id } });
}

export interface TrackingInput {
  eventId?: number;
  milestone: Milestone;
  place: string;
  eventTime: string;
  note?: string;
}

/**
 * Adds a tracking event to the order, or corrects one (with `eventId`); a missing order or event is the
 * 404 page. `idempotencyKey`: the add
 * form's key, so the same form sent again adds one event.
 */
export function saveTrackingEvent(
  signedIn: SignedIn,
  orderId: number,
  input: TrackingInput,
  idempotencyKey?: string,
) {
  const fields = {
    milestone: input.milestone,
    place: input.place,
    event_time: input.eventTime,
    note: input.note ?? null,
  };
  return input.eventId
    ? signedIn.backoffice.record('updateTrackingEvent', {
        body: { id: input.eventId, ...fields },
      })
    : signedIn.backoffice.record('createTrackingEvent', {
        body: { shipping_order_id: orderId, ...fields },
        idempotencyKey,
      });
}

/** Staff withdraw a mistaken tracking event (kept, struck through; the order's status follows). */
export function withdrawTrackingEvent(signedIn: SignedIn, eventId: number) {
  return signedIn.backoffice.call('withdrawTrackingEvent', { params: { id: eventId } });
}

/** One of the order's documents, as a file (the back office answers only for orders the user may see). */
export function orderDocument(signedIn: SignedIn, id: number, documentId: number) {
  return signedIn.backoffice.call('getShippingOrderDocument', { params: { id, document_id: documentId } });
}

/**
 * Staff: the order made from an approved shipping request (`idempotencyKey`: the form's, so the same
 * form sent again makes one order); a request that is missing is the 404 page.
 */
export async function createOrderFromRequest(
  signedIn: SignedIn,
  requestId: number,
  body: CallInput<'createShippingOrderFromRequest'>['body'],
  idempotencyKey?: string,
): Promise<number> {
  const answer = await signedIn.backoffice.record('createShippingOrderFromRequest', {
    params: { id: requestId },
    body,
    idempotencyKey,
  });
  return answer.id;
}

/**
 * The customer's own orders a trade-finance application may finance: not financed yet, neither
 * delivered nor cancelled; the newest 100.
 */
export async function financeableOrders(signedIn: SignedIn): Promise<ShippingOrder[]> {
  const answer = await signedIn.backoffice.call('listShippingOrders', {
    query: { filter: 'in_progress', limit: 100 },
  });
  return answer.orders.filter(
    (order) => order.loan_id === null && order.status !== 'cancelled' && order.status !== 'delivered',
  );
}

/**
 * What came of an action on several orders: the orders it was done to, those that refused it, and those
 * left undone because the back office stopped answering part-way (`stoppedBy`: why, as a message key).
 */
export interface BulkOutcome {
  done: string[];
  refused: string[];
  stopped: string[];
  stoppedBy: string | null;
}

/**
 * Staff act on several orders at once: one tracking event added to each, or one driver given to each
 * (their other fields as they are). Each order is done on its own: one the rules refuse (a delivered
 * order takes no event) or that is outside the staff member's scope is named among the refused, and
 * the others are done. When the back office fails otherwise after some orders were done, the rest are
 * not tried and are named, so that trying again does not add a second event to the ones done; when it
 * fails before any was done, the failure is thrown as for a single order.
 */
export async function bulkOrders(signedIn: SignedIn, bulk: BulkOrders): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], refused: [], stopped: [], stoppedBy: null };
  for (const [index, id] of bulk.orderIds.entries()) {
    let name = `#${id}`;
    try {
      await bulkOrder(signedIn, bulk, id, (found) => (name = found));
      outcome.done.push(name);
    } catch (error) {
      // Not found (out of scope) or a rule of the order's (409, 400): the others still go on.
      if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'rejected')) {
        outcome.refused.push(name);
        continue;
      }
      if (error instanceof Response || outcome.done.length === 0) throw error;
      reportError('orders at once', error);
      outcome.stopped = [name, ...bulk.orderIds.slice(index + 1).map((rest) => `#${rest}`)];
      outcome.stoppedBy = messageKeyFor(error);
      break;
    }
  }
  return outcome;
}

/** The bulk action on one order; `named` hears the order's number once it is read. */
async function bulkOrder(signedIn: SignedIn, bulk: BulkOrders, id: number, named: (name: string) => void) {
  const order = await getOrder(signedIn, id);
  named(order.name);
  if (bulk.bulk === 'event') {
    await saveTrackingEvent(signedIn, id, {
      milestone: bulk.milestone!,
      place: bulk.place!,
      eventTime: fromLocalDateTime(bulk.eventTime!),
      note: bulk.note,
    });
    return;
  }
  await editOrder(signedIn, id, {
    status: order.status,
    containerId: order.container_id ?? undefined,
    driverId: bulk.driverId,
    handlerId: order.handler_id ?? undefined,
    deliveryDate: bulk.deliveryDate ?? order.delivery_date ?? undefined,
    expectedArrival: order.expected_arrival ?? undefined,
    location: order.location ?? undefined,
    shippingMark: order.shipping_mark ?? undefined,
    cancelReason: order.cancel_reason ?? undefined,
  });
}
