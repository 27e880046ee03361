import { ORIGINS, SERVICES, type Origin, type Service } from '../app/catalog';
import type { RequestStatus, ShippingRequest } from '@contract';
import type { CheckedAttachment } from './attachments';
import type { Db } from './db';
import { searchCondition } from './lists';
import { fullName } from './users';

export interface NewShippingRequest {
  partnerId: number;
  emailFrom: string;
  name: string;
  service: Service | null;
  /** Where the goods come from, when the form asked. */
  origin: Origin | null;
  description: string;
  expectedRevenue: number;
  attachments: readonly CheckedAttachment[];
}

export interface RequestFilter {
  /** The caller's scope (access.ts `partnerScope`): null for every customer. */
  scope: number | null;
  /** The `partner_id` filter; outside the scope, nothing matches. */
  partnerId?: number;
  status?: RequestStatus;
  service?: Service;
  origin?: Origin;
  search?: string;
  limit: number;
  offset: number;
}

interface RequestRow {
  id: number;
  partner_id: number;
  partner_name: string;
  email_from: string;
  name: string;
  service: string | null;
  origin: string | null;
  description: string;
  expected_revenue: number;
  status: RequestStatus;
  staff_note: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  reviewed_at: string | null;
  created_at: string;
  shipping_order_id: number | null;
  loan_id: number | null;
}

interface AttachmentRow {
  id: number;
  request_id: number;
  filename: string;
  mimetype: string;
  size: number;
}

const REQUEST_SELECT = `
  SELECT r.id, r.partner_id, p.name AS partner_name, r.email_from, r.name, r.service, r.origin, r.description,
    r.expected_revenue, r.status, r.staff_note, u.first_name AS reviewer_first_name,
    u.last_name AS reviewer_last_name, r.reviewed_at, r.created_at, r.shipping_order_id,
    r.loan_id
  FROM shipping_requests r
  JOIN partners p ON p.id = r.partner_id
  LEFT JOIN users u ON u.id = r.reviewed_by_user_id`;

function isService(value: string | null): value is Service {
  return (SERVICES as readonly (string | null)[]).includes(value);
}

function isOrigin(value: string | null): value is Origin {
  return (ORIGINS as readonly (string | null)[]).includes(value);
}

function toShippingRequest(row: RequestRow, attachments: AttachmentRow[]): ShippingRequest {
  return {
    id: row.id,
    name: row.name,
    service: isService(row.service) ? row.service : null,
    origin: isOrigin(row.origin) ? row.origin : null,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    email_from: row.email_from,
    description: row.description,
    expected_revenue: row.expected_revenue,
    status: row.status,
    staff_note: row.staff_note,
    reviewed_by:
      row.reviewer_first_name === null ? null : fullName(row.reviewer_first_name, row.reviewer_last_name),
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
    attachments: attachments.map(({ id, filename, mimetype, size }) => ({ id, filename, mimetype, size })),
    shipping_order_id: row.shipping_order_id,
    loan_id: row.loan_id,
  };
}

/** The attachments (without their content) of these requests, by request id, in upload order. */
function attachmentsOf(db: Db, requestIds: readonly number[]): Map<number, AttachmentRow[]> {
  const byRequest = new Map<number, AttachmentRow[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = db
    .prepare(
      `SELECT id, request_id, filename, mimetype, size FROM request_attachments
       WHERE request_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
    .all(JSON.stringify(requestIds)) as AttachmentRow[];
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  return byRequest;
}

/** Stores the request and its files in one transaction: all of it or nothing. Returns its id. */
export function createShippingRequest(db: Db, request: NewShippingRequest, now: Date): number {
  return db
    .transaction(() => {
      const result = db
        .prepare(
          `INSERT INTO shipping_requests
             (partner_id, email_from, name, service, origin, description, expected_revenue, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          request.partnerId,
          request.emailFrom,
          request.name,
          request.service,
          request.origin,
          request.description,
          request.expectedRevenue,
          now.toISOString(),
        );
      const id = Number(result.lastInsertRowid);
      const insertFile = db.prepare(
        'INSERT INTO request_attachments (request_id, filename, mimetype, size, data) VALUES (?, ?, ?, ?, ?)',
      );
      for (const file of request.attachments)
        insertFile.run(id, file.filename, file.mimetype, file.data.length, file.data);
      return id;
    })
    .immediate();
}

