/**
 * The back-office API contract: one zod schema per call for what is sent and what comes back.
 * The portal's client checks every answer against it; the reference back office validates every
 * request with it. A change to the API is a change to this module (see docs/api.md).
 */
import { z } from 'zod';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS, SERVICES } from '../../catalog';
import { decimalNumber, decimalValue, recordId, withoutControls } from '../input';

/** Name of the cookie the back office issues on login and checks on every call. */
export const BACKOFFICE_SESSION_COOKIE = 'bo_session';

export const ROLE_NAMES = ['admin', 'warehouse_agent', 'client'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().toLowerCase().email().max(254);
/**
 * Passwords: 8 to 128 characters here (NIST SP 800-63B and ASVS V2.1: length, no rules on character
 * classes); how easy a new one is to guess is judged by the back office alone (zxcvbn-ts, see
 * backoffice/passwords.ts), whose dictionaries stay out of the browser's bundle.
 */
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
// Every text and number sent to the back office goes through ../input: no control characters in text,
// numbers as plain decimals within bounds, ids as whole numbers (not `0x10` or `1e3`).
const personName = withoutControls(z.string().trim().min(1).max(100));
const id = recordId;
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');

/** Every refusal the back office sends has this body, with a matching HTTP status. */
export const errorAnswer = z.object({
  error: z.string(),
  code: z.enum([
    'bad_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'invalid_token',
    'method_not_allowed',
    'payload_too_large',
    /** 413: the customer's stored attachments would pass their storage quota. */
    'storage_quota_exceeded',
    'unsupported_media_type',
    'too_many_requests',
    'two_factor_required',
    /** 409: an `Idempotency-Key` already used by this user for another call or another body. */
    'idempotency_key_reused',
    'internal',
  ]),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With `two_factor_required` (a 401 from login): the token that loginTwoFactor completes. */
  challenge: z.string().optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/**
 * The header that makes a create safe to send again: the back office keeps the first answer for 24
 * hours and gives it back for the same key, instead of creating a second record (docs/api.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** A random UUID in practice; anything of 16 to 64 letters, digits, `-` and `_` is taken. */
export const idempotencyKey = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'not an idempotency key');

export const role = z.object({ name: z.string() });

/** The user as the back office describes it (spec section 3, before the portal's fall-backs). */
export const backofficeUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  partner_id: z.number().int().nullable(),
  roles: z.array(role),
  role: z.string().nullable().optional(),
  profile_image: z.string().nullable().optional(),
  user_image: z.string().nullable().optional(),
});
export type BackofficeUser = z.infer<typeof backofficeUser>;

export const okAnswer = z.object({ status: z.literal('success'), message: z.string().optional() });

export const loginRequest = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

export const MAIL_LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;

/** `lang` (extension) picks the language of the mail to a new customer; English when absent. */
export const signupRequest = z.object({
  email,
  password,
  firstName: personName,
  lastName: withoutControls(z.string().trim().max(100)).default(''),
  referral_code: withoutControls(z.string().trim().max(32)).optional(),
  lang: z.enum(MAIL_LANGUAGES).optional(),
});
/**
 * The same answer whether the address was new or already had an account (then its owner is mailed
 * instead), so that registering cannot be used to learn who has an account.
 */
export const signupAnswer = z.object({ status: z.literal('success') });

/** `lang` (extension) picks the language of the reset mail; English when absent. */
export const forgotPasswordRequest = z.object({ email, lang: z.enum(MAIL_LANGUAGES).optional() });

export const passwordResetRequest = z.object({
  email,
  password,
  token: withoutControls(z.string().min(16).max(256)),
});

/** Extension: a signed-in user changes their password; their other sessions end. */
export const passwordChange = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: password,
});

export const contactDetails = z.object({
  partner_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  company_name: z.string().nullable(),
  referral_code: z.string().nullable(),
  /** Extension: whether a profile image was uploaded (read with getContactImage). */
  has_image: z.boolean().optional(),
});
export type ContactDetails = z.infer<typeof contactDetails>;

const optionalText = (max: number, multiline = false) =>
  withoutControls(z.string().trim().max(max), { multiline })
    .transform((value) => value || null)
    .nullable()
    .optional();

/** What a customer may change of their contact (POST /update_contact_details). */
export const contactUpdate = z.object({
  name: withoutControls(z.string().trim().min(1).max(200)),
  phone: optionalText(40),
  street: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  company_name: optionalText(200),
});

/** Profile images: PNG, JPEG or WebP up to 2 MiB (2 097 152 bytes, that size included). */
export const CONTACT_IMAGE_LIMIT = 2 * 1024 * 1024;
export const CONTACT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const contactImageUpdate = z.object({
  /** base64, without a data: prefix (spec: "image (base64)"). */
  image: base64.min(1),
});

export const contactImage = z.object({ mimetype: z.enum(CONTACT_IMAGE_TYPES), data: base64 });

// ---- Customers (staff): the directory and "Add New Customer" (spec sections 3, 5, 7, 8) ----

export const GENDERS = ['male', 'female'] as const;
export const CLIENT_TYPES = ['individual', 'company'] as const;

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

