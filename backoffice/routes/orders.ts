import {
  canAdministerShipments,
  canManageShipments,
  orderScope,
  partnerScope,
  type Principal,
} from '../access';
import type { Service } from '../../app/catalog';
import type { OrderAttention, TrackingEvent } from '@contract';
import type { App } from '../app';
import type { Database } from '../data/database';
import { openContainers } from '../containers';
import { ApiError, refuse, type CallContext, type CallHandlers } from '../http';
import { recordAudit, type AuditEntry } from '../audit';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createOrderFromRequest,
  findOrderDocument,
  findShippingOrder,
  listShippingOrders,
  orderPartner,
  orderSummary,
} from '../orders';
import { completeDelivery, editShippingOrder, type OrderEditRefusal } from '../orderEdits';
import { listShippingRequests } from '../requests';
import { createShare } from '../shares';
import {
  addTrackingEvent,
  trackingEventOrder,
  updateTrackingEvent,
  withdrawTrackingEvent,
  type TrackingInput,
  type TrackingRefusal,
} from '../tracking';

type OrderCalls =
  | 'createShippingOrderFromRequest'
  | 'listShippingOrders'
  | 'shippingOrderSummary'
  | 'listAllShippingOrders'
  | 'getShippingOrder'
  | 'updateShippingOrder'
  | 'completeDelivery'
  | 'staffWork'
  | 'getShippingOrderDocument'
  | 'shareClearanceReceipt'
  | 'createTrackingEvent'
  | 'updateTrackingEvent'
  | 'withdrawTrackingEvent'
  | 'getShipmentTracking'
  | 'getShipmentTrackingWithPut';

/** How far ahead of the back office's clock an event may be dated (clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * An event as sent, its time in UTC so that the timeline sorts as text; one dated in the future is
 * refused (400 on `event_time`).
 */
function trackingInput(
  body: Omit<CallContext<'updateTrackingEvent'>['body'], 'id'>,
  now: Date,
): TrackingInput {
  return {
    milestone: body.milestone,
    place: body.place,
    eventTime: pastEventTime(body.event_time, now),
    note: body.note ?? null,
  };
}

/** An event's time as sent, in UTC; one in the future is refused (400 on `event_time`). */
export function pastEventTime(sent: string, now: Date): string {
  const eventTime = new Date(sent);
  if (eventTime.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw refuse.invalid([{ path: 'event_time', message: 'must not be in the future' }]);
  }
  return eventTime.toISOString();
}

/** A tracking event's entry in its order's history: the milestone, and where. */
function trackingEntry(
  event: TrackingEvent,
  action: 'tracking_added' | 'tracking_corrected' | 'tracking_withdrawn',
  userId: number,
): AuditEntry {
  return {
    recordType: 'order',
    recordId: event.shipping_order_id,
    action,
    changes: { milestone: { before: null, after: event.milestone } },
    note: event.place,
    userId,
  };
}

/** A milestone the timeline's rules refuse (409 on `milestone`, saying why). */
function trackingRefused(refusal: TrackingRefusal) {
  const messages: Record<TrackingRefusal, string> = {
    cancelled: 'The order is cancelled: its timeline takes no more events',
    delivered: 'The order is delivered: withdraw the delivery event to change its timeline',
    not_confirmed: 'The order is a draft: confirm it before it departs, arrives, clears or is delivered',
  };
  return new ApiError(409, 'conflict', messages[refusal], [{ path: 'milestone', message: refusal }]);
}

