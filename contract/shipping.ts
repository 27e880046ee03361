/** Shipping orders and their tracking. */
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '../app/catalog';
import { decimalNumber } from '../app/services/input';
import { MILESTONES, ORDER_ATTENTION, ORDER_FILTERS, ORDER_INVOICE_STATUSES, ORDER_STATUSES } from './values';
import { isoDate } from './dates';
import { id, isoDateTime, optionalText, requiredText } from './fields';
import { listQuery } from './common';
import { attachmentInfo } from './requests';

export const supplierSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});

export const shippingOrder = z.object({
  id: z.number().int(),
  /** The order number, e.g. SO-2026-0012. */
  name: z.string(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  partner_phone: z.string().nullable(),
  partner_email: z.string().nullable(),
  request_id: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  cbm: z.number().nonnegative(),
  origin: z.enum(ORIGINS),
  /** Where the goods are now (the place of the latest tracking event, or the origin warehouse). */
  location: z.string().nullable(),
  supplier: supplierSummary.nullable(),
  shipping_mark: z.string().nullable(),
  invoice_status: z.enum(ORDER_INVOICE_STATUSES),
  total_invoice: z.number().nonnegative(),
  currency: z.string().length(3),
  loan_id: z.number().int().nullable(),
  /** The loan's number, e.g. LN-2026-0007. */
  loan_name: z.string().nullable(),
  container_id: z.number().int().nullable(),
  container_name: z.string().nullable(),
  expected_arrival: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Extension: the staff member handling the order (they see it whatever their warehouse). */
  handler_id: z.number().int().nullable().optional(),
  handler_name: z.string().nullable().optional(),
  /** Extension: the driver of the order's last mile, the day planned, and who received the goods. */
  driver_id: z.number().int().nullable().optional(),
  driver_name: z.string().nullable().optional(),
  delivery_date: z.string().nullable().optional(),
  received_by: z.string().nullable().optional(),
  /** Extension: a cancelled order's reason, when and by whom. */
  cancel_reason: z.string().nullable().optional(),
  cancelled_at: z.string().nullable().optional(),
  cancelled_by: z.string().nullable().optional(),
});
export type ShippingOrder = z.infer<typeof shippingOrder>;

export const trackingEvent = z.object({
  id: z.number().int(),
  shipping_order_id: z.number().int(),
  milestone: z.enum(MILESTONES),
  place: z.string(),
  event_time: z.string(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Extension: withdrawn by staff (kept on the timeline, struck through; it no longer moves the order). */
  withdrawn_at: z.string().nullable().optional(),
  withdrawn_by: z.string().nullable().optional(),
  /** Extension: the container whose event this is a copy of (its number). */
  container: z.string().nullable().optional(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

export const shippingOrderDetail = shippingOrder.extend({
  documents: z.array(attachmentInfo),
  /** Oldest first. */
  tracking: z.array(trackingEvent),
  /** When the clearance receipt was issued (the order's first clearance, kept); null until then. */
  receipt_issued_at: z.string().nullable(),
  /**
   * Extension: the consignee as the receipt was issued (the customer's name, phone and e-mail then),
   * null until issued; the receipt shows it whatever the customer's details become.
   */
  receipt_consignee: z
    .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable()
    .optional(),
});
export type ShippingOrderDetail = z.infer<typeof shippingOrderDetail>;

export const shippingOrdersQuery = listQuery.extend({
  filter: z.enum(ORDER_FILTERS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  origin: z.enum(ORIGINS).optional(),
  partner_id: id.optional(),
  /** Extension (staff): the orders this driver delivers. */
  driver_id: id.optional(),
  /** Extension (staff): the orders that need staff (ORDER_ATTENTION). */
  attention: z.enum(ORDER_ATTENTION).optional(),
});

/** Extension (staff): what waits for staff, counted in their scope (the staff dashboard). */
export const staffWork = z.object({
  pending_requests: z.number().int().nonnegative(),
  /** Pending quotation requests: a quote to price and send. */
  quotation_requests: z.number().int().nonnegative(),
  /** Pending trade-finance requests: an application to assess. */
  finance_requests: z.number().int().nonnegative(),
  stale_orders: z.number().int().nonnegative(),
  deliveries_today: z.number().int().nonnegative(),
});

export const orderCounts = z.object({
  show_all: z.number().int().nonnegative(),
  in_progress: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  financed: z.number().int().nonnegative(),
});

export const shippingOrdersAnswer = z.object({
  orders: z.array(shippingOrder),
  /** All orders matching the search and filter, before limit and offset. */
  total: z.number().int().nonnegative(),
  /** Per tab, for the same search (extension; optional). */
  counts: orderCounts.optional(),
});

export const shippingOrderSummary = z.object({
  by_status: z.record(z.enum(ORDER_STATUSES), z.number().int().nonnegative()),
  financed: z.number().int().nonnegative(),
  total_cbm_in_progress: z.number().nonnegative(),
  /** Staff only (empty for a client): containers still being filled, with where they leave from. */
  open_containers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      origin: z.enum(ORIGINS).optional(),
      capacity_cbm: z.number().positive(),
      used_cbm: z.number().nonnegative(),
    }),
  ),
});

/** Staff turn an approved shipping request into an order. */
export const shippingOrderFromRequest = z.object({
  category: z.enum(CATEGORIES),
  container_type: z.enum(CONTAINER_TYPES),
  cbm: decimalNumber({ min: 0, aboveMin: true, max: 10_000, decimals: 3 }),
  origin: z.enum(ORIGINS),
  supplier_id: id.nullable().optional(),
  shipping_mark: optionalText(100),
});

export const trackingCreate = z.object({
  shipping_order_id: id,
  milestone: z.enum(MILESTONES),
  place: requiredText(200),
  event_time: isoDateTime,
  note: optionalText(2000, true),
});
/**
 * Staff edit an order (extension). `status`: the one it has, the next along Draft → Confirmed → In
 * Transit → Arrived → Cleared → Delivered (recorded as that milestone's tracking event, so that the
 * timeline keeps saying why), or Cancelled with a reason, from any status before Delivered.
 */
export const shippingOrderUpdate = z.object({
  status: z.enum(ORDER_STATUSES),
  cancel_reason: optionalText(500, true),
  container_id: id.nullable(),
  driver_id: id.nullable(),
  /** The day the driver is to deliver (YYYY-MM-DD). */
  delivery_date: isoDate.nullable().optional(),
  /** A staff member (admin or warehouse agent). */
  handler_id: id.nullable(),
  expected_arrival: isoDate.nullable(),
  location: optionalText(200),
  shipping_mark: optionalText(100),
});
export type ShippingOrderUpdate = z.infer<typeof shippingOrderUpdate>;

/** Staff mark an order's delivery done: who received the goods, and where (else where they are). */
export const deliveryDone = z.object({
  received_by: requiredText(100),
  place: optionalText(200),
});

export const trackingUpdate = trackingCreate.omit({ shipping_order_id: true }).extend({ id });
export const trackingAnswer = z.object({ tracking: z.array(trackingEvent) });