/** A real calendar day (YYYY-MM-DD), not after today. */
export function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value <= new Date().toISOString().slice(0, 10)
  );
}

/** POST /customer/create_customer_contact: the add-customer form's fields, all required but the address. */
export const customerCreate = z.object({
  name: withoutControls(z.string().trim().min(1).max(200)),
  phone: withoutControls(z.string().trim().min(1).max(40)),
  email,
  national_id: withoutControls(z.string().trim().min(1).max(50)),
  gender: z.enum(GENDERS),
  date_of_birth: z.string().refine(isPastDate, 'Not a valid date of birth'),
  client_type: z.enum(CLIENT_TYPES),
  business_industry: withoutControls(z.string().trim().min(1).max(100)),
  street: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  company_name: optionalText(200),
});
export type CustomerCreate = z.input<typeof customerCreate>;

export const usersAnswer = z.object({ users: z.array(backofficeUser) });

export const healthAnswer = z.object({ status: z.literal('ok'), version: z.string() });

// ---- Shipping requests (spec sections 3 and 7; review and attachment download are extensions) ----

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * DESIGN.md "Forms and input": at most 5 files of 10 MB, of these types. The megabytes are binary:
 * 10 MiB = 10 485 760 bytes, that size included (decision record 027).
 */
export const ATTACHMENT_LIMITS = { files: 5, bytes: 10 * 1024 * 1024 } as const;
export const ATTACHMENT_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'text/csv': ['.csv'],
};

/** The media type a file name's extension stands for, when it is an allowed one. */
export function attachmentType(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = filename.slice(dot).toLowerCase();
  return Object.entries(ATTACHMENT_TYPES).find(([, extensions]) => extensions.includes(extension))?.[0];
}

export const attachmentUpload = z.object({
  filename: withoutControls(z.string().trim().min(1).max(255)).refine(
    (name) => attachmentType(name) !== undefined,
    'file type not allowed',
  ),
  // Sizes are checked on the decoded bytes (413 naming the file); the call's body limit bounds the rest.
  data: base64.min(1),
});

/** Exactly the payload of spec section 7, plus `service` (extension; a back office may ignore it). */
export const shippingRequestCreate = z.object({
  partner_id: id,
  email_from: email,
  name: withoutControls(z.string().trim().min(1).max(200)),
  description: withoutControls(z.string().max(10_000), { multiline: true }),
  expected_revenue: decimalNumber({ min: 0, max: 1e12, decimals: 2 }).default(0),
  attachments: z.array(attachmentUpload).max(ATTACHMENT_LIMITS.files).default([]),
  service: z.enum(SERVICES).optional(),
  /** Extension: where the goods come from, when the form asked (a back office may ignore it). */
  origin: z.enum(ORIGINS).optional(),
});
export type ShippingRequestCreate = z.input<typeof shippingRequestCreate>;

export const attachmentInfo = z.object({
  id: z.number().int(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
});

export const shippingRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  service: z.enum(SERVICES).nullable(),
  /** Extension: where the goods come from, when known. */
  origin: z.enum(ORIGINS).nullable().optional(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  email_from: z.string(),
  description: z.string(),
  expected_revenue: z.number(),
  status: z.enum(REQUEST_STATUSES),
  staff_note: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  attachments: z.array(attachmentInfo),
  shipping_order_id: z.number().int().nullable(),
  /** Extension: the loan made from an approved trade-finance request. */
  loan_id: z.number().int().nullable().optional(),
});
export type ShippingRequest = z.infer<typeof shippingRequest>;

/**
 * Paging and filters (extension parameters): a back office that ignores them answers everything, and
 * the portal pages itself.
 */
export const listQuery = z.object({
  search: withoutControls(z.string().trim().max(100)).optional(),
  limit: decimalValue({ min: 1, max: 100, decimals: 0 }).optional(),
  offset: decimalValue({ min: 0, max: 1e9, decimals: 0 }).optional(),
});

export const shippingRequestsQuery = listQuery.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
  /** Extension: requests whose goods come from this origin. */
  origin: z.enum(ORIGINS).optional(),
  service: z.enum(SERVICES).optional(),
  partner_id: id.optional(),
});

export const shippingRequestsAnswer = z.object({
  requests: z.array(shippingRequest),
  /** All matching requests, before limit and offset. */
  total: z.number().int().nonnegative(),
});

export const shippingRequestReview = z.object({
  status: z.enum(['approved', 'rejected']),
  note: withoutControls(z.string().trim().max(2000), { multiline: true }).optional(),
});

export const createdAnswer = z.object({ status: z.literal('success'), id: z.number().int() });

export const attachmentFile = z.object({ filename: z.string(), mimetype: z.string(), data: base64 });

// ---- Shipping orders, tracking, containers, drivers, suppliers (spec sections 3, 4, 7; DESIGN "States") ----

