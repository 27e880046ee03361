/** Shipping orders: listing with tabs, one order with its documents and timeline, the dashboard figures. */
import { CATEGORIES, CATEGORY_NAMES, type Category, type ContainerType, type Origin } from '../app/catalog';
import {
  IN_PROGRESS_STATUSES,
  ORDER_FILTERS,
  ORDER_STATUSES,
  STALE_ORDER_DAYS,
  type ORDER_INVOICE_STATUSES,
  type OrderAttention,
  type OrderFilter,
  type OrderStatus,
  type ShippingOrder,
  type ShippingOrderDetail,
} from '@contract';
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { EVERY_CUSTOMER, type OrderScope } from './access';
import type { CheckedAttachment } from './attachments';
import { roundCbm } from './containers';
import { inTransaction, type Database } from './data/database';
import type { Tables } from './data/schema';
import { searchWhere } from './lists';
import { allocateNumber, fromCents } from './numbers';
import type { StoredAttachment } from './requests';
import { listTracking } from './tracking';
import { fullName } from './users';

export type InvoiceStatus = (typeof ORDER_INVOICE_STATUSES)[number];
type OrderCounts = Record<OrderFilter, number>;

export interface NewShippingOrder {
  partnerId: number;
  requestId: number | null;
  status: OrderStatus;
  category: Category;
  containerType: ContainerType;
  cbm: number;
  origin: Origin;
  supplierId: number | null;
  shippingMark: string | null;
  invoiceStatus: InvoiceStatus;
  totalInvoiceCents: number;
  loanId: number | null;
  containerId: number | null;
  /** YYYY-MM-DD */
  expectedArrival: string | null;
}

export interface OrderListFilter {
  /** The caller's scope (access.ts `orderScope`): null for every order. */
  scope: OrderScope;
  /** The `partner_id` filter; outside the scope, nothing matches. */
  partnerId?: number;
  tab: OrderFilter;
  status?: OrderStatus;
  origin?: Origin;
  /** The orders this driver delivers. */
  driverId?: number;
  /** The orders that need staff, as of `now`. */
  attention?: OrderAttention;
  now?: Date;
  search?: string;
  limit: number;
  offset: number;
}

/** The tables of an order list's queries, by their aliases. */
type OrderTables = Tables & { o: Tables['shipping_orders']; p: Tables['partners'] };

