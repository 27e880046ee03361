import {
  canAdministerShipments,
  canManageShipments,
  canSeePartner,
  partnerScope,
  type Principal,
} from '../access';
import type { App } from '../app';
import { listContainers, openContainers } from '../containers';
import { refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createOrderFromRequest,
  findOrderDocument,
  findShippingOrder,
  listShippingOrders,
  orderPartner,
  orderSummary,
} from '../orders';
import { createShare } from '../shares';
import { addTrackingEvent, listTracking, updateTrackingEvent, type TrackingInput } from '../tracking';

type OrderCalls =
  | 'createShippingOrderFromRequest'
  | 'listShippingOrders'
  | 'shippingOrderSummary'
  | 'listAllShippingOrders'
  | 'listContainers'
  | 'getShippingOrder'
  | 'getShippingOrderDocument'
  | 'shareClearanceReceipt'
  | 'createTrackingEvent'
  | 'updateTrackingEvent'
  | 'getShipmentTracking'
  | 'getShipmentTrackingWithPut';

/** An event as sent, its time in UTC so that the timeline sorts as text. */
function trackingInput(body: Omit<CallContext<'updateTrackingEvent'>['body'], 'id'>): TrackingInput {
  return {
    milestone: body.milestone,
    place: body.place,
    eventTime: new Date(body.event_time).toISOString(),
    note: body.note ?? null,
  };
}

export function orderHandlers(app: App): Pick<CallHandlers, OrderCalls> {
  const list = (user: Principal, query: CallContext<'listShippingOrders'>['query']) =>
    listShippingOrders(app.db, {
      scope: partnerScope(user),
      partnerId: query.partner_id,
      tab: query.filter ?? 'show_all',
      status: query.status,
      origin: query.origin,
      search: query.search || undefined,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      offset: query.offset ?? 0,
    });

  /** The order's id, when the order is in the caller's scope (404 otherwise, never 403). */
  const orderInScope = (user: Principal, orderId: number) => {
    const partnerId = orderPartner(app.db, orderId);
    if (partnerId === null || !canSeePartner(user, partnerId)) throw refuse.notFound();
    return orderId;
  };

  const tracking = (user: Principal, orderId: number) => ({
    tracking: listTracking(app.db, orderInScope(user, orderId)),
  });

  return {
    createShippingOrderFromRequest({ params, body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const outcome = createOrderFromRequest(
        app.db,
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
      return { status: 'success', id: outcome.id };
    },

    listShippingOrders({ query, session }) {
      return list(session.user, query);
    },

    shippingOrderSummary({ session }) {
      return {
        ...orderSummary(app.db, partnerScope(session.user)),
        // Containers are the forwarder's: a client's dashboard has none.
        open_containers: partnerScope(session.user) === null ? openContainers(app.db) : [],
      };
    },

    listAllShippingOrders({ query, session }) {
      if (!canAdministerShipments(session.user)) throw refuse.forbidden();
      return list(session.user, query);
    },

    listContainers({ query, session }) {
      if (!canAdministerShipments(session.user)) throw refuse.forbidden();
      return listContainers(app.db, {
        status: query.status,
        origin: query.origin,
        search: query.search || undefined,
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    getShippingOrder({ params, session }) {
      const order = findShippingOrder(app.db, params.id);
      if (!order || !canSeePartner(session.user, order.partner_id)) throw refuse.notFound();
      return order;
    },

    getShippingOrderDocument({ params, session }) {
      const file = findOrderDocument(app.db, params.id, params.document_id);
      if (!file || !canSeePartner(session.user, file.partnerId)) throw refuse.notFound();
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },

    shareClearanceReceipt({ params, session }) {
      // Whoever may read the order may share its clearance receipt (the portal renders it for any
      // order); the link opens that one order only.
      const orderId = orderInScope(session.user, params.id);
      const share = createShare(app.db, { kind: 'clearance_receipt', orderId }, session.user.id, app.now());
      return { token: share.token, expires_at: share.expiresAt };
    },

    createTrackingEvent({ body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const event = addTrackingEvent(
        app.db,
        body.shipping_order_id,
        trackingInput(body),
        session.user.id,
        app.now(),
      );
      if (!event) throw refuse.notFound();
      return event;
    },

    updateTrackingEvent({ body, session }) {
      if (!canManageShipments(session.user)) throw refuse.forbidden();
      const event = updateTrackingEvent(app.db, body.id, trackingInput(body), app.now());
      if (!event) throw refuse.notFound();
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