export const ORDER_STATUSES = [
  'draft',
  'confirmed',
  'in_transit',
  'arrived',
  'cleared',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The list tabs (spec section 4; `show_all` by default). */
export const ORDER_FILTERS = ['show_all', 'in_progress', 'completed', 'financed'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
/** "In Progress" is Confirmed to Cleared; "Completed" is Delivered; "Financed" is backed by a loan. */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = ['confirmed', 'in_transit', 'arrived', 'cleared'];

export const ORDER_INVOICE_STATUSES = [
  'not_invoiced',
  'draft',
  'posted',
  'partially_paid',
  'paid',
  'cancelled',
] as const;

/** Milestones of a shipment's timeline, in their usual order; `delayed` may come at any point. */
export const MILESTONES = [
  'booking_confirmed',
  'cargo_received',
  'container_loaded',
  'departed_origin',
  'arrived_destination',
  'customs_cleared',
  'out_for_delivery',
  'delivered',
  'delayed',
] as const;
export type Milestone = (typeof MILESTONES)[number];

/** The order status a milestone moves an order to (forward only; others leave it as it is). */
export const MILESTONE_STATUS: Partial<Record<Milestone, OrderStatus>> = {
  booking_confirmed: 'confirmed',
  departed_origin: 'in_transit',
  arrived_destination: 'arrived',
  customs_cleared: 'cleared',
  delivered: 'delivered',
};

export const CONTAINER_STATUSES = ['open', 'closed', 'shipped', 'arrived'] as const;
export const CONTAINER_SIZES = ['20ft', '40ft', '40ft_hc'] as const;

const isoDateTime = z.string().datetime({ offset: true });
const requiredText = (max: number) => withoutControls(z.string().trim().min(1).max(max));

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
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

export const shippingOrderDetail = shippingOrder.extend({
  documents: z.array(attachmentInfo),
  /** Oldest first. */
  tracking: z.array(trackingEvent),
  /** When the clearance receipt was issued (the order's first clearance, kept); null until then. */
  receipt_issued_at: z.string().nullable(),
});
export type ShippingOrderDetail = z.infer<typeof shippingOrderDetail>;

export const shippingOrdersQuery = listQuery.extend({
  filter: z.enum(ORDER_FILTERS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  origin: z.enum(ORIGINS).optional(),
  partner_id: id.optional(),
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
  /** Staff only (empty for a client): containers still being filled. */
  open_containers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
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
export const trackingUpdate = trackingCreate.omit({ shipping_order_id: true }).extend({ id });
export const trackingAnswer = z.object({ tracking: z.array(trackingEvent) });

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
});
export type Container = z.infer<typeof container>;

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

// ---- Trade finance: loans, transactions, schedule, documents (spec sections 3, 4, 6, 7, 8; DESIGN "States") ----

export const LOAN_STATES = ['requested', 'approved', 'denied', 'repaid'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** The list tabs: "All Loans", "Previous Loans" (repaid), "Loans Denied". */
export const LOAN_TABS = ['show_all', 'previous', 'denied'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];
export const LOAN_PAYMENT_STATUSES = ['not_disbursed', 'current', 'overdue', 'paid'] as const;
export const TRANSACTION_TYPES = ['disbursement', 'repayment', 'fee'] as const;

/** The loan number, e.g. LN-2026-0007 (the loan-details page's `{loanNumber}`). */
export const loanNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'not a loan number');

export const loan = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_id: z.number().int(),
  partner_name: z.string(),
  state: z.enum(LOAN_STATES),
  principal: z.number().nonnegative(),
  currency: z.string().length(3),
  /** Yearly, in percent. */
  interest_rate: z.number().nonnegative(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  paid_amount: z.number().nonnegative(),
  /** Principal, interest and fees still owed. */
  outstanding: z.number().nonnegative(),
  payment_status: z.enum(LOAN_PAYMENT_STATUSES),
  next_due_date: z.string().nullable(),
  overdue_amount: z.number().nonnegative(),
  request_id: z.number().int().nullable(),
  staff_note: z.string().nullable(),
  created_at: z.string(),
});
export type Loan = z.infer<typeof loan>;

export const loansQuery = listQuery.extend({
  tab: z.enum(LOAN_TABS).optional(),
  partner_id: id.optional(),
});

/** Spec section 7: `status` is "success" or not; otherwise `message` says why. */
export const loansAnswer = z.object({
  status: z.string(),
  loans: z.array(loan).default([]),
  message: z.string().optional(),
  /** Extension: all loans matching, before limit and offset. */
  total: z.number().int().nonnegative().optional(),
  counts: z.record(z.enum(LOAN_TABS), z.number().int().nonnegative()).optional(),
});

export const loanTransaction = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number().nonnegative(),
  date: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Balance owed after this transaction, in date order. */
  balance: z.number(),
});
export type LoanTransaction = z.infer<typeof loanTransaction>;

export const loanTransactionsAnswer = z.object({
  status: z.string(),
  transactions: z.array(loanTransaction).default([]),
  message: z.string().optional(),
});

export const scheduleLine = z.object({
  due_date: z.string(),
  principal: z.number().nonnegative(),
  interest: z.number().nonnegative(),
  amount: z.number().nonnegative(),
  status: z.enum(['paid', 'due', 'overdue', 'upcoming']),
});

export const financedShipment = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  category: z.enum(CATEGORIES),
  total_invoice: z.number().nonnegative(),
});

export const loanDetail = loan.extend({
  schedule: z.array(scheduleLine),
  documents: z.array(attachmentInfo),
  shipments: z.array(financedShipment),
});
export type LoanDetail = z.infer<typeof loanDetail>;

