/** The directories staff keep: customers, containers, drivers, suppliers, warehouses. */
import { z } from 'zod';
import { ORIGINS } from '../app/catalog';
import { decimalValue, withoutControls } from '../app/services/input';
import {
  CLIENT_TYPES,
  CONTAINER_KINDS,
  CUSTOMER_ACCESS,
  MAIL_LANGUAGES,
  CONTAINER_MILESTONES,
  CONTAINER_SIZES,
  CONTAINER_STATUSES,
  GENDERS,
  ORDER_STATUSES,
} from './values';
import { email, id, isoDateTime, optionalText, requiredText } from './fields';
import { listQuery } from './common';
import { isoDate, isPastDate, plausibleBirthDate } from './dates';
import { phoneField } from './phones';

export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  national_id: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  date_of_birth: z.string().nullable(),
  client_type: z.enum(CLIENT_TYPES).nullable(),
  business_industry: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Whether the customer has a portal account. */
  has_account: z.boolean(),
  created_at: z.string(),
  /** Extension: the portal access (invited until the invitation's link is used) and the last invitation. */
  access: z.enum(CUSTOMER_ACCESS).optional(),
  invited_at: z.string().nullable().optional(),
  /** Extension: whether an account of the customer signs in with two-step verification. */
  two_factor: z.boolean().optional(),
});
export type Customer = z.infer<typeof customer>;

export const customersQuery = z.object({
  search: withoutControls(z.string().trim().max(100)).optional(),
  limit: decimalValue({ min: 1, max: 100, decimals: 0 }).optional(),
  offset: decimalValue({ min: 0, max: 1e9, decimals: 0 }).optional(),
});

export const customersAnswer = z.object({
  contacts: z.array(customer),
  total: z.number().int().nonnegative(),
});

const customerFields = z.object({
  name: withoutControls(z.string().trim().min(1).max(200)),
  phone: phoneField(withoutControls(z.string().trim().min(1).max(40))),
  email,
  national_id: withoutControls(z.string().trim().min(1).max(50)),
  business_industry: withoutControls(z.string().trim().min(1).max(100)),
  street: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  company_name: optionalText(200),
});

/**
 * POST /customer/create_customer_contact: the add-customer form's fields, all required but the address
 * and, for a company, gender and date of birth (which a company has not: refused when sent). The phone
 * is read with its country code and kept in international form (E.164); the date of birth gives an age
 * of 16 to 120.
 */
export const customerCreate = z.discriminatedUnion('client_type', [
  customerFields.extend({
    client_type: z.literal(CLIENT_TYPES[0]),
    gender: z.enum(GENDERS),
    date_of_birth: z
      .string()
      .refine(isPastDate, 'Not a valid date of birth')
      .refine((value) => plausibleBirthDate(value), 'Not a plausible date of birth'),
  }),
  customerFields.extend({
    client_type: z.literal(CLIENT_TYPES[1]),
    gender: z.null().optional(),
    date_of_birth: z.null().optional(),
  }),
]);
export type CustomerCreate = z.input<typeof customerCreate>;

/** Staff invite a customer to the portal (extension): the invitation mail's language. */
export const customerInvite = z.object({ language: z.enum(MAIL_LANGUAGES) });

/** Staff disable or re-enable a customer's portal access (extension). */
export const customerAccessUpdate = z.object({ active: z.boolean() });

/**
 * An administrator turns off a customer's two-step verification (extension): how they made sure the
 * customer asked, kept in the customer's history.
 */
export const twoFactorResetBody = z.object({
  reason: withoutControls(z.string().trim().min(10).max(500)),
});

export const containerOrder = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_name: z.string(),
  cbm: z.number().nonnegative(),
  status: z.enum(ORDER_STATUSES),
});

export const container = z.object({
  id: z.number().int(),
  /** The container number, e.g. MSCU 123456-7. */
  name: z.string(),
  size: z.enum(CONTAINER_SIZES),
  capacity_cbm: z.number().positive(),
  used_cbm: z.number().nonnegative(),
  status: z.enum(CONTAINER_STATUSES),
  origin: z.enum(ORIGINS),
  destination: z.string(),
  departure_date: z.string().nullable(),
  orders: z.array(containerOrder),
  /** Extension: the equipment, the sailing and the arrival day. */
  kind: z.enum(CONTAINER_KINDS).optional(),
  vessel: z.string().nullable().optional(),
  voyage: z.string().nullable().optional(),
  arrival_date: z.string().nullable().optional(),
});
export type Container = z.infer<typeof container>;