// Suppliers, loans and containers come by JOIN, the location by a subquery on the timeline's index:
// a page of orders is one query, however long it is.
function orderSelect(db: Database) {
  return db
    .selectFrom('shipping_orders as o')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .leftJoin('suppliers as s', 's.id', 'o.supplier_id')
    .leftJoin('loans as l', 'l.id', 'o.loan_id')
    .leftJoin('containers as c', 'c.id', 'o.container_id')
    .leftJoin('drivers as d', 'd.id', 'o.driver_id')
    .leftJoin('users as hu', 'hu.id', 'o.handler_user_id')
    .leftJoin('users as cu', 'cu.id', 'o.cancelled_by_user_id')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.partner_id',
      'p.name as partner_name',
      'p.phone as partner_phone',
      'p.email as partner_email',
      'o.request_id',
      'o.status',
      'o.category',
      'o.container_type',
      'o.cbm',
      'o.origin',
      // Where staff said the goods are, until the next event; else the latest standing event's place.
      eb.fn
        .coalesce(
          'o.location',
          eb
            .selectFrom('shipment_tracking as t')
            .select('t.place')
            .whereRef('t.shipping_order_id', '=', 'o.id')
            .where('t.withdrawn_at', 'is', null)
            .orderBy('t.event_time', 'desc')
            .orderBy('t.id', 'desc')
            .limit(1),
        )
        .as('location'),
      's.id as supplier_id',
      's.name as supplier_name',
      's.phone as supplier_phone',
      's.email as supplier_email',
      's.address as supplier_address',
      'o.shipping_mark',
      'o.invoice_status',
      'o.total_invoice_cents',
      'o.currency',
      'o.loan_id',
      'l.name as loan_name',
      'o.container_id',
      'c.name as container_name',
      'o.expected_arrival',
      'o.created_at',
      'o.updated_at',
      // When the clearance receipt was issued (the order's first clearance); null before.
      'o.receipt_issued_at',
      'o.receipt_partner_name',
      'o.receipt_partner_phone',
      'o.receipt_partner_email',
      'o.driver_id',
      'd.name as driver_name',
      'o.delivery_date',
      'o.received_by',
      'o.handler_user_id',
      'hu.first_name as handler_first_name',
      'hu.last_name as handler_last_name',
      'o.cancel_reason',
      'o.cancelled_at',
      'cu.first_name as canceller_first_name',
      'cu.last_name as canceller_last_name',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderSelect>['executeTakeFirstOrThrow']>>;

function toShippingOrder(row: OrderRow): ShippingOrder {
  return {
    id: row.id,
    name: row.name,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    partner_phone: row.partner_phone,
    partner_email: row.partner_email,
    request_id: row.request_id,
    status: row.status as OrderStatus,
    category: row.category as Category,
    container_type: row.container_type as ContainerType,
    cbm: row.cbm,
    origin: row.origin as Origin,
    location: row.location,
    supplier:
      row.supplier_id === null
        ? null
        : {
            id: row.supplier_id,
            name: row.supplier_name ?? '',
            phone: row.supplier_phone,
            email: row.supplier_email,
            address: row.supplier_address,
          },
    shipping_mark: row.shipping_mark,
    invoice_status: row.invoice_status as InvoiceStatus,
    total_invoice: fromCents(row.total_invoice_cents),
    currency: row.currency,
    loan_id: row.loan_id,
    loan_name: row.loan_name,
    container_id: row.container_id,
    container_name: row.container_name,
    expected_arrival: row.expected_arrival,
    created_at: row.created_at,
    updated_at: row.updated_at,
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    delivery_date: row.delivery_date,
    // Who received the goods stands only while the order is delivered (its Delivered event may be withdrawn).
    received_by: row.status === 'delivered' ? row.received_by : null,
    handler_id: row.handler_user_id,
    handler_name:
      row.handler_first_name === null ? null : fullName(row.handler_first_name, row.handler_last_name),
    cancel_reason: row.cancel_reason,
    cancelled_at: row.cancelled_at,
    cancelled_by:
      row.canceller_first_name === null ? null : fullName(row.canceller_first_name, row.canceller_last_name),
  };
}

const orderWhere = expressionBuilder<OrderTables, 'o' | 'p'>();

/** Each tab as a condition on `o` (DESIGN "States"): In Progress is Confirmed to Cleared; null for all. */
const TAB_CONDITIONS: Record<OrderFilter, Expression<SqlBool> | null> = {
  show_all: null,
  in_progress: orderWhere('o.status', 'in', IN_PROGRESS_STATUSES),
  completed: orderWhere('o.status', '=', 'delivered'),
  financed: orderWhere('o.loan_id', 'is not', null),
};

/** The orders of a scope, as a condition on `o`; null for every order. */
export function orderScopeWhere(scope: OrderScope): Expression<SqlBool> | null {
  if (scope === null) return null;
  if (typeof scope === 'number') return orderWhere('o.partner_id', '=', scope);
  return orderWhere.or([
    orderWhere('o.origin', '=', scope.origin),
    orderWhere('o.handler_user_id', '=', scope.handlerId),
  ]);
}

/** The orders that need staff, as a condition on `o` (ORDER_ATTENTION). */
function attentionWhere(attention: OrderAttention, now: Date): Expression<SqlBool> {
  if (attention === 'delivery_today') {
    return orderWhere.and([
      orderWhere('o.delivery_date', '=', now.toISOString().slice(0, 10)),
      orderWhere('o.status', 'not in', ['delivered', 'cancelled']),
    ]);
  }
  // Under way, older than the period, and no event that stands within it.
  const since = new Date(now.getTime() - STALE_ORDER_DAYS * 24 * 3600 * 1000).toISOString();
  return orderWhere.and([
    orderWhere('o.status', 'in', IN_PROGRESS_STATUSES),
    orderWhere('o.created_at', '<', since),
    orderWhere.not(
      orderWhere.exists(
        orderWhere
          .selectFrom('shipment_tracking as t')
          .select('t.id')
          .whereRef('t.shipping_order_id', '=', 'o.id')
          .where('t.withdrawn_at', 'is', null)
          .where('t.event_time', '>=', since),
      ),
    ),
  ]);
}

/** The categories whose identifier or English name contain the text, ignoring case. */
function categoriesMatching(text: string): Category[] {
  const search = text.toLowerCase();
  return CATEGORIES.filter(
    (category) => category.includes(search) || CATEGORY_NAMES[category].toLowerCase().includes(search),
  );
}

/** The conditions of a list on `o` and `p`, every filter but the tab (the counts are per tab). */
function listConditions(filter: OrderListFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const inScope = orderScopeWhere(filter.scope);
  if (inScope) conditions.push(inScope);
  if (filter.partnerId !== undefined) conditions.push(orderWhere('o.partner_id', '=', filter.partnerId));
  if (filter.status) conditions.push(orderWhere('o.status', '=', filter.status));
  if (filter.origin) conditions.push(orderWhere('o.origin', '=', filter.origin));
  if (filter.driverId !== undefined) conditions.push(orderWhere('o.driver_id', '=', filter.driverId));
  if (filter.attention) conditions.push(attentionWhere(filter.attention, filter.now ?? new Date()));
  if (filter.search) {
    const search = searchWhere(['o.name', 'o.shipping_mark', 'p.name'], filter.search);
    const categories = categoriesMatching(filter.search);
    conditions.push(
      categories.length === 0 ? search : orderWhere.or([search, orderWhere('o.category', 'in', categories)]),
    );
  }
  return conditions;
}

/** The orders and their customers, with these conditions. */
function matchingOrders(db: Database, conditions: readonly (Expression<SqlBool> | null)[]) {
  let query = db.selectFrom('shipping_orders as o').innerJoin('partners as p', 'p.id', 'o.partner_id');
  for (const condition of conditions) if (condition) query = query.where(condition);
  return query;
}

/**
 * One page of orders, newest first, how many match in all (`total`) and how many each tab would
 * show (`counts`, for the same search, scope and filters). The counts are one grouped query, and
 * `total` is the chosen tab's count; the page is picked by id first, so that the joins and the
 * location are worked out for its rows only.
 */
export async function listShippingOrders(
  db: Database,
  filter: OrderListFilter,
): Promise<{ orders: ShippingOrder[]; total: number; counts: OrderCounts }> {
  const conditions = listConditions(filter);
  const counted = await matchingOrders(db, conditions)
    .select((eb) =>
      ORDER_FILTERS.map((tab) => {
        const condition = TAB_CONDITIONS[tab];
        const count = eb.fn.countAll<number>();
        return (condition ? count.filterWhere(condition) : count).as(tab);
      }),
    )
    .executeTakeFirstOrThrow();
  const counts = Object.fromEntries(ORDER_FILTERS.map((tab) => [tab, Number(counted[tab])])) as OrderCounts;
  const page = matchingOrders(db, [...conditions, TAB_CONDITIONS[filter.tab]])
    .select('o.id')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset);
  const rows = await orderSelect(db)
    .where('o.id', 'in', page)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  return { orders: rows.map(toShippingOrder), total: counts[filter.tab], counts };
}