export const loanFromRequest = z.object({
  principal: decimalNumber({ min: 0, aboveMin: true, max: 1e9, decimals: 2 }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'not a currency code')
    .default('USD'),
  interest_rate: decimalNumber({ min: 0, max: 100, decimals: 2 }),
  /** Months to repay, in equal monthly instalments. */
  term_months: decimalNumber({ min: 1, max: 60, decimals: 0 }),
});

export const loanDecision = z.object({
  state: z.enum(['approved', 'denied']),
  note: withoutControls(z.string().trim().max(2000), { multiline: true }).optional(),
});

export const financeSummary = z.object({
  currency: z.string().length(3),
  outstanding_principal: z.number().nonnegative(),
  next_due_date: z.string().nullable(),
  next_due_amount: z.number().nonnegative(),
  overdue_amount: z.number().nonnegative(),
  /** Staff only (empty for a client): outstanding per customer, largest first. */
  exposure: z.array(
    z.object({
      partner_id: z.number().int(),
      partner_name: z.string(),
      outstanding: z.number().nonnegative(),
    }),
  ),
});

// ---- Two-step verification (TOTP, RFC 6238; extension) ----

/** The sign-in's second step: the challenge login handed out, for a few minutes. */
export const twoFactorChallenge = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'not a challenge');
/** A 6-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx, letters and digits). */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const twoFactorCode = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), 'not a code');

export const loginTwoFactorRequest = z.object({ challenge: twoFactorChallenge, code: twoFactorCode });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 when off). */
  recovery_codes_left: z.number().int().nonnegative(),
});

/** A new secret, pending until enableTwoFactor confirms a code made from it. */
export const twoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_url: z.string(),
});

export const twoFactorEnable = z.object({ code: z.string().trim().regex(TOTP_CODE, 'not a code') });
export const twoFactorEnabled = z.object({
  enabled: z.literal(true),
  /** Shown once: each signs in once instead of a code. */
  recovery_codes: z.array(z.string().regex(RECOVERY_CODE)).length(10),
});
export const twoFactorDisable = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: twoFactorCode,
});

// ---- Invoices, payments and statements (spec sections 2, 7; DESIGN "States", "Documents") ----

/** Invoice states; `posted` is issued and unpaid. Drafts are never shown to clients. */
export const INVOICE_STATES = ['draft', 'posted', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque'] as const;

/** The invoice number, e.g. INV-2026-0012. */
export const invoiceName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'not an invoice number');

export const invoice = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_id: z.number().int(),
  /** Bill-to: the customer as it was when the invoice was issued; a draft's follows the customer. */
  partner_name: z.string(),
  partner_email: z.string().nullable(),
  partner_phone: z.string().nullable(),
  partner_address: z.string().nullable(),
  shipping_order_id: z.number().int().nullable(),
  shipping_order_name: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  /** Dates as YYYY-MM-DD. */
  invoice_date: z.string(),
  due_date: z.string(),
  currency: z.string().length(3),
  amount_untaxed: z.number().nonnegative(),
  amount_tax: z.number().nonnegative(),
  amount_total: z.number().nonnegative(),
  amount_paid: z.number().nonnegative(),
  /** Still to pay (0 when paid or cancelled). */
  amount_due: z.number().nonnegative(),
  /** Unpaid or partly paid after its due date (as of the back office's today). */
  overdue: z.boolean(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceLine = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().nonnegative(),
  unit_price: z.number().nonnegative(),
  /** Tax rate in percent. */
  tax_rate: z.number().nonnegative(),
  subtotal: z.number().nonnegative(),
});

