/**
 * The tables as the migrations leave them (`migrations/`), for typed queries. Update with each migration.
 * Flags are 0/1 integers, dates ISO 8601 text, money integer cents, on both engines.
 */
import type { Generated } from 'kysely';

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  country: string | null;
  company_name: string | null;
  referral_code: string;
  referred_by_code: string | null;
  is_staff: Generated<number>;
  created_at: string;
  image: Buffer | null;
  image_mimetype: string | null;
  national_id: string | null;
  gender: string | null;
  date_of_birth: string | null;
  client_type: string | null;
  business_industry: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: Generated<string>;
  partner_id: number;
  user_image: string | null;
  active: Generated<number>;
  created_at: string;
  phone: string | null;
  language: string | null;
  appearance_json: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_counter: number | null;
  /** Migration 0012: the last invitation staff sent, and when the owner set a password after one. */
  invited_at: string | null;
  password_set_at: string | null;
  /** Migration 0019: the person's own picture, its type, and how many times one was uploaded. */
  picture: Buffer | null;
  picture_mimetype: string | null;
  picture_version: Generated<number>;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ShippingRequestsTable {
  id: Generated<number>;
  partner_id: number;
  email_from: string;
  name: string;
  service: string | null;
  description: Generated<string>;
  expected_revenue: Generated<number>;
  status: Generated<string>;
  staff_note: string | null;
  reviewed_by_user_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  shipping_order_id: number | null;
  loan_id: number | null;
  origin: string | null;
  /** Migration 0004: where a quotation request's goods go, when the form asked. */
  destination: Generated<string | null>;
  /** Migration 0007: when the customer withdrew it (it stays pending underneath). */
  withdrawn_at: string | null;
  /** Migration 0020: a detailed request's choices as codes; all three or none. */
  category: Generated<string | null>;
  container_type: Generated<string | null>;
  cbm: Generated<number | null>;
}

/** Migration 0008: what happened to a request after it was sent. */
export interface RequestEventsTable {
  id: Generated<number>;
  request_id: number;
  kind: string;
  note: string | null;
  user_id: number | null;
  created_at: string;
}

export interface RequestAttachmentsTable {
  id: Generated<number>;
  request_id: number;
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  location: string | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface DriversTable {
  id: Generated<number>;
  name: string;
  phone: string;
  licence_number: string;
  vehicle_plate: string | null;
  origin: string | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ContainersTable {
  id: Generated<number>;
  name: string;
  size: string;
  capacity_cbm: number;
  status: Generated<string>;
  origin: string;
  destination: string;
  departure_date: string | null;
  created_at: string;
  /** Migration 0011: the equipment, the sailing, the arrival and the last change. */
  kind: Generated<string>;
  vessel: string | null;
  voyage: string | null;
  arrival_date: string | null;
  updated_at: string | null;
}

/** Migration 0014: what a person is told in the portal. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  record_type: string;
  record_id: number;
  /** JSON: what the text names (an order's number, a milestone). */
  params: string | null;
  read_at: string | null;
  created_at: string;
  /** Migration 0017: the digest mail that gathered it. */
  digest_mail_id: number | null;
  /** Migration 0017: a reminder's key (one per person and thing reminded of). */
  dedupe_key: string | null;
}

/** Migration 0017: how a person wants to hear of a kind of notification (none kept: by e-mail). */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: 'portal' | 'email' | 'digest';
}

