// The shipping screens' forms and URL state: order lists, tracking events, orders made from requests,
// drivers and suppliers. One schema each, for the browser and the action; messages are translation
// keys (namespace common).
import { z } from 'zod';
import { isoDate } from '@contract/dates';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '~/catalog';
import {
  CONTAINER_KINDS,
  CONTAINER_MILESTONES,
  CONTAINER_SIZES,
  CONTAINER_STATUSES,
  MILESTONES,
  ORDER_ATTENTION,
  ORDER_FILTERS,
  ORDER_STATUSES,
} from '@contract/values';
import { decimalText, formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const required = 'validation.required';
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: 'validation.choose' }) });
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const optional = (max: number) => plainText(max, { tooLong: 'validation.tooLong' }).optional();
const page = pageParam;
const search = searchParam();

/** /apps/shipping: search, tab (show_all by default), status, page. */
export const orderListParams = z.object({
  q: search,
  filter: z.enum(ORDER_FILTERS).catch('show_all').default('show_all'),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  origin: z.enum(ORIGINS).optional().catch(undefined),
  /** Staff, from the dashboard: the orders that need them. */
  attention: z.enum(ORDER_ATTENTION).optional().catch(undefined),
  page,
});
export type OrderListParams = z.infer<typeof orderListParams>;

/** /apps/shipping/container: status, origin, search, page. */
export const containerListParams = z.object({
  q: search,
  status: z.enum(CONTAINER_STATUSES).optional().catch(undefined),
  origin: z.enum(ORIGINS).optional().catch(undefined),
  page,
});
export type ContainerListParams = z.infer<typeof containerListParams>;

/** Drivers and suppliers: search, active or not, page. */
export const directoryParams = z.object({
  q: search,
  active: z.enum(['true', 'false']).optional().catch(undefined),
  page,
});
export type DirectoryParams = z.infer<typeof directoryParams>;

/** A calendar day as `<input type="date">` sends it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => isoDate.safeParse(value).success, 'validation.date');

/**
 * Admin add or edit a container. The capacity, when left empty, is its size's usable volume; the
 * arrival is not before the departure.
 */
export const containerSchema = z
  .object({
    name: text(40),
    kind: choice(CONTAINER_KINDS),
    size: choice(CONTAINER_SIZES),
    capacityCbm: decimalText({
      min: 0,
      aboveMin: true,
      max: 200,
      decimals: 2,
      tooSmall: 'validation.positive',
    }).optional(),
    status: choice(CONTAINER_STATUSES),
    origin: choice(ORIGINS),
    destination: text(200),
    vessel: optional(100),
    voyage: optional(40),
    departureDate: day.optional(),
    arrivalDate: day.optional(),
  })
  .superRefine((value, context) => {
    if (value.departureDate && value.arrivalDate && value.arrivalDate < value.departureDate)
      context.addIssue({
        code: 'custom',
        path: ['arrivalDate'],
        message: 'shipping:containers.arrivalBeforeDeparture',
      });
  });
export type ContainerForm = z.infer<typeof containerSchema>;

/** Admin load the orders they tick into a container. */
export const containerLoadSchema = z.object({
  orderIds: z
    .union([formRecordId(), z.array(formRecordId())])
    .optional()
    .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids]))
    .refine((ids) => ids.length > 0, 'shipping:containers.noneChosen'),
});

/** Admin take one order out of a container. */
export const containerUnloadSchema = z.object({ orderId: formRecordId() });

/** A date and time as `<input type="datetime-local">` sends it (read as UTC, as the pages show it). */
const localDateTime = z
  .string({ required_error: required })
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) &&
      !Number.isNaN(new Date(`${value}Z`).getTime()),
    'validation.dateTime',
  );

/** An event of a container's (admin), copied to each order inside it. */
export const containerEventSchema = z.object({
  milestone: choice(CONTAINER_MILESTONES),
  place: text(200),
  eventTime: localDateTime.refine((value) => {
    const time = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
    return Number.isNaN(time) || time <= Date.now() + 5 * 60_000;
  }, 'validation.dateInFuture'),
  note: optional(2000),
});