/** Bytes of attachments the customer keeps, on all their requests (staff uploads for them included). */
export function storedBytes(db: Db, partnerId: number): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(a.size), 0) AS bytes
         FROM shipping_requests r JOIN request_attachments a ON a.request_id = r.id
        WHERE r.partner_id = ?`,
    )
    .get(partnerId) as { bytes: number };
  return row.bytes;
}

export function findShippingRequest(db: Db, id: number): ShippingRequest | null {
  const row = db.prepare(`${REQUEST_SELECT} WHERE r.id = ?`).get(id) as RequestRow | undefined;
  return row ? toShippingRequest(row, attachmentsOf(db, [id]).get(id) ?? []) : null;
}

/**
 * One page of requests, newest first, and how many match in all. Filtering and paging happen in
 * SQL. The search matches the id, name, description, customer name and e-mail (lists.ts
 * `searchCondition`: plain text, ignoring case).
 */
export function listShippingRequests(
  db: Db,
  filter: RequestFilter,
): { requests: ShippingRequest[]; total: number } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const partnerId of [filter.scope, filter.partnerId]) {
    if (partnerId === null || partnerId === undefined) continue;
    conditions.push('r.partner_id = ?');
    values.push(partnerId);
  }
  if (filter.status) {
    conditions.push('r.status = ?');
    values.push(filter.status);
  }
  if (filter.service) {
    conditions.push('r.service = ?');
    values.push(filter.service);
  }
  if (filter.origin) {
    conditions.push('r.origin = ?');
    values.push(filter.origin);
  }
  if (filter.search) {
    const columns = ['CAST(r.id AS TEXT)', 'r.name', 'r.description', 'p.name', 'r.email_from'];
    const search = searchCondition(columns, filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM shipping_requests r JOIN partners p ON p.id = r.partner_id ${where}`)
      .pluck()
      .get(...values),
  );
  const rows = db
    .prepare(`${REQUEST_SELECT} ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
    .all(...values, filter.limit, filter.offset) as RequestRow[];
  const attachments = attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return { requests: rows.map((row) => toShippingRequest(row, attachments.get(row.id) ?? [])), total };
}

export type ReviewOutcome = 'reviewed' | 'not_found' | 'already_reviewed';

/** Approves or rejects a pending request, keeping the note, the reviewer and the time. */
export function reviewShippingRequest(
  db: Db,
  review: { id: number; status: Exclude<RequestStatus, 'pending'>; note: string | null; reviewerId: number },
  now: Date,
): ReviewOutcome {
  return db
    .transaction((): ReviewOutcome => {
      const changed = db
        .prepare(
          `UPDATE shipping_requests SET status = ?, staff_note = ?, reviewed_by_user_id = ?, reviewed_at = ?
           WHERE id = ? AND status = 'pending'`,
        )
        .run(review.status, review.note, review.reviewerId, now.toISOString(), review.id).changes;
      if (changed > 0) return 'reviewed';
      const exists = db.prepare('SELECT 1 FROM shipping_requests WHERE id = ?').get(review.id);
      return exists ? 'already_reviewed' : 'not_found';
    })
    .immediate();
}

export interface StoredAttachment {
  partnerId: number;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** One file of one request, with the request's partner (for the caller's scope check). */
export function findAttachment(db: Db, requestId: number, attachmentId: number): StoredAttachment | null {
  const row = db
    .prepare(
      `SELECT r.partner_id, a.filename, a.mimetype, a.data
       FROM request_attachments a JOIN shipping_requests r ON r.id = a.request_id
       WHERE a.id = ? AND a.request_id = ?`,
    )
    .get(attachmentId, requestId) as
    { partner_id: number; filename: string; mimetype: string; data: Buffer } | undefined;
  return row
    ? { partnerId: row.partner_id, filename: row.filename, mimetype: row.mimetype, data: row.data }
    : null;
}