/** A container's event (extension): recorded once, copied to the timeline of each order inside it. */
export const containerEvent = z.object({
  id: z.number().int(),
  milestone: z.enum(CONTAINER_MILESTONES),
  place: z.string(),
  event_time: z.string(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** How many orders' timelines it was copied to. */
  orders: z.number().int().nonnegative(),
});
export type ContainerEvent = z.infer<typeof containerEvent>;

/**
 * One container (extension): with its events, newest first, and the orders that could be loaded into
 * it (its origin's, in no container, neither delivered nor cancelled; at most 100, oldest first).
 */
export const containerDetail = container.extend({
  kind: z.enum(CONTAINER_KINDS),
  vessel: z.string().nullable(),
  voyage: z.string().nullable(),
  arrival_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  events: z.array(containerEvent),
  loadable: z.array(containerOrder),
});
export type ContainerDetail = z.infer<typeof containerDetail>;

/**
 * A container as staff create or edit it (extension). The capacity may not be below what its orders
 * take (409); the arrival is not before the departure (400).
 */
export const containerInput = z
  .object({
    name: requiredText(40),
    kind: z.enum(CONTAINER_KINDS),
    size: z.enum(CONTAINER_SIZES),
    capacity_cbm: z.number().positive().max(200),
    status: z.enum(CONTAINER_STATUSES),
    origin: z.enum(ORIGINS),
    destination: requiredText(200),
    vessel: optionalText(100),
    voyage: optionalText(40),
    departure_date: isoDate.nullable(),
    arrival_date: isoDate.nullable(),
  })
  .refine((c) => !c.departure_date || !c.arrival_date || c.arrival_date >= c.departure_date, {
    path: ['arrival_date'],
    message: 'before the departure',
  });
export type ContainerInput = z.input<typeof containerInput>;

/** Orders loaded into a container at once (extension): all or none. */
export const containerLoad = z.object({ order_ids: z.array(id).min(1).max(50) });

/** A container's event as staff add it (extension); not dated in the future. */
export const containerEventInput = z.object({
  milestone: z.enum(CONTAINER_MILESTONES),
  place: requiredText(200),
  event_time: isoDateTime,
  note: optionalText(2000, true),
});

export const containersQuery = listQuery.extend({
  status: z.enum(CONTAINER_STATUSES).optional(),
  origin: z.enum(ORIGINS).optional(),
});
export const containersAnswer = z.object({
  containers: z.array(container),
  total: z.number().int().nonnegative(),
});

export const activeQuery = listQuery.extend({ active: z.enum(['true', 'false']).optional() });

export const driver = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  licence_number: z.string(),
  vehicle_plate: z.string().nullable(),
  origin: z.enum(ORIGINS).nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Driver = z.infer<typeof driver>;
export const driverInput = z.object({
  name: requiredText(100),
  phone: requiredText(40),
  licence_number: requiredText(40),
  vehicle_plate: optionalText(20),
  origin: z.enum(ORIGINS).nullable().optional(),
  active: z.boolean().default(true),
});
export const driversAnswer = z.object({ drivers: z.array(driver), total: z.number().int().nonnegative() });

export const supplier = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The contact person. */
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** Where the supplier is (city, country). */
  location: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplier>;
export const supplierInput = z.object({
  name: requiredText(200),
  contact: optionalText(100),
  phone: optionalText(40),
  email: email.nullable().optional(),
  address: optionalText(300, true),
  location: optionalText(100),
  active: z.boolean().default(true),
});
export const suppliersAnswer = z.object({
  suppliers: z.array(supplier),
  total: z.number().int().nonnegative(),
});

export const warehouse = z.object({
  name: z.string(),
  address: z.string(),
  origin: z.enum(ORIGINS),
  opening_hours: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  updated_at: z.string(),
});
export type Warehouse = z.infer<typeof warehouse>;

export const warehouseInput = z.object({
  name: withoutControls(z.string().trim().min(1).max(100)),
  address: withoutControls(z.string().trim().min(1).max(300), { multiline: true }),
  origin: z.enum(ORIGINS),
  opening_hours: optionalText(200),
  contact_phone: optionalText(40),
  contact_email: email.nullable().optional(),
});

/** The signed-in staff member's warehouse; `null` until they set it. */
export const warehouseAnswer = z.object({ warehouse: warehouse.nullable() });