export const invoicePayment = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  /** The payment's number, e.g. PAY-2026-0031. */
  name: z.string(),
  date: z.string(),
  amount: z.number().positive(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoiceDetail = invoice.extend({
  lines: z.array(invoiceLine),
  payments: z.array(invoicePayment),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** The invoice tabs: all, unpaid (posted or partly paid), paid. Drafts are staff-only. */
export const INVOICE_FILTERS = ['show_all', 'unpaid', 'paid', 'overdue'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const customerInvoicesQuery = listQuery.extend({
  customer_id: id,
  filter: z.enum(INVOICE_FILTERS).optional(),
});

export const invoicesAnswer = z.object({
  invoices: z.array(invoice),
  /** All matching, before limit and offset. */
  total: z.number().int().nonnegative(),
  counts: z.record(z.enum(INVOICE_FILTERS), z.number().int().nonnegative()),
  /** Totals over every invoice of the customer (not only the page). */
  totals: z.object({
    currency: z.string().length(3),
    amount_total: z.number().nonnegative(),
    amount_paid: z.number().nonnegative(),
    amount_due: z.number().nonnegative(),
    overdue: z.number().nonnegative(),
  }),
});

/** YYYY-MM-DD, a real calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a date');

export const statementQuery = z
  .object({ customer_id: id, date_from: isoDate, date_to: isoDate })
  .refine((query) => query.date_from <= query.date_to, {
    message: 'date_from after date_to',
    path: ['date_to'],
  });

export const statementLine = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment']),
  /** The invoice's or payment's number. */
  reference: z.string(),
  /** For a payment, the invoice it pays. */
  invoice_name: z.string().nullable(),
  debit: z.number().nonnegative(),
  credit: z.number().nonnegative(),
  /** What the customer owes after this line. */
  balance: z.number(),
});

export const statement = z.object({
  partner_id: z.number().int(),
  partner_name: z.string(),
  partner_email: z.string().nullable(),
  partner_phone: z.string().nullable(),
  partner_address: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  currency: z.string().length(3),
  /** Owed before date_from: posted invoices (not draft or cancelled) less payments. */
  opening_balance: z.number(),
  lines: z.array(statementLine),
  total_invoiced: z.number().nonnegative(),
  total_paid: z.number().nonnegative(),
  closing_balance: z.number(),
});
export type Statement = z.infer<typeof statement>;

// ---- Shares, warehouse settings, the staff member's profile and saved preferences (extensions) ----

/** How long a share link works (DESIGN.md "Documents"). */
export const SHARE_DAYS = 7;

/** A share token: random, URL-safe; the back office keeps only its hash. */
export const shareToken = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'not a share token');

export const shareAnswer = z.object({ token: shareToken, expires_at: z.string() });

export const sharedFile = attachmentFile.extend({ expires_at: z.string() });

/** What a share of a rendered document names; the public /invoice view shows it read-only. */
export const SHARED_RECORD_KINDS = ['invoice', 'statement', 'clearance_receipt', 'loan'] as const;
export type SharedRecordKind = (typeof SHARED_RECORD_KINDS)[number];

export const statementShare = z
  .object({ customer_id: id, date_from: isoDate, date_to: isoDate })
  .refine((body) => body.date_from <= body.date_to, {
    message: 'date_from after date_to',
    path: ['date_to'],
  });

export const sharedRecord = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoice'), expires_at: z.string(), invoice: invoiceDetail }),
  z.object({ kind: z.literal('statement'), expires_at: z.string(), statement }),
  z.object({
    kind: z.literal('clearance_receipt'),
    expires_at: z.string(),
    order: shippingOrderDetail,
  }),
  z.object({ kind: z.literal('loan'), expires_at: z.string(), loan: loanDetail }),
]);
export type SharedRecord = z.infer<typeof sharedRecord>;

/** What a share link opens: a loan's document (a file) or a record the portal renders. */
export const SHARE_KINDS = ['loan_document', 'invoice', 'statement', 'clearance_receipt', 'loan'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** A live share link of a document, as its page lists it (never its token, which is not kept). */
export const shareLinkInfo = z.object({
  id: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  /** A loan document's id and file name; null for other kinds. */
  document_id: z.number().int().nullable(),
  document_name: z.string().nullable(),
  /** A statement's period (YYYY-MM-DD); null for other kinds. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  created_at: z.string(),
  /** Who made the link (null once their account is gone). */
  created_by: z.string().nullable(),
  expires_at: z.string(),
});
export type ShareLinkInfo = z.infer<typeof shareLinkInfo>;

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

/** The signed-in user's own profile (any role). */
export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  /** Saved language and appearance, so they follow the user to another device; null until saved. */
  language: z.enum(MAIL_LANGUAGES).nullable(),
  /** The appearance settings as the portal stores them (its own shape; the back office keeps it as is). */
  appearance: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  first_name: personName,
  last_name: withoutControls(z.string().trim().max(100)).default(''),
  phone: optionalText(40),
});

export const preferencesUpdate = z.object({
  language: z.enum(MAIL_LANGUAGES).optional(),
  appearance: z
    .record(
      withoutControls(z.string().max(40)),
      z.union([withoutControls(z.string().max(40)), z.number().finite(), z.boolean()]),
    )
    .refine((value) => Object.keys(value).length <= 20, 'too many settings')
    .optional(),
});

/**
 * The calls, by name. `query` and `body` describe what is sent; `answer` what a 2xx brings back.
 * `session: true` means the call needs the signed-in user's back-office session.
 */