/** Migration 0017: the mails to send, written in the transaction of what they tell. */
export interface MailQueueTable {
  id: Generated<number>;
  user_id: number;
  notification_id: number | null;
  /** A digest's day (YYYY-MM-DD); null for a mail of one notification. */
  digest_date: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Migration 0018: a file attached to a message. */
export interface MessageAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

/** Migration 0017: when each scheduled job last ran. */
export interface JobRunsTable {
  name: string;
  last_run_at: string;
}

/** Migration 0013: who did what to a record, and what changed. */
export interface AuditEventsTable {
  id: Generated<number>;
  record_type: string;
  record_id: number;
  action: string;
  /** JSON: {field: [before, after]} */
  changes: string | null;
  note: string | null;
  user_id: number | null;
  customer_visible: Generated<number>;
  created_at: string;
}

/** Migration 0011: a container's event, copied to the timeline of each order inside it. */
export interface ContainerEventsTable {
  id: Generated<number>;
  container_id: number;
  milestone: string;
  place: string;
  event_time: string;
  note: string | null;
  created_by_user_id: number | null;
  created_at: string;
}

export interface LoansTable {
  id: Generated<number>;
  name: string;
  partner_id: number;
  request_id: number | null;
  state: Generated<string>;
  principal_cents: number;
  currency: Generated<string>;
  interest_rate: number;
  term_months: number;
  issue_date: string | null;
  /** The first instalment's date; null: a month after the issue date. */
  first_due_date: string | null;
  due_date: string | null;
  staff_note: string | null;
  decided_by_user_id: number | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoanTransactionsTable {
  id: Generated<number>;
  loan_id: number;
  type: string;
  amount_cents: number;
  date: string;
  reference: string | null;
  note: string | null;
  /** What the back office wrote, as a code (loanNotes.ts); null for a note typed by staff. */
  note_code: string | null;
  /** JSON: the values of the coded note. */
  note_params: string | null;
  created_at: string;
}

export interface LoanDocumentsTable {
  id: Generated<number>;
  loan_id: number;
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
  created_at: string;
}

export interface ShippingOrdersTable {
  id: Generated<number>;
  name: string;
  partner_id: number;
  request_id: number | null;
  status: Generated<string>;
  category: string;
  container_type: string;
  cbm: number;
  origin: string;
  supplier_id: number | null;
  shipping_mark: string | null;
  invoice_status: Generated<string>;
  total_invoice_cents: Generated<number>;
  currency: Generated<string>;
  loan_id: number | null;
  container_id: number | null;
  expected_arrival: string | null;
  created_at: string;
  updated_at: string;
  receipt_issued_at: string | null;
  /** The consignee as the clearance receipt was issued (the customer then); null before. */
  receipt_partner_name: string | null;
  receipt_partner_phone: string | null;
  receipt_partner_email: string | null;
  driver_id: Generated<number | null>;
  /** The day the driver is to deliver (YYYY-MM-DD), and who received the goods once delivered. */
  delivery_date: Generated<string | null>;
  received_by: Generated<string | null>;
  /** The staff member handling the order: they see it whatever their warehouse. */
  handler_user_id: Generated<number | null>;
  /** Where staff said the goods are; cleared by the next tracking event (whose place then tells). */
  location: Generated<string | null>;
  cancel_reason: Generated<string | null>;
  cancelled_at: Generated<string | null>;
  cancelled_by_user_id: Generated<number | null>;
}

export interface ShipmentTrackingTable {
  id: Generated<number>;
  shipping_order_id: number;
  milestone: string;
  place: string;
  event_time: string;
  note: string | null;
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
  /** Migration 0009: withdrawn by staff (kept, struck through). */
  withdrawn_at: string | null;
  withdrawn_by_user_id: number | null;
  /** Migration 0009: the order's status before this event (null for the events before it). */
  status_before: string | null;
  /** Migration 0011: the container event this one is a copy of. */
  container_event_id: number | null;
}

export interface OrderDocumentsTable {
  id: Generated<number>;
  shipping_order_id: number;
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
  created_at: string;
}

export interface NumberSequencesTable {
  stem: string;
  last: number;
}

export interface StaffWarehousesTable {
  user_id: number;
  name: string;
  address: string;
  origin: string;
  opening_hours: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  updated_at: string;
}

export interface LoginThrottleTable {
  email: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface InvoicesTable {
  id: Generated<number>;
  name: string;
  partner_id: number;
  shipping_order_id: number | null;
  state: Generated<string>;
  invoice_date: string;
  due_date: string;
  currency: Generated<string>;
  amount_untaxed_cents: number;
  amount_tax_cents: number;
  amount_total_cents: number;
  created_at: string;
  updated_at: string;
  billed_name: string | null;
  billed_email: string | null;
  billed_phone: string | null;
  billed_street: string | null;
  billed_city: string | null;
  billed_country: string | null;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  description: string;
  quantity: number;
  unit_price_cents: number;
  tax_rate: Generated<number>;
  subtotal_cents: number;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  name: string;
  date: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  created_at: string;
}

export interface SharesTable {
  id: Generated<number>;
  token_hash: string;
  kind: string;
  target_id: number;
  sub_id: number | null;
  params_json: string | null;
  created_by_user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by_user_id: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  call: string;
  fingerprint: string;
  status: number;
  answer: string;
  created_at: string;
}

export interface TwoFactorFailuresTable {
  user_id: number;
  failures: number;
  window_start: string;
}

export interface AccountMailsTable {
  id: Generated<number>;
  email: string;
  sent_at: string;
}

export interface DemoStatesTable {
  user_id: number;
  state_json: string;
  version: number;
  updated_at: string;
}

export interface AddressThrottlesTable {
  scope: string;
  key: string;
  failures: number;
  window_ends_at: string;
}

export interface QuotesTable {
  id: Generated<number>;
  name: string;
  version: number;
  request_id: number;
  partner_id: number;
  status: string;
  currency: string;
  valid_until: string;
  transit_days: number | null;
  incoterm: string | null;
  notes: string | null;
  category: string;
  container_type: string;
  cbm: number;
  origin: string;
  total_cents: number;
  decline_reason: string | null;
  shipping_order_id: number | null;
  created_by_user_id: number | null;
  sent_by_user_id: number | null;
  decided_by_user_id: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  decided_at: string | null;
}

export interface FinanceApplicationsTable {
  request_id: number;
  amount_cents: number;
  currency: string;
  tenor_months: number;
  purpose: string;
  supplier_name: string;
  supplier_country: string;
}

export interface FinanceApplicationOrdersTable {
  request_id: number;
  shipping_order_id: number;
}

export interface RatesTable {
  id: Generated<number>;
  origin: string;
  destination: string;
  container_type: string;
  price_cents: number;
  minimum_cents: number;
  currency: string;
  valid_from: string;
  valid_to: string;
  created_at: string;
  updated_at: string;
}

export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  kind: string;
  description: string;
  quantity: number;
  unit: string;
  unit_price_cents: number;
}

export interface MessagesTable {
  id: Generated<number>;
  record_type: string;
  record_id: number;
  /** The record's number or name when the message was written (records keep theirs). */
  record_name: string;
  partner_id: number;
  author_id: number | null;
  author_name: string;
  by_staff: number;
  internal: number;
  body: string;
  created_at: string;
}

export interface MessageReadsTable {
  user_id: number;
  record_type: string;
  record_id: number;
  /** The newest message of the conversation the person has read. */
  last_read_id: number;
}

export interface Tables {
  partners: PartnersTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  shipping_requests: ShippingRequestsTable;
  request_attachments: RequestAttachmentsTable;
  suppliers: SuppliersTable;
  drivers: DriversTable;
  containers: ContainersTable;
  container_events: ContainerEventsTable;
  audit_events: AuditEventsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  mail_queue: MailQueueTable;
  job_runs: JobRunsTable;
  message_attachments: MessageAttachmentsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  loans: LoansTable;
  request_events: RequestEventsTable;
  loan_transactions: LoanTransactionsTable;
  loan_documents: LoanDocumentsTable;
  shipping_orders: ShippingOrdersTable;
  shipment_tracking: ShipmentTrackingTable;
  order_documents: OrderDocumentsTable;
  number_sequences: NumberSequencesTable;
  staff_warehouses: StaffWarehousesTable;
  login_throttle: LoginThrottleTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  shares: SharesTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  idempotency_keys: IdempotencyKeysTable;
  two_factor_failures: TwoFactorFailuresTable;
  account_mails: AccountMailsTable;
  demo_states: DemoStatesTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  rates: RatesTable;
  finance_applications: FinanceApplicationsTable;
  finance_application_orders: FinanceApplicationOrdersTable;
  address_throttles: AddressThrottlesTable;
}