/** An order's edit refused: on the field it is about, saying why (400 for input, 409 for the rules). */
function editRefused(refusal: OrderEditRefusal) {
  switch (refusal.refused) {
    case 'transition': {
      const messages: Record<typeof refusal.why, string> = {
        backward: 'An order does not move back: withdraw the tracking event that moved it on',
        skip: 'An order moves on one status at a time',
        cancelled: 'The order is cancelled: its status no longer changes',
        delivered: 'The order is delivered: its status no longer changes (withdraw the delivery event first)',
        not_confirmed: 'The order is a draft: confirm it first',
      };
      return new ApiError(409, 'conflict', messages[refusal.why], [{ path: 'status', message: refusal.why }]);
    }
    case 'reason_required':
      return refuse.invalid([{ path: 'cancel_reason', message: 'A cancellation needs a reason' }]);
    case 'location_required':
      return refuse.invalid([
        { path: 'location', message: 'Say where the goods are when the status changes' },
      ]);
    case 'unknown_container':
      return refuse.invalid([{ path: 'container_id', message: 'No such container' }]);
    case 'container_closed':
      return new ApiError(409, 'conflict', 'This container no longer takes orders (it is sealed or later)', [
        { path: 'container_id', message: 'closed' },
      ]);
    case 'container_origin':
      return new ApiError(409, 'conflict', 'This container leaves from another origin than the order', [
        { path: 'container_id', message: 'origin' },
      ]);
    case 'unknown_driver':
      return refuse.invalid([{ path: 'driver_id', message: 'No such active driver' }]);
    case 'unknown_handler':
      return refuse.invalid([{ path: 'handler_id', message: 'No such staff member' }]);
    case 'over_capacity':
      return new ApiError(
        409,
        'conflict',
        `The container holds ${refusal.capacity} CBM and ${refusal.used} CBM are already loaded`,
        [{ path: 'container_id', message: 'over_capacity' }],
      );
  }
}