/** Staff add (no id) or correct (with id) a tracking event. */
export const trackingSchema = z.object({
  eventId: formRecordId().optional(),
  milestone: choice(MILESTONES),
  place: text(200),
  // Not in the future (a few minutes of clock difference aside): the back office refuses it too.
  eventTime: localDateTime.refine((value) => {
    const time = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
    // An unreadable time is the other check's to say.
    return Number.isNaN(time) || time <= Date.now() + 5 * 60_000;
  }, 'validation.dateInFuture'),
  note: optional(2000),
});

/** The value a datetime-local input shows for an ISO time (UTC, to the minute). */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

export function fromLocalDateTime(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}Z`).toISOString();
}

/** Staff turn an approved shipping request into a shipping order. */
export const orderFromRequestSchema = z.object({
  requestId: formRecordId(),
  category: choice(CATEGORIES),
  containerType: choice(CONTAINER_TYPES),
  origin: choice(ORIGINS),
  cbm: decimalText({ min: 0, aboveMin: true, max: 10_000, decimals: 3, tooSmall: 'validation.positive' }),
  supplierId: formRecordId().optional(),
  shippingMark: optional(100),
});

/**
 * Staff edit an order: its status (the one it has, the next, or Cancelled with a reason), container,
 * driver, the staff member handling it, expected arrival, location and shipping mark.
 */
export const orderEditSchema = z
  .object({
    status: choice(ORDER_STATUSES),
    cancelReason: optional(500),
    containerId: formRecordId().optional(),
    driverId: formRecordId().optional(),
    handlerId: formRecordId().optional(),
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
      .refine((value) => isoDate.safeParse(value).success, 'validation.date')
      .optional(),
    expectedArrival: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
      .refine((value) => isoDate.safeParse(value).success, 'validation.date')
      .optional(),
    location: optional(200),
    shippingMark: optional(100),
  })
  .superRefine((value, context) => {
    if (value.status === 'cancelled' && !value.cancelReason) {
      context.addIssue({ code: 'custom', path: ['cancelReason'], message: 'shipping:edit.reasonRequired' });
    }
  });
export type OrderEdit = z.infer<typeof orderEditSchema>;

/** Staff mark an order's delivery done: who received the goods, and where. */
export const deliveryDoneSchema = z.object({
  receivedBy: text(100),
  place: optional(200),
});

/** What staff do to several orders at once from the list. */
export const BULK_ACTIONS = ['event', 'driver'] as const;

/**
 * Staff act on the orders they chose in the list: one tracking event added to each (a container's
 * departure, say), or one driver (and delivery day) given to each.
 */
export const bulkOrdersSchema = z
  .object({
    orderIds: z
      .union([formRecordId(), z.array(formRecordId())])
      .optional()
      .transform((ids) => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])),
    bulk: choice(BULK_ACTIONS),
    milestone: z.enum(MILESTONES, { errorMap: () => ({ message: 'validation.choose' }) }).optional(),
    place: optional(200),
    eventTime: localDateTime.optional(),
    note: optional(2000),
    driverId: formRecordId().optional(),
    deliveryDate: z
      .string()
      .refine((value) => isoDate.safeParse(value).success, 'validation.date')
      .optional(),
  })
  .superRefine((value, context) => {
    const missing = (path: string, message = 'validation.required') =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (value.orderIds.length === 0) missing('orderIds', 'shipping:bulk.noneChosen');
    if (value.bulk === 'event') {
      if (!value.milestone) missing('milestone', 'validation.choose');
      if (!value.place) missing('place');
      if (!value.eventTime) missing('eventTime');
      else if (Date.parse(`${value.eventTime.slice(0, 16)}:00Z`) > Date.now() + 5 * 60_000)
        missing('eventTime', 'validation.dateInFuture');
    }
    if (value.bulk === 'driver' && !value.driverId) missing('driverId', 'validation.choose');
  });
export type BulkOrders = z.infer<typeof bulkOrdersSchema>;

const activeField = z
  .enum(['on', 'true'])
  .optional()
  .transform((value) => value !== undefined);

export const driverSchema = z.object({
  name: text(100),
  phone: text(40),
  licenceNumber: text(40),
  vehiclePlate: optional(20),
  origin: z.enum(ORIGINS).optional(),
  active: activeField,
});

export const supplierSchema = z.object({
  name: text(200),
  contact: optional(100),
  phone: optional(40),
  email: plainText(254, { tooLong: 'validation.tooLong' }).email('validation.email').optional(),
  address: optional(300),
  location: optional(100),
  active: activeField,
});
