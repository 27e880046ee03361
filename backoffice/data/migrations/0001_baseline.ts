/**
 * The whole schema as it stood when the back office moved to Kysely (migrations 0001–0016 of the
 * SQLite-only runner folded into one), written once for both engines. Differences between SQLite and
 * PostgreSQL are in `dialect.ts` (key columns, binary columns, JSON checks), nowhere else.
 */
import { sql, type Kysely } from 'kysely';
import { schemaTypes } from '../dialect';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${list(values)})`;
const flag = (column: string) => sql`${sql.ref(column)} in (0, 1)`;

// The values as they were when this migration was written (a later change is a later migration).
const ORIGINS = ['china', 'dubai', 'vietnam', 'india'];
const SHIPPING_ORDER_STATUSES = ['draft', 'confirmed', 'in_transit', 'arrived', 'cleared', 'delivered', 'cancelled'];
const CATEGORIES = [
  'automotive_parts',
  'cosmetics_personal_care',
  'medical_supplies',
  'electronics_accessories',
  'eyewear_watches',
  'stationery_office_supplies',
  'machinery_industrial_equipment',
  'footwear',
  'jewelry_accessories',
  'sports_fitness_equipment',
  'toys_games',
  'agricultural_products',
  'furniture_home_decor',
  'books_educational_materials',
  'clothing_apparel',
  'home_bathroom_fixtures',
  'childrens_fashion',
  'building_construction_material',
  'food_beverages',
  'other',
];
const MILESTONES = [
  'booking_confirmed',
  'cargo_received',
  'container_loaded',
  'departed_origin',
  'arrived_destination',
  'customs_cleared',
  'out_for_delivery',
  'delivered',
  'delayed',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const t = schemaTypes(db);
  const s = db.schema;

  await s
    .createTable('partners')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('company_name', 'text')
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by_code', 'text')
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0).check(flag('is_staff')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('image', t.binary)
    .addColumn('image_mimetype', 'text')
    .addColumn('national_id', 'text')
    .addColumn('gender', 'text', (c) => c.check(oneOf('gender', ['male', 'female'])))
    .addColumn('date_of_birth', 'text')
    .addColumn('client_type', 'text', (c) => c.check(oneOf('client_type', ['individual', 'company'])))
    .addColumn('business_industry', 'text')
    .execute();

  await s
    .createTable('users')
    .addColumn('id', 'integer', t.id)
    .addColumn('email', 'text', (c) => t.caseInsensitive(c.notNull()))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('user_image', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(flag('active')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (c) => c.check(oneOf('language', ['en', 'fr', 'ar', 'zh'])))
    .addColumn('appearance_json', 'text', (c) => c.check(t.jsonObjectOrNull('appearance_json')))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('totp_last_counter', 'integer')
    .execute();
  // One account per address whatever its case.
  await t.uniqueFolded('users_email', 'users', 'email');
  await s.createIndex('users_partner_id').on('users').column('partner_id').execute();

  await s
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => t.caseInsensitive(c.notNull()))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute();

  await s
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .execute();
  await s.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await s
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', t.id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await s.createIndex('password_reset_tokens_user_id').on('password_reset_tokens').column('user_id').execute();

  // shipping_requests.loan_id and loans.request_id point at each other: the first reference is added
  // once both tables exist (t.addLateReference).
  await s
    .createTable('shipping_requests')
    .addColumn('id', 'integer', t.id)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('email_from', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expected_revenue', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(oneOf('status', ['pending', 'approved', 'rejected'])),
    )
    .addColumn('staff_note', 'text')
    .addColumn('reviewed_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('shipping_order_id', 'integer')
    .addColumn('loan_id', 'integer', t.lateReference('loans.id'))
    .addColumn('origin', 'text', (c) => c.check(oneOf('origin', ORIGINS)))
    .execute();
  await s
    .createIndex('shipping_requests_partner_created')
    .on('shipping_requests')
    .columns(['partner_id', 'created_at'])
    .execute();
  await s
    .createIndex('shipping_requests_status_created')
    .on('shipping_requests')
    .columns(['status', 'created_at'])
    .execute();
  await s.createIndex('shipping_requests_created').on('shipping_requests').column('created_at').execute();
  await s
    .createIndex('shipping_requests_origin_created')
    .on('shipping_requests')
    .columns(['origin', 'created_at'])
    .execute();

  await s
    .createTable('request_attachments')
    .addColumn('id', 'integer', t.id)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('shipping_requests.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', t.binary, (c) => c.notNull())
    .execute();
  await s.createIndex('request_attachments_request_id').on('request_attachments').column('request_id').execute();

  await s
    .createTable('suppliers')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('location', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(flag('active')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await t.uniqueFolded('suppliers_name', 'suppliers', 'name');

  await s
    .createTable('drivers')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('licence_number', 'text', (c) => t.caseInsensitive(c.notNull()))
    .addColumn('vehicle_plate', 'text')
    .addColumn('origin', 'text', (c) => c.check(oneOf('origin', ORIGINS)))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(flag('active')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await t.uniqueFolded('drivers_licence_number', 'drivers', 'licence_number');

  await s
    .createTable('containers')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'text', (c) => c.notNull().check(oneOf('size', ['20ft', '40ft', '40ft_hc'])))
    .addColumn('capacity_cbm', 'double precision', (c) => c.notNull().check(sql`capacity_cbm > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(oneOf('status', ['open', 'closed', 'shipped', 'arrived'])),
    )
    .addColumn('origin', 'text', (c) => c.notNull().check(oneOf('origin', ORIGINS)))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('departure_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('containers_status_created').on('containers').columns(['status', 'created_at']).execute();
  await s.createIndex('containers_created').on('containers').column('created_at').execute();

  await s
    .createTable('loans')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('request_id', 'integer', (c) => c.references('shipping_requests.id'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(oneOf('state', ['requested', 'approved', 'denied', 'repaid'])),
    )
    .addColumn('principal_cents', 'integer', (c) => c.notNull().check(sql`principal_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD').check(sql`length(currency) = 3`))
    .addColumn('interest_rate', 'double precision', (c) => c.notNull().check(sql`interest_rate >= 0`))
    .addColumn('term_months', 'integer', (c) => c.notNull().check(sql`term_months between 1 and 60`))
    .addColumn('issue_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('staff_note', 'text')
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await t.addLateReference('shipping_requests', 'loan_id', 'loans.id');
  await s.createIndex('loans_partner_created').on('loans').columns(['partner_id', 'created_at']).execute();
  await s.createIndex('loans_state_created').on('loans').columns(['state', 'created_at']).execute();
  await s.createIndex('loans_created').on('loans').column('created_at').execute();
  await s.createIndex('loans_partner_state').on('loans').columns(['partner_id', 'state']).execute();
  await s
    .createIndex('loans_request')
    .on('loans')
    .unique()
    .column('request_id')
    .where(sql.ref('request_id'), 'is not', null)
    .execute();

  await s
    .createTable('loan_transactions')
    .addColumn('id', 'integer', t.id)
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ['disbursement', 'repayment', 'fee'])))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('loan_transactions_loan_date').on('loan_transactions').columns(['loan_id', 'date']).execute();

  await s
    .createTable('loan_documents')
    .addColumn('id', 'integer', t.id)
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', t.binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('loan_documents_loan_id').on('loan_documents').column('loan_id').execute();

  await s
    .createTable('shipping_orders')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('request_id', 'integer', (c) => c.references('shipping_requests.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(oneOf('status', SHIPPING_ORDER_STATUSES)),
    )
    .addColumn('category', 'text', (c) => c.notNull().check(oneOf('category', CATEGORIES)))
    .addColumn('container_type', 'text', (c) =>
      c.notNull().check(oneOf('container_type', ['full_container_load', 'groupage', 'housebill'])),
    )
    .addColumn('cbm', 'double precision', (c) => c.notNull().check(sql`cbm >= 0`))
    .addColumn('origin', 'text', (c) => c.notNull().check(oneOf('origin', ORIGINS)))
    .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id'))
    .addColumn('shipping_mark', 'text')
    .addColumn('invoice_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('not_invoiced')
        .check(
          oneOf('invoice_status', ['not_invoiced', 'draft', 'posted', 'partially_paid', 'paid', 'cancelled']),
        ),
    )
    .addColumn('total_invoice_cents', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`total_invoice_cents >= 0`),
    )
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD').check(sql`length(currency) = 3`))
    .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
    .addColumn('container_id', 'integer', (c) => c.references('containers.id'))
    .addColumn('expected_arrival', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('receipt_issued_at', 'text')
    .execute();
  for (const [name, columns] of [
    ['shipping_orders_partner_created', ['partner_id', 'created_at']],
    ['shipping_orders_partner_status', ['partner_id', 'status']],
    ['shipping_orders_status_created', ['status', 'created_at']],
    ['shipping_orders_created', ['created_at']],
    ['shipping_orders_loan_id', ['loan_id']],
    ['shipping_orders_container_id', ['container_id']],
    ['shipping_orders_request_id', ['request_id']],
    ['shipping_orders_partner_counts', ['partner_id', 'status', 'loan_id']],
  ] as const) {
    await s.createIndex(name).on('shipping_orders').columns([...columns]).execute();
  }

  await s
    .createTable('shipment_tracking')
    .addColumn('id', 'integer', t.id)
    .addColumn('shipping_order_id', 'integer', (c) =>
      c.notNull().references('shipping_orders.id').onDelete('cascade'),
    )
    .addColumn('milestone', 'text', (c) => c.notNull().check(oneOf('milestone', MILESTONES)))
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('shipment_tracking_order_time')
    .on('shipment_tracking')
    .columns(['shipping_order_id', 'event_time'])
    .execute();

  await s
    .createTable('order_documents')
    .addColumn('id', 'integer', t.id)
    .addColumn('shipping_order_id', 'integer', (c) =>
      c.notNull().references('shipping_orders.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', t.binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('order_documents_order_id').on('order_documents').column('shipping_order_id').execute();

  await s
    .createTable('number_sequences')
    .addColumn('stem', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await s
    .createTable('staff_warehouses')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().check(oneOf('origin', ORIGINS)))
    .addColumn('opening_hours', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('login_throttle')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
  await s.createIndex('login_throttle_window_start').on('login_throttle').column('window_start').execute();

  await s
    .createTable('invoices')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => t.caseInsensitive(c.notNull()))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('shipping_order_id', 'integer', (c) => c.references('shipping_orders.id'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(oneOf('state', ['draft', 'posted', 'partially_paid', 'paid', 'cancelled'])),
    )
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD').check(sql`length(currency) = 3`))
    .addColumn('amount_untaxed_cents', 'integer', (c) => c.notNull().check(sql`amount_untaxed_cents >= 0`))
    .addColumn('amount_tax_cents', 'integer', (c) => c.notNull().check(sql`amount_tax_cents >= 0`))
    .addColumn('amount_total_cents', 'integer', (c) =>
      c.notNull().check(sql`amount_total_cents = amount_untaxed_cents + amount_tax_cents`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('billed_name', 'text')
    .addColumn('billed_email', 'text')
    .addColumn('billed_phone', 'text')
    .addColumn('billed_street', 'text')
    .addColumn('billed_city', 'text')
    .addColumn('billed_country', 'text')
    .addCheckConstraint('invoices_due_after_date', sql`due_date >= invoice_date`)
    .execute();
  await t.uniqueFolded('invoices_name', 'invoices', 'name');
  await s.createIndex('invoices_partner_date').on('invoices').columns(['partner_id', 'invoice_date']).execute();
  await s.createIndex('invoices_shipping_order').on('invoices').column('shipping_order_id').execute();

  await s
    .createTable('invoice_lines')
    .addColumn('id', 'integer', t.id)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    // In percent.
    .addColumn('tax_rate', 'double precision', (c) => c.notNull().defaultTo(0).check(sql`tax_rate >= 0`))
    // quantity × unit price, untaxed.
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .execute();
  await s.createIndex('invoice_lines_invoice').on('invoice_lines').column('invoice_id').execute();

  await s
    .createTable('invoice_payments')
    .addColumn('id', 'integer', t.id)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (c) =>
      c.notNull().check(oneOf('method', ['bank_transfer', 'card', 'cash', 'cheque'])),
    )
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('invoice_payments_invoice_date').on('invoice_payments').columns(['invoice_id', 'date']).execute();

  // Shares of rendered records too: an invoice (target_id: the invoice), a customer's statement
  // (target_id: the customer; params_json: {date_from, date_to}), an order's clearance receipt, a loan.
  await s
    .createTable('shares')
    .addColumn('id', 'integer', t.id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(oneOf('kind', ['loan_document', 'invoice', 'statement', 'clearance_receipt', 'loan'])),
    )
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('sub_id', 'integer')
    .addColumn('params_json', 'text', (c) => c.check(t.jsonObjectOrNull('params_json')))
    .addColumn('created_by_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('shares_statement_params', sql`kind <> 'statement' or params_json is not null`)
    .execute();
  await s.createIndex('shares_expires').on('shares').column('expires_at').execute();
  await s.createIndex('shares_target').on('shares').columns(['kind', 'target_id', 'sub_id']).execute();
  await s.createIndex('shares_created_by').on('shares').column('created_by_user_id').execute();

  await s
    .createTable('recovery_codes')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await s.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await s
    .createTable('login_challenges')
    .addColumn('id', 'integer', t.id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await s.createIndex('login_challenges_expires').on('login_challenges').column('expires_at').execute();

  await s
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await s.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await s
    .createTable('two_factor_failures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();

  // Mails about an account sent to an address (password reset, registration), for the hourly limit per
  // address (accountMails.ts). Rows older than the hour are deleted on the next write.
  await s
    .createTable('account_mails')
    .addColumn('id', 'integer', t.id)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('account_mails_email').on('account_mails').columns(['email', 'sent_at']).execute();
}