export const calls = {
  login: { method: 'POST', path: '/login', body: loginRequest, answer: backofficeUser, session: false },
  signup: { method: 'POST', path: '/signup', body: signupRequest, answer: signupAnswer, session: false },
  forgotPassword: {
    method: 'POST',
    path: '/forgot-password',
    body: forgotPasswordRequest,
    answer: okAnswer,
    session: false,
  },
  passwordReset: {
    method: 'POST',
    path: '/password_reset',
    body: passwordResetRequest,
    answer: okAnswer,
    session: false,
  },
  /** Extension: 400 with an issue on current_password when it is wrong; other sessions of the user end. */
  changePassword: {
    method: 'POST',
    path: '/change-password',
    body: passwordChange,
    answer: okAnswer,
    session: true,
  },
  /** Extension: ends the back-office session named by the cookie. */
  logout: { method: 'POST', path: '/logout', answer: okAnswer, session: true },
  getContactDetails: {
    method: 'POST',
    read: true,
    path: '/get_contact_details',
    query: z.object({ user_id: id }),
    answer: contactDetails,
    session: true,
  },
  updateContactDetails: {
    method: 'POST',
    path: '/update_contact_details',
    query: z.object({ partner_id: id }),
    body: contactUpdate,
    answer: contactDetails,
    session: true,
  },
  /** The API's own spelling ("cotact"). */
  updateContactImage: {
    method: 'POST',
    path: '/update_cotact_image',
    query: z.object({ partner_id: id }),
    body: contactImageUpdate,
    answer: okAnswer,
    session: true,
    bodyLimit: 3 * 1024 * 1024,
  },
  /** Extension: the profile image, to show it. 404 when there is none. */
  getContactImage: {
    method: 'GET',
    path: '/contact-image',
    query: z.object({ partner_id: id }),
    answer: contactImage,
    session: true,
  },
  listCustomers: {
    method: 'GET',
    path: '/get_contacts',
    query: customersQuery,
    answer: customersAnswer,
    session: true,
  },
  /** Extension: one customer of the directory. */
  getCustomer: {
    method: 'GET',
    path: '/customers/:id',
    params: z.object({ id }),
    answer: customer,
    session: true,
  },
  createCustomer: {
    method: 'POST',
    path: '/customer/create_customer_contact',
    body: customerCreate,
    answer: createdAnswer,
    session: true,
    idempotent: true,
  },
  listUsers: { method: 'GET', path: '/users', answer: usersAnswer, session: true },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id }),
    answer: backofficeUser,
    session: true,
  },
  createShippingRequest: {
    method: 'POST',
    path: '/shipping-requests',
    body: shippingRequestCreate,
    answer: createdAnswer,
    session: true,
    idempotent: true,
    // Five files of 10 MB, base64-encoded, and the rest of the request.
    bodyLimit: 72 * 1024 * 1024,
  },
  listShippingRequests: {
    method: 'GET',
    path: '/shipping-requests',
    query: shippingRequestsQuery,
    answer: shippingRequestsAnswer,
    session: true,
  },
  getShippingRequest: {
    method: 'GET',
    path: '/shipping-requests/:id',
    params: z.object({ id }),
    answer: shippingRequest,
    session: true,
  },
  /** Extension: staff approve or reject a pending request, with an optional note. */
  reviewShippingRequest: {
    method: 'PATCH',
    path: '/shipping-requests/:id',
    params: z.object({ id }),
    body: shippingRequestReview,
    answer: shippingRequest,
    session: true,
  },
  /** Extension: one attachment's content. */
  getShippingRequestAttachment: {
    method: 'GET',
    path: '/shipping-requests/:id/attachments/:attachment_id',
    params: z.object({ id, attachment_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /** Extension: staff turn an approved shipping request into a shipping order (409 if not approved or done). */
  createShippingOrderFromRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/order',
    params: z.object({ id }),
    body: shippingOrderFromRequest,
    answer: createdAnswer,
    session: true,
    idempotent: true,
  },
  /** A client's own orders; staff: every customer's. Literal paths come before `/:id`. */
  listShippingOrders: {
    method: 'GET',
    path: '/shipping-orders',
    query: shippingOrdersQuery,
    answer: shippingOrdersAnswer,
    session: true,
  },
  /** Extension: figures for the dashboard, in the caller's scope. */
  shippingOrderSummary: {
    method: 'GET',
    path: '/shipping-orders/summary',
    answer: shippingOrderSummary,
    session: true,
  },
  /** Admin only (403 otherwise): every order. */
  listAllShippingOrders: {
    method: 'GET',
    path: '/shipping-orders/admin/all',
    query: shippingOrdersQuery,
    answer: shippingOrdersAnswer,
    session: true,
  },
  /** Admin only (403 otherwise). */
  listContainers: {
    method: 'GET',
    path: '/shipping-orders/admin/containers',
    query: containersQuery,
    answer: containersAnswer,
    session: true,
  },
  getShippingOrder: {
    method: 'GET',
    path: '/shipping-orders/:id',
    params: z.object({ id }),
    answer: shippingOrderDetail,
    session: true,
  },
  /** Extension: one document of an order. */
  getShippingOrderDocument: {
    method: 'GET',
    path: '/shipping-orders/:id/documents/:document_id',
    params: z.object({ id, document_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /** Staff add a tracking event; a milestone may move the order's status forward. */
  createTrackingEvent: {
    method: 'POST',
    path: '/shipment-tracking',
    body: trackingCreate,
    answer: trackingEvent,
    session: true,
    idempotent: true,
  },
  /** Staff correct a tracking event. */
  updateTrackingEvent: {
    method: 'PUT',
    path: '/shipment-tracking',
    body: trackingUpdate,
    answer: trackingEvent,
    session: true,
  },
  /** A shipping order's tracking (`:id` is the order's). The portal reads with GET. */
  getShipmentTracking: {
    method: 'GET',
    path: '/shipment-tracking/:id',
    params: z.object({ id }),
    answer: trackingAnswer,
    session: true,
  },
  /** The spec's read with PUT (a defect kept for compatibility): the same answer as the GET. */
  getShipmentTrackingWithPut: {
    method: 'PUT',
    path: '/shipment-tracking/:id',
    params: z.object({ id }),
    answer: trackingAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): drivers. */
  listDrivers: { method: 'GET', path: '/drivers', query: activeQuery, answer: driversAnswer, session: true },
  createDriver: {
    method: 'POST',
    path: '/drivers',
    body: driverInput,
    answer: driver,
    session: true,
    idempotent: true,
  },
  getDriver: {
    method: 'GET',
    path: '/drivers/:id',
    params: z.object({ id }),
    answer: driver,
    session: true,
  },
  updateDriver: {
    method: 'PUT',
    path: '/drivers/:id',
    params: z.object({ id }),
    body: driverInput,
    answer: driver,
    session: true,
  },
  /** Extension (staff, 403 otherwise): suppliers. */
  listSuppliers: {
    method: 'GET',
    path: '/suppliers',
    query: activeQuery,
    answer: suppliersAnswer,
    session: true,
  },
  createSupplier: {
    method: 'POST',
    path: '/suppliers',
    body: supplierInput,
    answer: supplier,
    session: true,
    idempotent: true,
  },
  getSupplier: {
    method: 'GET',
    path: '/suppliers/:id',
    params: z.object({ id }),
    answer: supplier,
    session: true,
  },
  updateSupplier: {
    method: 'PUT',
    path: '/suppliers/:id',
    params: z.object({ id }),
    body: supplierInput,
    answer: supplier,
    session: true,
  },
  /** A client's own loans (partner_id must be its own: 404 otherwise). */
  listUserLoans: {
    method: 'POST',
    read: true,
    path: '/shipping/user_loans',
    query: loansQuery.extend({ partner_id: id }),
    answer: loansAnswer,
    session: true,
  },
  /** Staff only (403 otherwise): every client's loans. */
  listClientLoans: {
    method: 'POST',
    read: true,
    path: '/staff/client_loans',
    query: loansQuery,
    answer: loansAnswer,
    session: true,
  },
  listLoanTransactions: {
    method: 'POST',
    read: true,
    path: '/shipping/loan_transactions',
    query: z.object({ loan_id: id }),
    body: z.object({ loan_id: id }),
    answer: loanTransactionsAnswer,
    session: true,
  },
  /** Extension: finance figures for the dashboard, in the caller's scope. */
  financeSummary: { method: 'GET', path: '/loans/summary', answer: financeSummary, session: true },
  /** Extension: one loan by its number, with schedule, documents and financed shipments. */
  getLoan: {
    method: 'GET',
    path: '/loans/:number',
    params: z.object({ number: loanNumber }),
    answer: loanDetail,
    session: true,
  },
  /** Extension: staff approve (disbursing it) or deny a requested loan (409 when not requested). */
  decideLoan: {
    method: 'PATCH',
    path: '/loans/:number',
    params: z.object({ number: loanNumber }),
    body: loanDecision,
    answer: loanDetail,
    session: true,
  },
  /** Extension: one document of a loan. */
  getLoanDocument: {
    method: 'GET',
    path: '/loans/:number/documents/:document_id',
    params: z.object({ number: loanNumber, document_id: id }),
    answer: attachmentFile,
    session: true,
  },
  /** Extension: staff turn an approved trade-finance request into a loan in Requested state. */
  createLoanFromRequest: {
    method: 'POST',
    path: '/shipping-requests/:id/loan',
    params: z.object({ id }),
    body: loanFromRequest,
    answer: z.object({ status: z.literal('success'), id: z.number().int(), name: z.string() }),
    session: true,
    idempotent: true,
  },
  /** Extension: a signed link to one of a loan's documents (scoped as getLoanDocument), for 7 days. */
  shareLoanDocument: {
    method: 'POST',
    path: '/loans/:number/documents/:document_id/share',
    params: z.object({ number: loanNumber, document_id: id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension, no session: the shared file; an unknown, tampered or expired token answers 404. */
  getSharedDocument: {
    method: 'GET',
    path: '/shared-documents/:token',
    params: z.object({ token: shareToken }),
    answer: sharedFile,
    session: false,
  },
  /**
   * A customer's invoices (a client may name only its own partner: 404 otherwise; staff any). Drafts
   * are listed for staff only.
   */
  listCustomerInvoices: {
    method: 'GET',
    path: '/shipping/customer_invoices',
    query: customerInvoicesQuery,
    answer: invoicesAnswer,
    session: true,
  },
  /** Staff only (403 otherwise): one invoice by its number, any customer's; 404 when none. */
  findStaffInvoice: {
    method: 'GET',
    path: '/staff/invoice',
    query: z.object({ invoice_name: invoiceName }),
    answer: invoiceDetail,
    session: true,
  },
  /** Extension: one invoice with lines and payments (another customer's, or a draft for a client: 404). */
  getInvoice: {
    method: 'GET',
    path: '/invoices/:id',
    params: z.object({ id }),
    answer: invoiceDetail,
    session: true,
  },
  /** Extension: a customer's statement over a period (scoped as listCustomerInvoices). */
  getCustomerStatement: {
    method: 'GET',
    path: '/shipping/customer_statement',
    query: statementQuery,
    answer: statement,
    session: true,
  },
  /** Extension: a 7-day share of an invoice (scoped as getInvoice). */
  shareInvoice: {
    method: 'POST',
    path: '/invoices/:id/share',
    params: z.object({ id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of a statement (scoped as getCustomerStatement). */
  shareStatement: {
    method: 'POST',
    path: '/shipping/customer_statement/share',
    body: statementShare,
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of an order's clearance receipt (scoped as getShippingOrder). */
  shareClearanceReceipt: {
    method: 'POST',
    path: '/shipping-orders/:id/clearance-receipt/share',
    params: z.object({ id }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension: a 7-day share of a loan's summary document (scoped as getLoan). */
  shareLoan: {
    method: 'POST',
    path: '/loans/:number/share',
    params: z.object({ number: loanNumber }),
    answer: shareAnswer,
    session: true,
  },
  /** Extension, no session: the shared record; an unknown, tampered or expired token answers 404. */
  getSharedRecord: {
    method: 'GET',
    path: '/shared-records/:token',
    params: z.object({ token: shareToken }),
    answer: sharedRecord,
    session: false,
  },
  /**
   * Extension: the live (neither expired nor revoked) share links of one document, newest first:
   * `target_id` is the invoice, the customer (statement), the order (clearance receipt) or the loan
   * (loan, and every document of the loan). Scoped as reading the document: 404 otherwise.
   */
  listShares: {
    method: 'GET',
    path: '/shares',
    query: z.object({ kind: z.enum(SHARE_KINDS), target_id: id }),
    answer: z.object({ shares: z.array(shareLinkInfo) }),
    session: true,
  },
  /**
   * Extension: ends a share link now; it then opens nothing, like an expired one. Whoever may read the
   * document may revoke its links (another customer's link: 404). Revoking it again changes nothing.
   */
  revokeShare: {
    method: 'POST',
    path: '/shares/:id/revoke',
    params: z.object({ id }),
    answer: okAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): the warehouse the signed-in staff member works at. */
  getWarehouse: { method: 'GET', path: '/warehouse', answer: warehouseAnswer, session: true },
  updateWarehouse: {
    method: 'PUT',
    path: '/warehouse',
    body: warehouseInput,
    answer: warehouseAnswer,
    session: true,
  },
  /** Extension (staff, 403 otherwise): forget the warehouse; the lists show every origin again. */
  clearWarehouse: { method: 'DELETE', path: '/warehouse', answer: warehouseAnswer, session: true },
  /** Extension: the signed-in user's own profile. */
  getProfile: { method: 'GET', path: '/me', answer: profile, session: true },
  updateProfile: { method: 'PUT', path: '/me', body: profileUpdate, answer: profile, session: true },
  /** Extension: saves language and/or appearance with the account. */
  updatePreferences: {
    method: 'PUT',
    path: '/me/preferences',
    body: preferencesUpdate,
    answer: profile,
    session: true,
  },
  /**
   * Extension: the second step of a sign-in whose account has two-step verification (login answered
   * 401 `two_factor_required` with a challenge). A wrong code is 401; an unknown, used or expired
   * challenge 401 `invalid_token`; too many wrong codes 429. Success is login's answer and cookie.
   */
  loginTwoFactor: {
    method: 'POST',
    path: '/login/two-factor',
    body: loginTwoFactorRequest,
    answer: backofficeUser,
    session: false,
  },
  /** Extension: whether the signed-in user's two-step verification is on. */
  getTwoFactor: { method: 'GET', path: '/me/two-factor', answer: twoFactorStatus, session: true },
  /** Extension: a new pending secret (replacing any earlier pending one); 409 when already on. */
  setupTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/setup',
    answer: twoFactorSetup,
    session: true,
  },
  /** Extension: turns it on with a code from the pending secret (400 wrong code, 409 nothing pending). */
  enableTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/enable',
    body: twoFactorEnable,
    answer: twoFactorEnabled,
    session: true,
  },
  /** Extension: turns it off with the password and a code (400 naming the wrong field; 409 when off). */
  disableTwoFactor: {
    method: 'POST',
    path: '/me/two-factor/disable',
    body: twoFactorDisable,
    answer: twoFactorStatus,
    session: true,
  },
  /** Extension: reachability for the portal's /healthz. */
  health: { method: 'GET', path: '/health', answer: healthAnswer, session: false },
} as const satisfies Record<string, CallDefinition>;

export interface CallDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  answer: z.ZodTypeAny;
  session: boolean;
  /** Largest request body this call accepts, in bytes (1 MB when unset). */
  bodyLimit?: number;
  /** A POST that only reads (the spec's list calls): safe to try again, as a GET is. */
  read?: true;
  /** A create that takes an `Idempotency-Key` header: the same key answers the first answer again. */
  idempotent?: true;
}

export type Calls = typeof calls;
export type CallName = keyof Calls;
type Field<C, K extends string> = C extends Record<K, z.ZodTypeAny> ? z.input<C[K]> : undefined;
export type CallInput<N extends CallName> = {
  params: Field<Calls[N], 'params'>;
  query: Field<Calls[N], 'query'>;
  body: Field<Calls[N], 'body'>;
};
export type CallAnswer<N extends CallName> = z.infer<Calls[N]['answer']>;

/** Fills `:name` segments of a call's path. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
