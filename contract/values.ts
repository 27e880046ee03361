/**
 * The contract's plain values: lists of states, tabs and kinds, limits and patterns, with no zod, so that
 * the browser's forms and components can use them without bringing the schemas into the browser's bundle.
 */

/** Name of the cookie the back office issues on login and checks on every call. */
export const BACKOFFICE_SESSION_COOKIE = 'bo_session';

export const ROLE_NAMES = ['admin', 'warehouse_agent', 'client'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MAIL_LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Profile images: PNG, JPEG or WebP up to 2 MiB (2 097 152 bytes, that size included). */
export const CONTACT_IMAGE_LIMIT = 2 * 1024 * 1024;
export const CONTACT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

// ---- Customers (staff): the directory and "Add New Customer" (spec sections 3, 5, 7, 8) ----

export const GENDERS = ['male', 'female'] as const;
export const CLIENT_TYPES = ['individual', 'company'] as const;
/**
 * A customer's portal access: no account yet, invited (the mailed link not used yet), active, or
 * disabled by staff.
 */
export const CUSTOMER_ACCESS = ['none', 'invited', 'active', 'disabled'] as const;
export type CustomerAccess = (typeof CUSTOMER_ACCESS)[number];
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** The youngest and oldest age a date of birth may give (a customer is an adult, and alive). */
export const CUSTOMER_AGE = { min: 16, max: 120 } as const;

// ---- Shipping requests (spec sections 3 and 7; review and attachment download are extensions) ----

/** `withdrawn`: the customer took back a pending request (extension); nobody decides it any more. */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** What can happen to a request after it was sent (its history, extension). */
export const REQUEST_EVENT_KINDS = ['approved', 'rejected', 'reopened', 'corrected', 'withdrawn'] as const;
export type RequestEventKind = (typeof REQUEST_EVENT_KINDS)[number];

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

/**
 * Orders that need staff (extension, the order list's `attention`): under way with no standing tracking
 * event for 7 days (`stale`), or to be delivered today and not yet (`delivery_today`).
 */
export const ORDER_ATTENTION = ['stale', 'delivery_today'] as const;
export type OrderAttention = (typeof ORDER_ATTENTION)[number];
/** Days without news after which an order under way is stale. */
export const STALE_ORDER_DAYS = 7;

/** The milestone recorded when staff move an order on to a status by editing it (its inverse). */
export const STATUS_MILESTONE: Partial<Record<OrderStatus, Milestone>> = {
  confirmed: 'booking_confirmed',
  in_transit: 'departed_origin',
  arrived: 'arrived_destination',
  cleared: 'customs_cleared',
  delivered: 'delivered',
};

/** The one status an order moves on to by an edit (Draft → Confirmed → … → Delivered), if any. */
export function nextOrderStatus(status: OrderStatus): OrderStatus | null {
  if (status === 'cancelled' || status === 'delivered') return null;
  return ORDER_STATUSES[ORDER_STATUSES.indexOf(status) + 1] ?? null;
}

/** Why an edit may not give an order the status asked (extension `updateShippingOrder`, 409). */
export const ORDER_TRANSITION_REFUSALS = ['backward', 'skip', 'cancelled', 'delivered'] as const;
export type OrderTransitionRefusal = (typeof ORDER_TRANSITION_REFUSALS)[number];

/** A container's life: planned, being loaded, sealed, at sea, arrived, emptied at destination. */
export const CONTAINER_STATUSES = ['planned', 'loading', 'sealed', 'departed', 'arrived', 'emptied'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];
/** The statuses in which a container takes orders. */
export const LOADING_CONTAINER_STATUSES: readonly ContainerStatus[] = ['planned', 'loading'];
export const CONTAINER_SIZES = ['20ft', '40ft', '40ft_hc'] as const;
/** What each size holds, in CBM (the usable volume, not the box's inner volume): a new container's default. */
export const CONTAINER_CAPACITY: Record<(typeof CONTAINER_SIZES)[number], number> = {
  '20ft': 33,
  '40ft': 67,
  '40ft_hc': 76,
};
/** The equipment: dry van, refrigerated, open top, flat rack, tank. */
export const CONTAINER_KINDS = ['dry', 'reefer', 'open_top', 'flat_rack', 'tank'] as const;

/** The milestones a container's event may be: recorded once, copied to each order inside it. */
export const CONTAINER_MILESTONES = [
  'departed_origin',
  'arrived_destination',
  'customs_cleared',
  'delayed',
] as const;
export type ContainerMilestone = (typeof CONTAINER_MILESTONES)[number];
/** The status a container's event moves the container to. */
export const CONTAINER_MILESTONE_STATUS: Partial<Record<ContainerMilestone, ContainerStatus>> = {
  departed_origin: 'departed',
  arrived_destination: 'arrived',
};

// ---- Trade finance: loans, transactions, schedule, documents (spec sections 3, 4, 6, 7, 8; DESIGN "States") ----

export const LOAN_STATES = ['requested', 'approved', 'denied', 'repaid'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** The list tabs: "All Loans", "Previous Loans" (repaid), "Loans Denied". */
export const LOAN_TABS = ['show_all', 'previous', 'denied'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];
export const LOAN_PAYMENT_STATUSES = ['not_disbursed', 'current', 'overdue', 'paid'] as const;
export const TRANSACTION_TYPES = ['disbursement', 'repayment', 'fee'] as const;
/**
 * Extension: the lines the back office writes on a loan's transactions, by code, so that each reader
 * gets them in their language (with their values: `loan-notes` in the contract's docs); a note typed by
 * staff has none.
 */
export const LOAN_NOTE_CODES = [
  'disbursement',
  'arrangement_fee',
  'instalment',
  'instalment_and_fee',
  'late_fee',
] as const;
export type LoanNoteCode = (typeof LOAN_NOTE_CODES)[number];

/** A 6-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx, letters and digits). */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
// ---- Invoices, payments and statements (spec sections 2, 7; DESIGN "States", "Documents") ----

/** Invoice states; `posted` is issued and unpaid. Drafts are never shown to clients. */
export const INVOICE_STATES = ['draft', 'posted', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque'] as const;

/** The invoice tabs: all, unpaid (posted or partly paid), paid. Drafts are staff-only. */
export const INVOICE_FILTERS = ['show_all', 'unpaid', 'paid', 'overdue'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

// ---- Shares, warehouse settings, the staff member's profile and saved preferences (extensions) ----

/** How long a share link works (DESIGN.md "Documents"). */
export const SHARE_DAYS = 7;

/** What a share of a rendered document names; the public /invoice view shows it read-only. */
export const SHARED_RECORD_KINDS = ['invoice', 'statement', 'clearance_receipt', 'loan'] as const;
export type SharedRecordKind = (typeof SHARED_RECORD_KINDS)[number];

/** What a share link opens: a loan's document (a file) or a record the portal renders. */
export const SHARE_KINDS = ['loan_document', 'invoice', 'statement', 'clearance_receipt', 'loan'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

// ---- Quotes (extension): staff's priced answers to a quotation request ----

/** A quote's life: drafted by staff, sent, then accepted or declined by the customer, or replaced by a
 *  later version. `expired` is never stored: a sent quote past its validity answers with it. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'replaced', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_LINE_KINDS = [
  'freight',
  'origin_charges',
  'destination_charges',
  'customs',
  'insurance',
  'other',
] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];
export const QUOTE_UNITS = ['shipment', 'container', 'cbm', 'kg', 'pallet', 'document', 'item'] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
/** Incoterms 2020. */
export const INCOTERMS = [
  'EXW',
  'FCA',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
] as const;
export type Incoterm = (typeof INCOTERMS)[number];
export const QUOTE_CURRENCIES = ['USD', 'EUR', 'AED', 'CNY'] as const;
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];
/** The most lines one quote may have. */
export const QUOTE_MAX_LINES = 30;

// ---- History: who did what to a record (extension) ----

/** The records that keep a history (a request keeps its own, with its decisions). */
export const HISTORY_RECORDS = ['order', 'container', 'customer', 'loan'] as const;
export type HistoryRecord = (typeof HISTORY_RECORDS)[number];
/** What was done. */
export const HISTORY_ACTIONS = [
  'created',
  'edited',
  'cancelled',
  'delivered',
  'tracking_added',
  'tracking_corrected',
  'tracking_withdrawn',
  'loaded',
  'unloaded',
  'event',
  'invited',
  'access_disabled',
  'access_enabled',
  'two_factor_reset',
  'approved',
  'denied',
  'payment_recorded',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

// ---- Notifications in the portal (extension) ----

/**
 * What a person is told: staff of a new request; the customer that its request arrived, and of what
 * changed on its records.
 */
export const NOTIFICATION_KINDS = [
  'request_received',
  'request_sent',
  'request_approved',
  'request_rejected',
  'quote_sent',
  'quote_accepted',
  'quote_declined',
  'order_milestone',
  'loan_approved',
  'loan_denied',
  'message_received',
  'invoice_posted',
  // Reminders, written by the back office's scheduled sweep when their moment comes.
  'quote_expiring',
  'instalment_due',
  'instalment_overdue',
  'invoice_overdue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** What a customer's accounts are told of. */
export const CUSTOMER_NOTIFICATION_KINDS = [
  'request_sent',
  'request_approved',
  'request_rejected',
  'quote_sent',
  'quote_expiring',
  'order_milestone',
  'loan_approved',
  'loan_denied',
  'instalment_due',
  'instalment_overdue',
  'invoice_posted',
  'invoice_overdue',
  'message_received',
] as const satisfies readonly NotificationKind[];
/** What staff are told of. */
export const STAFF_NOTIFICATION_KINDS = [
  'request_received',
  'quote_accepted',
  'quote_declined',
  'message_received',
] as const satisfies readonly NotificationKind[];
/** Days before a quote's last valid day that its customer is reminded. */
export const QUOTE_EXPIRING_DAYS = 3;
/** Days before an instalment's due date that the borrower is reminded. */
export const INSTALMENT_DUE_DAYS = 7;
/**
 * How a person hears of a kind of notification: in the portal only, also by e-mail at once, or also in
 * one e-mail a day gathering them (the digest). Without a choice: by e-mail.
 */
export const NOTIFICATION_CHANNELS = ['portal', 'email', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The records a notification links to. */
export const NOTIFICATION_RECORDS = ['request', 'quote', 'order', 'loan', 'invoice'] as const;
/** Extension: the records that have a conversation between the customer and staff. */
export const MESSAGE_RECORDS = ['request', 'quote', 'order', 'loan', 'invoice'] as const;
export type MessageRecord = (typeof MESSAGE_RECORDS)[number];
/** The longest message, in characters. */
export const MESSAGE_MAX = 4000;
export type NotificationRecord = (typeof NOTIFICATION_RECORDS)[number];
