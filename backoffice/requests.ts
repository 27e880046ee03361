import {
  CATEGORIES,
  CONTAINER_TYPES,
  DESTINATIONS,
  ORIGINS,
  SERVICES,
  type Destination,
  type Origin,
  type Service,
} from '../app/catalog';
import type {
  FinanceApplication,
  RequestDetailCodes,
  RequestEvent,
  RequestEventKind,
  RequestStatus,
  ShippingRequest,
} from '@contract';
import { fromCents, toCents } from './numbers';
import { sql } from 'kysely';
import type { CheckedAttachment } from './attachments';
import type { PartnerScope } from './access';
import { notifyCustomer, notifyStaff } from './notifications';
import { inTransaction, type Database } from './data/database';
import { searchWhere } from './lists';
import { fullName } from './users';

export interface NewShippingRequest {
  partnerId: number;
  emailFrom: string;
  name: string;
  service: Service | null;
  /** Where the goods come from, when the form asked. */
  origin: Origin | null;
  /** Where they go, when the form asked (a quotation request). */
  destination?: Destination | null;
  /** A detailed request's category, container type and CBMs. */
  details?: RequestDetailCodes | null;
  /** A trade-finance request's application; its orders are checked to be the customer's. */
  finance?: FinanceApplicationValues | null;
  description: string;
  expectedRevenue: number;
  attachments: readonly CheckedAttachment[];
  /** The demo data: nobody is told. */
  quiet?: boolean;
}

export interface FinanceApplicationValues {
  amount: number;
  currency: string;
  tenorMonths: number;
  purpose: string;
  supplierName: string;
  supplierCountry: string;
  orderIds: readonly number[];
}

export interface RequestFilter {
  /** The caller's scope (access.ts `partnerScope`): null for every customer. */
  scope: PartnerScope;
  /** The `partner_id` filter; outside the scope, nothing matches. */
  partnerId?: number;
  status?: RequestStatus;
  service?: Service;
  origin?: Origin;
  /** With `origin`: also the requests whose origin is not known. */
  withUnknownOrigin?: boolean;
  search?: string;
  limit: number;
  offset: number;
}

interface AttachmentRow {
  id: number;
  request_id: number;
  filename: string;
  mimetype: string;
  size: number;
}

/** The requests with their customers and reviewers, as `r`, `p` and `u`. */
function requestsWithCustomers(db: Database) {
  return db
    .selectFrom('shipping_requests as r')
    .innerJoin('partners as p', 'p.id', 'r.partner_id')
    .leftJoin('users as u', 'u.id', 'r.reviewed_by_user_id')
    .leftJoin('loans as l', 'l.id', 'r.loan_id');
}

const REQUEST_COLUMNS = [
  'r.id',
  'r.partner_id',
  'p.name as partner_name',
  'r.email_from',
  'r.name',
  'r.service',
  'r.origin',
  'r.destination',
  'r.category',
  'r.container_type',
  'r.cbm',
  'r.description',
  'r.expected_revenue',
  'r.status',
  'r.staff_note',
  'u.first_name as reviewer_first_name',
  'u.last_name as reviewer_last_name',
  'r.reviewed_at',
  'r.created_at',
  'r.shipping_order_id',
  'r.loan_id',
  'l.name as loan_name',
  'r.withdrawn_at',
] as const;

interface RequestRow {
  id: number;
  partner_id: number;
  partner_name: string;
  email_from: string;
  name: string;
  service: string | null;
  origin: string | null;
  destination: string | null;
  category: string | null;
  container_type: string | null;
  cbm: number | null;
  description: string;
  expected_revenue: number;
  status: string;
  staff_note: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  reviewed_at: string | null;
  created_at: string;
  shipping_order_id: number | null;
  loan_id: number | null;
  loan_name: string | null;
  withdrawn_at: string | null;
}

function isService(value: string | null): value is Service {
  return (SERVICES as readonly (string | null)[]).includes(value);
}

function isOrigin(value: string | null): value is Origin {
  return (ORIGINS as readonly (string | null)[]).includes(value);
}

/** The codes of a row, when it keeps all three (and they are the catalog's). */
function detailsOf(row: Pick<RequestRow, 'category' | 'container_type' | 'cbm'>): RequestDetailCodes | null {
  const category = CATEGORIES.find((code) => code === row.category);
  const containerType = CONTAINER_TYPES.find((code) => code === row.container_type);
  if (!category || !containerType || row.cbm === null) return null;
  return { category, container_type: containerType, cbm: Number(row.cbm) };
}