/**
 * One order with its documents (without their content) and its timeline, oldest first; null when there
 * is no such order in the scope.
 */
export async function findShippingOrder(
  db: Database,
  scope: OrderScope,
  id: number,
): Promise<ShippingOrderDetail | null> {
  let query = orderSelect(db).where('o.id', '=', id);
  const inScope = orderScopeWhere(scope);
  if (inScope) query = query.where(inScope);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const documents = await db
    .selectFrom('order_documents')
    .select(['id', 'filename', 'mimetype', 'size'])
    .where('shipping_order_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    ...toShippingOrder(row),
    documents,
    // The order is in the scope (found above): its whole timeline is.
    tracking: await listTracking(db, EVERY_CUSTOMER, id),
    receipt_issued_at: row.receipt_issued_at,
    receipt_consignee:
      row.receipt_issued_at && row.receipt_partner_name !== null
        ? {
            name: row.receipt_partner_name,
            phone: row.receipt_partner_phone,
            email: row.receipt_partner_email,
          }
        : null,
  };
}

/** The partner an order belongs to, or null when there is no such order in the scope. */
export async function orderPartner(db: Database, scope: OrderScope, id: number): Promise<number | null> {
  let query = db.selectFrom('shipping_orders as o').select('o.partner_id').where('o.id', '=', id);
  const inScope = orderScopeWhere(scope);
  if (inScope) query = query.where(inScope);
  return (await query.executeTakeFirst())?.partner_id ?? null;
}