export function orderHandlers(app: App): Pick<CallHandlers, OrderCalls> {
  const list = async (user: Principal, query: CallContext<'listShippingOrders'>['query']) =>
    listShippingOrders(app.database, {
      scope: await orderScope(app.database, user),
      partnerId: query.partner_id,
      tab: query.filter ?? 'show_all',
      status: query.status,
      origin: query.origin,
      driverId: query.driver_id,
      attention: query.attention,
      now: app.now(),
      search: query.search || undefined,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      offset: query.offset ?? 0,
    });

  /** An order's timeline, when the order is in the caller's scope (404 otherwise, never 403). */
  const tracking = async (user: Principal, orderId: number) => {
    const order = await findShippingOrder(app.database, await orderScope(app.database, user), orderId);
    if (!order) throw refuse.notFound();
    return { tracking: order.tracking };
  };

  /**
   * An order outside the caller's scope (orderScope) is not found, for a read or a change alike. `db`:
   * the call's own (an idempotent call's transaction: SQLite's one connection is held by it).
   */
  const requireOrderInScope = async (user: Principal, orderId: number, db: Database = app.database) => {
    const scope = await orderScope(db, user);
    if ((await orderPartner(db, scope, orderId)) === null) throw refuse.notFound();
  };

  /** The order of a tracking event, when the event exists and its order is in the caller's scope. */
  const requireEventInScope = async (user: Principal, eventId: number) => {
    const orderId = await trackingEventOrder(app.database, eventId);
    if (orderId === null) throw refuse.notFound();
    await requireOrderInScope(user, orderId);
  };

  return {
    async createShippingOrderFromRequest({ params, body, session, database }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const outcome = await createOrderFromRequest(
        database,
        {
          requestId: params.id,
          category: body.category,
          containerType: body.container_type,
          cbm: body.cbm,
          origin: body.origin,
          supplierId: body.supplier_id ?? null,
          shippingMark: body.shipping_mark ?? null,
        },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'not_approved') throw refuse.requestNotApproved();
      if (outcome === 'has_order') throw refuse.requestHasOrder();
      if (outcome === 'unknown_supplier') throw refuse.unknownSupplier();
      await recordAudit(
        database,
        {
          recordType: 'order',
          recordId: outcome.id,
          action: 'created',
          note: `#${params.id}`,
          userId: session.user.id,
          customerVisible: true,
        },
        app.now(),
      );
      return { status: 'success', id: outcome.id };
    },

    listShippingOrders({ query, session }) {
      return list(session.user, query);
    },

    async shippingOrderSummary({ session }) {
      return {
        ...(await orderSummary(app.database, await orderScope(app.database, session.user))),
        // Containers are the forwarder's: a client's dashboard has none.
        open_containers: partnerScope(session.user) === null ? await openContainers(app.database) : [],
      };
    },

    listAllShippingOrders({ query, session }) {
      if (!canAdministerShipments(session.user)) throw refuse.forbidden();
      return list(session.user, query);
    },

    async getShippingOrder({ params, session }) {
      const order = await findShippingOrder(
        app.database,
        await orderScope(app.database, session.user),
        params.id,
      );
      if (!order) throw refuse.notFound();
      return order;
    },

    async updateShippingOrder({ params, body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      await requireOrderInScope(session.user, params.id);
      const edited = await editShippingOrder(
        app.database,
        params.id,
        {
          status: body.status,
          cancelReason: body.cancel_reason ?? null,
          containerId: body.container_id,
          driverId: body.driver_id,
          deliveryDate: body.delivery_date,
          handlerId: body.handler_id,
          expectedArrival: body.expected_arrival,
          location: body.location ?? null,
          shippingMark: body.shipping_mark ?? null,
        },
        session.user.id,
        app.now(),
      );
      if (!edited) throw refuse.notFound();
      if ('refused' in edited) throw editRefused(edited);
      return edited;
    },

    async staffWork({ session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const scope = await orderScope(app.database, session.user);
      const orders = async (attention: OrderAttention) =>
        (
          await listShippingOrders(app.database, {
            scope,
            tab: 'show_all',
            attention,
            now: app.now(),
            limit: 0,
            offset: 0,
          })
        ).total;
      const requests = async (service?: Service) =>
        (
          await listShippingRequests(app.database, {
            scope: partnerScope(session.user),
            status: 'pending',
            service,
            limit: 0,
            offset: 0,
          })
        ).total;
      return {
        pending_requests: await requests(),
        quotation_requests: await requests('quotation'),
        finance_requests: await requests('trade_finance'),
        stale_orders: await orders('stale'),
        deliveries_today: await orders('delivery_today'),
      };
    },

    async completeDelivery({ params, body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      await requireOrderInScope(session.user, params.id);
      const done = await completeDelivery(
        app.database,
        params.id,
        { receivedBy: body.received_by, place: body.place ?? null },
        session.user.id,
        app.now(),
      );
      if (!done) throw refuse.notFound();
      if ('refused' in done) throw editRefused(done);
      return done;
    },

    async getShippingOrderDocument({ params, session }) {
      const scope = await orderScope(app.database, session.user);
      const file = await findOrderDocument(app.database, scope, params.id, params.document_id);
      if (!file) throw refuse.notFound();
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },

    async shareClearanceReceipt({ params, session }) {
      // Whoever may read the order may share its clearance receipt (the portal renders it for any
      // order); the link opens that one order only. Outside the scope nothing is stored.
      await requireOrderInScope(session.user, params.id);
      const target = { kind: 'clearance_receipt', orderId: params.id } as const;
      const share = await createShare(
        app.database,
        partnerScope(session.user),
        target,
        session.user.id,
        app.now(),
      );
      if (!share) throw refuse.notFound();
      return { token: share.token, expires_at: share.expiresAt };
    },

    async createTrackingEvent({ body, session, database }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      await requireOrderInScope(session.user, body.shipping_order_id, database);
      const event = await addTrackingEvent(
        database,
        body.shipping_order_id,
        trackingInput(body, app.now()),
        session.user.id,
        app.now(),
      );
      if (!event) throw refuse.notFound();
      if (typeof event === 'string') throw trackingRefused(event);
      await recordAudit(database, trackingEntry(event, 'tracking_added', session.user.id), app.now());
      return event;
    },

    async updateTrackingEvent({ body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      await requireEventInScope(session.user, body.id);
      const event = await updateTrackingEvent(
        app.database,
        body.id,
        trackingInput(body, app.now()),
        app.now(),
      );
      if (!event) throw refuse.notFound();
      if (event === 'withdrawn') throw refuse.eventWithdrawn();
      if (typeof event === 'string') throw trackingRefused(event);
      await recordAudit(app.database, trackingEntry(event, 'tracking_corrected', session.user.id), app.now());
      return event;
    },

    async withdrawTrackingEvent({ params, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      await requireEventInScope(session.user, params.id);
      const event = await withdrawTrackingEvent(app.database, params.id, session.user.id, app.now());
      if (!event) throw refuse.notFound();
      if (event === 'withdrawn') throw refuse.eventWithdrawn();
      await recordAudit(app.database, trackingEntry(event, 'tracking_withdrawn', session.user.id), app.now());
      return event;
    },

    getShipmentTracking({ params, session }) {
      return tracking(session.user, params.id);
    },

    // The spec reads the timeline with PUT (a defect kept for compatibility): the same answer.
    getShipmentTrackingWithPut({ params, session }) {
      return tracking(session.user, params.id);
    },
  };
}