/** The columns the codes are kept in (all three or none). */
function detailColumns(details: RequestDetailCodes | null | undefined) {
  return {
    category: details?.category ?? null,
    container_type: details?.container_type ?? null,
    cbm: details?.cbm ?? null,
  };
}

function toShippingRequest(
  row: RequestRow,
  attachments: AttachmentRow[],
  finance: FinanceApplication | null = null,
  history: RequestEvent[] = [],
): ShippingRequest {
  return {
    id: row.id,
    name: row.name,
    service: isService(row.service) ? row.service : null,
    origin: isOrigin(row.origin) ? row.origin : null,
    destination: (DESTINATIONS as readonly (string | null)[]).includes(row.destination)
      ? (row.destination as Destination)
      : null,
    details: detailsOf(row),
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    email_from: row.email_from,
    description: row.description,
    expected_revenue: row.expected_revenue,
    // A withdrawn request stays pending underneath (migration 0007).
    status: row.withdrawn_at ? 'withdrawn' : (row.status as RequestStatus),
    staff_note: row.staff_note,
    reviewed_by:
      row.reviewer_first_name === null ? null : fullName(row.reviewer_first_name, row.reviewer_last_name),
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
    attachments: attachments.map(({ id, filename, mimetype, size }) => ({ id, filename, mimetype, size })),
    shipping_order_id: row.shipping_order_id,
    loan_id: row.loan_id,
    loan_name: row.loan_name,
    finance,
    withdrawn_at: row.withdrawn_at,
    history,
  };
}

/** The finance applications of these requests (those that have one), by request id. */
async function applicationsOf(
  db: Database,
  requestIds: readonly number[],
): Promise<Map<number, FinanceApplication>> {
  const byRequest = new Map<number, FinanceApplication>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .selectFrom('finance_applications')
    .selectAll()
    .where('request_id', 'in', requestIds)
    .execute();
  const orders = await db
    .selectFrom('finance_application_orders as f')
    .innerJoin('shipping_orders as o', 'o.id', 'f.shipping_order_id')
    .select(['f.request_id', 'o.id', 'o.name'])
    .where('f.request_id', 'in', requestIds)
    .orderBy('o.id')
    .execute();
  for (const row of rows) {
    byRequest.set(row.request_id, {
      amount: fromCents(row.amount_cents),
      currency: row.currency,
      tenor_months: row.tenor_months,
      purpose: row.purpose,
      supplier_name: row.supplier_name,
      supplier_country: row.supplier_country,
      orders: orders
        .filter((order) => order.request_id === row.request_id)
        .map(({ id, name }) => ({ id, name })),
    });
  }
  return byRequest;
}

/**
 * Whether every order belongs to the customer (an application finances its own orders only). Orders
 * of another customer and unknown ones are told alike.
 */
export async function ordersOfCustomer(db: Database, partnerId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return true;
  const unique = [...new Set(orderIds)];
  const found = await db
    .selectFrom('shipping_orders')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('id', 'in', unique)
    .execute();
  return found.length === unique.length;
}

/** What happened to these requests after they were sent, oldest first, by request id. */
async function historiesOf(
  db: Database,
  requestIds: readonly number[],
): Promise<Map<number, RequestEvent[]>> {
  const byRequest = new Map<number, RequestEvent[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .selectFrom('request_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.request_id', 'e.kind', 'e.note', 'e.created_at', 'u.first_name', 'u.last_name'])
    .where('e.request_id', 'in', requestIds)
    .orderBy('e.request_id')
    .orderBy('e.id')
    .execute();
  for (const row of rows) {
    const event: RequestEvent = {
      kind: row.kind as RequestEventKind,
      note: row.note,
      by: row.first_name === null ? null : fullName(row.first_name, row.last_name),
      at: row.created_at,
    };
    byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), event]);
  }
  return byRequest;
}

