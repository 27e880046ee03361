/** Shipping orders: listing with tabs, one order with its documents and timeline, the dashboard figures. */
import { CATEGORIES, CATEGORY_NAMES, type Category, type ContainerType, type Origin } from '../app/catalog';
import {
  IN_PROGRESS_STATUSES,
  ORDER_FILTERS,
  ORDER_STATUSES,
  type ORDER_INVOICE_STATUSES,
  type OrderFilter,
  type OrderStatus,
  type ShippingOrder,
  type ShippingOrderDetail,
} from '@contract';
import type { CheckedAttachment } from './attachments';
import { roundCbm } from './containers';
import type { Db } from './db';
import { searchCondition } from './lists';
import { fromCents, nextNumber } from './numbers';
import type { StoredAttachment } from './requests';
import { listTracking } from './tracking';

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
  /** The caller's scope (access.ts `partnerScope`): null for every customer. */
  scope: number | null;
  /** The `partner_id` filter; outside the scope, nothing matches. */
  partnerId?: number;
  tab: OrderFilter;
  status?: OrderStatus;
  origin?: Origin;
  search?: string;
  limit: number;
  offset: number;
}

interface OrderRow {
  id: number;
  name: string;
  partner_id: number;
  partner_name: string;
  partner_phone: string | null;
  partner_email: string | null;
  request_id: number | null;
  status: OrderStatus;
  category: Category;
  container_type: ContainerType;
  cbm: number;
  origin: Origin;
  location: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  supplier_phone: string | null;
  supplier_email: string | null;
  supplier_address: string | null;
  shipping_mark: string | null;
  invoice_status: InvoiceStatus;
  total_invoice_cents: number;
  currency: string;
  loan_id: number | null;
  loan_name: string | null;
  container_id: number | null;
  container_name: string | null;
  expected_arrival: string | null;
  created_at: string;
  updated_at: string;
  /** When the clearance receipt was issued (the order's first clearance); null before. */
  receipt_issued_at: string | null;
}

// Suppliers, loans and containers come by JOIN, the location by a subquery on the timeline's index:
// a page of orders is one query, however long it is.
const ORDER_SELECT = `
  SELECT o.id, o.name, o.partner_id, p.name AS partner_name, p.phone AS partner_phone,
    p.email AS partner_email, o.request_id, o.status, o.category, o.container_type, o.cbm, o.origin,
    (SELECT t.place FROM shipment_tracking t WHERE t.shipping_order_id = o.id
      ORDER BY t.event_time DESC, t.id DESC LIMIT 1) AS location,
    s.id AS supplier_id, s.name AS supplier_name, s.phone AS supplier_phone, s.email AS supplier_email,
    s.address AS supplier_address, o.shipping_mark, o.invoice_status, o.total_invoice_cents, o.currency,
    o.loan_id, l.name AS loan_name, o.container_id, c.name AS container_name, o.expected_arrival,
    o.created_at, o.updated_at, o.receipt_issued_at
  FROM shipping_orders o
  JOIN partners p ON p.id = o.partner_id
  LEFT JOIN suppliers s ON s.id = o.supplier_id
  LEFT JOIN loans l ON l.id = o.loan_id
  LEFT JOIN containers c ON c.id = o.container_id`;