/** One document of one order, or null when there is no such document of an order in the scope. */
export async function findOrderDocument(
  db: Database,
  scope: OrderScope,
  orderId: number,
  documentId: number,
): Promise<StoredAttachment | null> {
  let query = db
    .selectFrom('order_documents as d')
    .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
    .select(['d.filename', 'd.mimetype', 'd.data'])
    .where('d.id', '=', documentId)
    .where('d.shipping_order_id', '=', orderId);
  const inScope = orderScopeWhere(scope);
  if (inScope) query = query.where(inScope);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Inserts an order with the next number of the year (SO-YYYY-NNNN), in one transaction (the caller's,
 * when it is in one), so that a failed insert gives its number back. Returns its id.
 */
export async function insertShippingOrder(db: Database, order: NewShippingOrder, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('shipping_orders')
      .values({
        name: await allocateNumber(trx, 'SO', now),
        partner_id: order.partnerId,
        request_id: order.requestId,
        status: order.status,
        category: order.category,
        container_type: order.containerType,
        cbm: order.cbm,
        origin: order.origin,
        supplier_id: order.supplierId,
        shipping_mark: order.shippingMark,
        invoice_status: order.invoiceStatus,
        total_invoice_cents: order.totalInvoiceCents,
        currency: 'USD',
        loan_id: order.loanId,
        container_id: order.containerId,
        expected_arrival: order.expectedArrival,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function addOrderDocument(
  db: Database,
  orderId: number,
  file: CheckedAttachment,
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('order_documents')
    .values({
      shipping_order_id: orderId,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.data.length,
      data: file.data,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface OrderFromRequest {
  requestId: number;
  category: Category;
  containerType: ContainerType;
  cbm: number;
  origin: Origin;
  supplierId: number | null;
  shippingMark: string | null;
}

export type OrderFromRequestOutcome =
  { id: number } | 'not_found' | 'not_approved' | 'has_order' | 'unknown_supplier';

/**
 * Makes a confirmed order of an approved request, for the request's customer, and links the request
 * to it; checked and written in one transaction, so a request never gets two orders.
 */
export async function createOrderFromRequest(
  db: Database,
  input: OrderFromRequest,
  now: Date,
): Promise<OrderFromRequestOutcome> {
  return inTransaction(db, async (trx): Promise<OrderFromRequestOutcome> => {
    // Writing the request's row (to itself) locks it until the transaction ends (PostgreSQL; SQLite
    // writes one transaction at a time): a second conversion of it waits, then sees the first's order.
    const request = await trx
      .updateTable('shipping_requests')
      .set((eb) => ({ shipping_order_id: eb.ref('shipping_order_id') }))
      .where('id', '=', input.requestId)
      .returning(['partner_id', 'status', 'shipping_order_id'])
      .executeTakeFirst();
    if (!request) return 'not_found';
    if (request.status !== 'approved') return 'not_approved';
    if (request.shipping_order_id !== null) return 'has_order';
    if (
      input.supplierId !== null &&
      !(await trx.selectFrom('suppliers').select('id').where('id', '=', input.supplierId).executeTakeFirst())
    )
      return 'unknown_supplier';
    const id = await insertShippingOrder(
      trx,
      {
        ...input,
        partnerId: request.partner_id,
        status: 'confirmed',
        invoiceStatus: 'not_invoiced',
        totalInvoiceCents: 0,
        loanId: null,
        containerId: null,
        expectedArrival: null,
      },
      now,
    );
    await trx
      .updateTable('shipping_requests')
      .set({ shipping_order_id: id })
      .where('id', '=', input.requestId)
      .execute();
    return { id };
  });
}

export interface OrderSummary {
  by_status: Record<OrderStatus, number>;
  financed: number;
  total_cbm_in_progress: number;
}

/** The dashboard's order figures in a scope (null: every order), from one grouped query. */
export async function orderSummary(db: Database, scope: OrderScope): Promise<OrderSummary> {
  let query = db
    .selectFrom('shipping_orders as o')
    .select((eb) => [
      'o.status',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.countAll<number>().filterWhere('o.loan_id', 'is not', null).as('financed'),
      eb.fn.coalesce(eb.fn.sum<number | null>('o.cbm'), eb.lit(0)).as('cbm'),
    ])
    .groupBy('o.status');
  const inScope = orderScopeWhere(scope);
  if (inScope) query = query.where(inScope);
  const rows = await query.execute();
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let financed = 0;
  let cbmInProgress = 0;
  for (const row of rows) {
    const status = row.status as OrderStatus;
    byStatus[status] = Number(row.orders);
    financed += Number(row.financed);
    if (IN_PROGRESS_STATUSES.includes(status)) cbmInProgress += Number(row.cbm);
  }
  return { by_status: byStatus, financed, total_cbm_in_progress: roundCbm(cbmInProgress) };
}