/** One step of a request's history, written in the transaction of the change. */
export async function recordRequestEvent(
  trx: Database,
  requestId: number,
  event: { kind: RequestEventKind; note: string | null; userId: number | null },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('request_events')
    .values({
      request_id: requestId,
      kind: event.kind,
      note: event.note,
      user_id: event.userId,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The attachments (without their content) of these requests, by request id, in upload order. */
async function attachmentsOf(
  db: Database,
  requestIds: readonly number[],
): Promise<Map<number, AttachmentRow[]>> {
  const byRequest = new Map<number, AttachmentRow[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .selectFrom('request_attachments')
    .select(['id', 'request_id', 'filename', 'mimetype', 'size'])
    .where('request_id', 'in', requestIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  return byRequest;
}

/** A request's finance application and the orders it finances. */
async function insertApplication(trx: Database, requestId: number, finance: FinanceApplicationValues) {
  await trx
    .insertInto('finance_applications')
    .values({
      request_id: requestId,
      amount_cents: toCents(finance.amount),
      currency: finance.currency,
      tenor_months: finance.tenorMonths,
      purpose: finance.purpose,
      supplier_name: finance.supplierName,
      supplier_country: finance.supplierCountry,
    })
    .execute();
  const orderIds = [...new Set(finance.orderIds)];
  if (orderIds.length > 0) {
    await trx
      .insertInto('finance_application_orders')
      .values(orderIds.map((orderId) => ({ request_id: requestId, shipping_order_id: orderId })))
      .execute();
  }
}

/**
 * Stores the request and its files in one transaction (the caller's, when it is in one): all of it or
 * nothing. Returns its id.
 */
export async function createShippingRequest(
  db: Database,
  request: NewShippingRequest,
  now: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('shipping_requests')
      .values({
        partner_id: request.partnerId,
        email_from: request.emailFrom,
        name: request.name,
        service: request.service,
        origin: request.origin,
        destination: request.destination ?? null,
        ...detailColumns(request.details),
        description: request.description,
        expected_revenue: request.expectedRevenue,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (request.finance) await insertApplication(trx, id, request.finance);
    if (!request.quiet) {
      await notifyStaff(
        trx,
        { kind: 'request_received', recordType: 'request', recordId: id, params: { id } },
        now,
      );
      await notifyCustomer(
        trx,
        request.partnerId,
        { kind: 'request_sent', recordType: 'request', recordId: id, params: { id } },
        now,
      );
    }
    // One file at a time: each insert holds one file's bytes, never all of them in one statement.
    for (const file of request.attachments) {
      await trx
        .insertInto('request_attachments')
        .values({
          request_id: id,
          filename: file.filename,
          mimetype: file.mimetype,
          size: file.data.length,
          data: file.data,
        })
        .execute();
    }
    return id;
  });
}

/**
 * Stores the request and its files unless the files would take what the customer keeps past
 * `quotaBytes` ('quota_exceeded', nothing stored). Checked and stored in one transaction, the uploads
 * for one customer in turn: the customer's row is written (to itself) first, which locks it until the
 * transaction ends on PostgreSQL (SQLite writes one transaction at a time), so two uploads cannot both
 * pass the last room.
 */
export async function createShippingRequestWithinQuota(
  db: Database,
  request: NewShippingRequest,
  quotaBytes: number,
  now: Date,
): Promise<number | 'quota_exceeded'> {
  const adding = request.attachments.reduce((sum, file) => sum + file.data.length, 0);
  return inTransaction(db, async (trx) => {
    if (adding > 0) {
      await trx
        .updateTable('partners')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', request.partnerId)
        .execute();
      if ((await storedBytes(trx, request.partnerId)) + adding > quotaBytes) return 'quota_exceeded';
    }
    return createShippingRequest(trx, request, now);
  });
}

/**
 * Bytes of attachments the customer keeps, on all their requests and the messages on their records
 * (staff uploads for them included).
 */
export async function storedBytes(db: Database, partnerId: number): Promise<number> {
  const requests = await db
    .selectFrom('shipping_requests as r')
    .innerJoin('request_attachments as a', 'a.request_id', 'r.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | null>('a.size'), eb.lit(0)).as('bytes'))
    .where('r.partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('messages as m')
    .innerJoin('message_attachments as a', 'a.message_id', 'm.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | null>('a.size'), eb.lit(0)).as('bytes'))
    .where('m.partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(requests.bytes) + Number(messages.bytes);
}

/** One request with its files (without their content), or null when there is none in the scope. */
export async function findShippingRequest(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<ShippingRequest | null> {
  let query = requestsWithCustomers(db).select(REQUEST_COLUMNS).where('r.id', '=', id);
  if (scope !== null) query = query.where('r.partner_id', '=', scope);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const finance = (await applicationsOf(db, [id])).get(id) ?? null;
  const history = (await historiesOf(db, [id])).get(id) ?? [];
  return toShippingRequest(row, (await attachmentsOf(db, [id])).get(id) ?? [], finance, history);
}

/**
 * One page of requests, newest first, and how many match in all. Filtering and paging happen in
 * SQL. The search matches the id, name, description, customer name and e-mail (lists.ts
 * `searchWhere`: plain text, ignoring case).
 */
export async function listShippingRequests(
  db: Database,
  filter: RequestFilter,
): Promise<{ requests: ShippingRequest[]; total: number }> {
  let matching = requestsWithCustomers(db);
  for (const partnerId of [filter.scope, filter.partnerId]) {
    if (partnerId === null || partnerId === undefined) continue;
    matching = matching.where('r.partner_id', '=', partnerId);
  }
  if (filter.status === 'withdrawn') matching = matching.where('r.withdrawn_at', 'is not', null);
  else if (filter.status) {
    matching = matching.where('r.status', '=', filter.status).where('r.withdrawn_at', 'is', null);
  }
  if (filter.service) matching = matching.where('r.service', '=', filter.service);
  if (filter.origin) {
    const origin = filter.origin;
    matching = filter.withUnknownOrigin
      ? matching.where((eb) => eb.or([eb('r.origin', '=', origin), eb('r.origin', 'is', null)]))
      : matching.where('r.origin', '=', origin);
  }
  if (filter.search) {
    // The id as text (`cast` is spelled alike on both engines).
    const id = sql<string>`cast(r.id as text)`;
    matching = matching.where(
      searchWhere([id, 'r.name', 'r.description', 'p.name', 'r.email_from'], filter.search),
    );
  }
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select(REQUEST_COLUMNS)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const ids = rows.map((row) => row.id);
  const attachments = await attachmentsOf(db, ids);
  const applications = await applicationsOf(db, ids);
  const histories = await historiesOf(db, ids);
  return {
    requests: rows.map((row) =>
      toShippingRequest(
        row,
        attachments.get(row.id) ?? [],
        applications.get(row.id) ?? null,
        histories.get(row.id) ?? [],
      ),
    ),
    total,
  };
}

export type ReviewOutcome = 'reviewed' | 'not_found' | 'already_reviewed' | 'withdrawn';

/** Approves or rejects a pending request (not withdrawn), keeping the note, the reviewer and the time. */
export async function reviewShippingRequest(
  db: Database,
  review: {
    id: number;
    status: 'approved' | 'rejected';
    note: string | null;
    reviewerId: number;
    /** The demo data: nobody is told. */
    quiet?: boolean;
  },
  now: Date,
): Promise<ReviewOutcome> {
  return inTransaction(db, async (trx): Promise<ReviewOutcome> => {
    // Only a pending request changes: of two reviews at once, the second finds it reviewed.
    const changed = await trx
      .updateTable('shipping_requests')
      .set({
        status: review.status,
        staff_note: review.note,
        reviewed_by_user_id: review.reviewerId,
        reviewed_at: now.toISOString(),
      })
      .where('id', '=', review.id)
      .where('status', '=', 'pending')
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) {
      await recordRequestEvent(
        trx,
        review.id,
        {
          kind: review.status === 'approved' ? 'approved' : 'rejected',
          note: review.note,
          userId: review.reviewerId,
        },
        now,
      );
      if (!review.quiet) {
        const { partner_id } = await trx
          .selectFrom('shipping_requests')
          .select('partner_id')
          .where('id', '=', review.id)
          .executeTakeFirstOrThrow();
        await notifyCustomer(
          trx,
          partner_id,
          {
            kind: review.status === 'approved' ? 'request_approved' : 'request_rejected',
            recordType: 'request',
            recordId: review.id,
            params: { id: review.id },
          },
          now,
        );
      }
      return 'reviewed';
    }
    const exists = await trx
      .selectFrom('shipping_requests')
      .select(['id', 'status', 'withdrawn_at'])
      .where('id', '=', review.id)
      .executeTakeFirst();
    if (!exists) return 'not_found';
    return exists.status === 'pending' && exists.withdrawn_at !== null ? 'withdrawn' : 'already_reviewed';
  });
}

export type CustomerChangeOutcome = 'done' | 'not_found' | 'closed';

/**
 * Holds a request of the scope that is still open to its customer (pending, not withdrawn) until the
 * transaction ends, by writing its row to itself; 'closed' when it was decided or withdrawn.
 */
async function openRequest(trx: Database, scope: PartnerScope, id: number) {
  let query = trx
    .updateTable('shipping_requests')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id);
  if (scope !== null) query = query.where('partner_id', '=', scope);
  const row = await query.returning(['partner_id', 'status', 'withdrawn_at']).executeTakeFirst();
  if (!row) return 'not_found' as const;
  return row.status === 'pending' && row.withdrawn_at === null ? row : ('closed' as const);
}

export interface RequestCorrection {
  name: string;
  service: Service | null;
  origin: Origin | null;
  destination: Destination | null;
  /** The category, container type and CBMs, replaced whole (null: none any more). */
  details: RequestDetailCodes | null;
  description: string;
  expectedRevenue: number;
  /** The application, replaced whole (its orders checked to be the customer's by the caller). */
  finance: FinanceApplicationValues | null;
}

/**
 * The customer corrects its pending request: the form's fields and the application, replaced in one
 * transaction; the files, the customer and the history stay. A decided or withdrawn request is closed.
 */
export async function correctShippingRequest(
  db: Database,
  scope: PartnerScope,
  id: number,
  correction: RequestCorrection,
  by: { userId: number; now: Date },
): Promise<CustomerChangeOutcome> {
  return inTransaction(db, async (trx): Promise<CustomerChangeOutcome> => {
    const open = await openRequest(trx, scope, id);
    if (typeof open === 'string') return open;
    await trx
      .updateTable('shipping_requests')
      .set({
        name: correction.name,
        service: correction.service,
        origin: correction.origin,
        destination: correction.destination,
        ...detailColumns(correction.details),
        description: correction.description,
        expected_revenue: correction.expectedRevenue,
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('finance_application_orders').where('request_id', '=', id).execute();
    await trx.deleteFrom('finance_applications').where('request_id', '=', id).execute();
    if (correction.finance) await insertApplication(trx, id, correction.finance);
    await recordRequestEvent(trx, id, { kind: 'corrected', note: null, userId: by.userId }, by.now);
    return 'done';
  });
}

/** The customer withdraws its pending request: nobody decides it any more. */
export async function withdrawShippingRequest(
  db: Database,
  scope: PartnerScope,
  id: number,
  userId: number,
  now: Date,
): Promise<CustomerChangeOutcome> {
  return inTransaction(db, async (trx): Promise<CustomerChangeOutcome> => {
    const open = await openRequest(trx, scope, id);
    if (typeof open === 'string') return open;
    await trx
      .updateTable('shipping_requests')
      .set({ withdrawn_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await recordRequestEvent(trx, id, { kind: 'withdrawn', note: null, userId }, now);
    return 'done';
  });
}

export type ReopenOutcome = 'reopened' | 'not_found' | 'not_decided' | 'has_follow_up';

/**
 * Staff reopen a decided request with a note: it is pending again, its decision cleared (the history
 * keeps it). Not a pending or withdrawn request, nor one that became a shipping order or a loan.
 */
export async function reopenShippingRequest(
  db: Database,
  input: { id: number; note: string; userId: number },
  now: Date,
): Promise<ReopenOutcome> {
  return inTransaction(db, async (trx): Promise<ReopenOutcome> => {
    const row = await trx
      .updateTable('shipping_requests')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', input.id)
      .returning(['status', 'withdrawn_at', 'shipping_order_id', 'loan_id'])
      .executeTakeFirst();
    if (!row) return 'not_found';
    if (row.status === 'pending' || row.withdrawn_at !== null) return 'not_decided';
    if (row.shipping_order_id !== null || row.loan_id !== null) return 'has_follow_up';
    await trx
      .updateTable('shipping_requests')
      .set({ status: 'pending', staff_note: null, reviewed_by_user_id: null, reviewed_at: null })
      .where('id', '=', input.id)
      .execute();
    await recordRequestEvent(
      trx,
      input.id,
      { kind: 'reopened', note: input.note, userId: input.userId },
      now,
    );
    return 'reopened';
  });
}

export interface StoredAttachment {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** One file of one request, or null when there is no such file of a request in the scope. */
export async function findAttachment(
  db: Database,
  scope: PartnerScope,
  requestId: number,
  attachmentId: number,
): Promise<StoredAttachment | null> {
  let query = db
    .selectFrom('request_attachments as a')
    .innerJoin('shipping_requests as r', 'r.id', 'a.request_id')
    .select(['a.filename', 'a.mimetype', 'a.data'])
    .where('a.id', '=', attachmentId)
    .where('a.request_id', '=', requestId);
  if (scope !== null) query = query.where('r.partner_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}