function toShippingOrder(row: OrderRow): ShippingOrder {
  return {
    id: row.id,
    name: row.name,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    partner_phone: row.partner_phone,
    partner_email: row.partner_email,
    request_id: row.request_id,
    status: row.status,
    category: row.category,
    container_type: row.container_type,
    cbm: row.cbm,
    origin: row.origin,
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
    invoice_status: row.invoice_status,
    total_invoice: fromCents(row.total_invoice_cents),
    currency: row.currency,
    loan_id: row.loan_id,
    loan_name: row.loan_name,
    container_id: row.container_id,
    container_name: row.container_name,
    expected_arrival: row.expected_arrival,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Each tab as a condition on `o` (DESIGN "States"): In Progress is Confirmed to Cleared. */
const TAB_CONDITIONS: Record<OrderFilter, string> = {
  show_all: '1',
  in_progress: `o.status IN (${sqlList(IN_PROGRESS_STATUSES)})`,
  completed: `o.status = 'delivered'`,
  financed: 'o.loan_id IS NOT NULL',
};

/** The categories whose identifier or English name contain the text, ignoring case. */
function categoriesMatching(text: string): Category[] {
  const search = text.toLowerCase();
  return CATEGORIES.filter(
    (category) => category.includes(search) || CATEGORY_NAMES[category].toLowerCase().includes(search),
  );
}

/** The WHERE of a list, every filter but the tab (the counts are per tab). */
function listConditions(filter: OrderListFilter): { conditions: string[]; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const partnerId of [filter.scope, filter.partnerId]) {
    if (partnerId === null || partnerId === undefined) continue;
    conditions.push('o.partner_id = ?');
    values.push(partnerId);
  }
  if (filter.status) {
    conditions.push('o.status = ?');
    values.push(filter.status);
  }
  if (filter.origin) {
    conditions.push('o.origin = ?');
    values.push(filter.origin);
  }
  if (filter.search) {
    const search = searchCondition(['o.name', 'o.shipping_mark', 'p.name'], filter.search);
    const categories = categoriesMatching(filter.search);
    conditions.push(
      categories.length === 0
        ? search.condition
        : `(${search.condition} OR o.category IN (${categories.map(() => '?').join(', ')}))`,
    );
    values.push(...search.values, ...categories);
  }
  return { conditions, values };
}

const where = (conditions: readonly string[]) =>
  conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

/**
 * One page of orders, newest first, how many match in all (`total`) and how many each tab would
 * show (`counts`, for the same search, scope and filters). The counts are one grouped query, and
 * `total` is the chosen tab's count; the page is picked by id first, so that the joins and the
 * location are worked out for its rows only.
 */
export function listShippingOrders(
  db: Db,
  filter: OrderListFilter,
): { orders: ShippingOrder[]; total: number; counts: OrderCounts } {
  const { conditions, values } = listConditions(filter);
  const countColumns = ORDER_FILTERS.map((tab) => `coalesce(sum(${TAB_CONDITIONS[tab]}), 0) AS ${tab}`);
  const counts = db
    .prepare(
      `SELECT ${countColumns.join(', ')}
       FROM shipping_orders o JOIN partners p ON p.id = o.partner_id ${where(conditions)}`,
    )
    .get(...values) as OrderCounts;
  const pageConditions = [...conditions, TAB_CONDITIONS[filter.tab]];
  const rows = db
    .prepare(
      `WITH page AS (
         SELECT o.id FROM shipping_orders o JOIN partners p ON p.id = o.partner_id ${where(pageConditions)}
         ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?
       )
       ${ORDER_SELECT} WHERE o.id IN (SELECT id FROM page) ORDER BY o.created_at DESC, o.id DESC`,
    )
    .all(...values, filter.limit, filter.offset) as OrderRow[];
  return { orders: rows.map(toShippingOrder), total: counts[filter.tab], counts };
}

/** One order with its documents (without their content) and its timeline, oldest first. */
export function findShippingOrder(db: Db, id: number): ShippingOrderDetail | null {
  const row = db.prepare(`${ORDER_SELECT} WHERE o.id = ?`).get(id) as OrderRow | undefined;
  if (!row) return null;
  const documents = db
    .prepare(
      'SELECT id, filename, mimetype, size FROM order_documents WHERE shipping_order_id = ? ORDER BY id',
    )
    .all(id) as ShippingOrderDetail['documents'];
  return {
    ...toShippingOrder(row),
    documents,
    tracking: listTracking(db, id),
    receipt_issued_at: row.receipt_issued_at,
  };
}

/** The partner an order belongs to (for the caller's scope check), or null when there is no such order. */
export function orderPartner(db: Db, id: number): number | null {
  const partnerId = db.prepare('SELECT partner_id FROM shipping_orders WHERE id = ?').pluck().get(id) as
    number | undefined;
  return partnerId ?? null;
}

/** One document of one order, with the order's partner (for the caller's scope check). */
export function findOrderDocument(db: Db, orderId: number, documentId: number): StoredAttachment | null {
  const row = db
    .prepare(
      `SELECT o.partner_id, d.filename, d.mimetype, d.data
       FROM order_documents d JOIN shipping_orders o ON o.id = d.shipping_order_id
       WHERE d.id = ? AND d.shipping_order_id = ?`,
    )
    .get(documentId, orderId) as
    { partner_id: number; filename: string; mimetype: string; data: Buffer } | undefined;
  return row
    ? { partnerId: row.partner_id, filename: row.filename, mimetype: row.mimetype, data: row.data }
    : null;
}

/**
 * Inserts an order with the next number of the year (SO-YYYY-NNNN). Call it in a transaction, so
 * that the number is not taken in between. Returns its id.
 */
export function insertShippingOrder(db: Db, order: NewShippingOrder, now: Date): number {
  const result = db
    .prepare(
      `INSERT INTO shipping_orders
         (name, partner_id, request_id, status, category, container_type, cbm, origin, supplier_id,
          shipping_mark, invoice_status, total_invoice_cents, currency, loan_id, container_id,
          expected_arrival, created_at, updated_at)
       VALUES (@name, @partnerId, @requestId, @status, @category, @containerType, @cbm, @origin,
         @supplierId, @shippingMark, @invoiceStatus, @totalInvoiceCents, 'USD', @loanId, @containerId,
         @expectedArrival, @now, @now)`,
    )
    .run({ ...order, name: nextNumber(db, 'SO', now), now: now.toISOString() });
  return Number(result.lastInsertRowid);
}

export function addOrderDocument(db: Db, orderId: number, file: CheckedAttachment, now: Date): number {
  const result = db
    .prepare(
      `INSERT INTO order_documents (shipping_order_id, filename, mimetype, size, data, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(orderId, file.filename, file.mimetype, file.data.length, file.data, now.toISOString());
  return Number(result.lastInsertRowid);
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
export function createOrderFromRequest(db: Db, input: OrderFromRequest, now: Date): OrderFromRequestOutcome {
  return db
    .transaction((): OrderFromRequestOutcome => {
      const request = db
        .prepare('SELECT partner_id, status, shipping_order_id FROM shipping_requests WHERE id = ?')
        .get(input.requestId) as
        { partner_id: number; status: string; shipping_order_id: number | null } | undefined;
      if (!request) return 'not_found';
      if (request.status !== 'approved') return 'not_approved';
      if (request.shipping_order_id !== null) return 'has_order';
      if (
        input.supplierId !== null &&
        !db.prepare('SELECT 1 FROM suppliers WHERE id = ?').get(input.supplierId)
      )
        return 'unknown_supplier';
      const id = insertShippingOrder(
        db,
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
      db.prepare('UPDATE shipping_requests SET shipping_order_id = ? WHERE id = ?').run(id, input.requestId);
      return { id };
    })
    .immediate();
}

export interface OrderSummary {
  by_status: Record<OrderStatus, number>;
  financed: number;
  total_cbm_in_progress: number;
}

/** The dashboard's order figures in a scope (null: every customer), from one grouped query. */
export function orderSummary(db: Db, scope: number | null): OrderSummary {
  const rows = db
    .prepare(
      `SELECT o.status, count(*) AS orders, coalesce(sum(o.loan_id IS NOT NULL), 0) AS financed,
         total(o.cbm) AS cbm
       FROM shipping_orders o ${scope === null ? '' : 'WHERE o.partner_id = ?'}
       GROUP BY o.status`,
    )
    .all(...(scope === null ? [] : [scope])) as {
    status: OrderStatus;
    orders: number;
    financed: number;
    cbm: number;
  }[];
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let financed = 0;
  let cbmInProgress = 0;
  for (const row of rows) {
    byStatus[row.status] = row.orders;
    financed += row.financed;
    if (IN_PROGRESS_STATUSES.includes(row.status)) cbmInProgress += row.cbm;
  }
  return { by_status: byStatus, financed, total_cbm_in_progress: roundCbm(cbmInProgress) };
}
