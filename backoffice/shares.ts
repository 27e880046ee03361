/**
 * Shares: signed links to one document or record that work without an account until they expire. The
 * token is handed out once; only its SHA-256 is stored (tokens.ts), so the database alone opens nothing.
 */
import { z } from 'zod';
import { isoDate, SHARE_DAYS, type SharedRecord } from '../app/services/backoffice/contract';
import type { Db } from './db';
import { customerStatement, findInvoiceById, invoiceDetail } from './invoices';
import { findLoanById, findLoanDocument, loanDetail } from './loans';
import { dayOf } from './numbers';
import { findShippingOrder } from './orders';
import { findCustomerPartner } from './partners';
import { hashToken, newSecretToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a share points at: a loan's document (a file), or a record the portal renders read-only (an
 * invoice, a customer's statement over a period, an order's clearance receipt, a loan). Another kind
 * needs a migration widening the `shares.kind` CHECK.
 */
export type ShareTarget =
  | { kind: 'loan_document'; loanId: number; documentId: number }
  | { kind: 'invoice'; invoiceId: number }
  | { kind: 'statement'; customerId: number; dateFrom: string; dateTo: string }
  | { kind: 'clearance_receipt'; orderId: number }
  | { kind: 'loan'; loanId: number };

export interface SharedDocument {
  filename: string;
  mimetype: string;
  data: Buffer;
  expiresAt: string;
}

/** A statement share's period, as `params_json` keeps it. */
const statementPeriod = z.object({ date_from: isoDate, date_to: isoDate });

/** The target as the `shares` columns keep it. */
function columnsOf(target: ShareTarget): { targetId: number; subId: number | null; params: string | null } {
  switch (target.kind) {
    case 'loan_document':
      return { targetId: target.loanId, subId: target.documentId, params: null };
    case 'invoice':
      return { targetId: target.invoiceId, subId: null, params: null };
    case 'statement':
      return {
        targetId: target.customerId,
        subId: null,
        params: JSON.stringify({ date_from: target.dateFrom, date_to: target.dateTo }),
      };
    case 'clearance_receipt':
      return { targetId: target.orderId, subId: null, params: null };
    case 'loan':
      return { targetId: target.loanId, subId: null, params: null };
  }
}

interface ShareRow {
  kind: string;
  target_id: number;
  sub_id: number | null;
  params_json: string | null;
  expires_at: string;
}

/**
 * Creates a share of the target for SHARE_DAYS days from `now`. The caller has checked that the
 * user may see the target. Returns the token (given out once) and the expiry.
 */
export function createShare(
  db: Db,
  target: ShareTarget,
  userId: number,
  now: Date,
): { token: string; expiresAt: string } {
  const token = newSecretToken();
  const { targetId, subId, params } = columnsOf(target);
  const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS).toISOString();
  db.transaction(() => {
    // Expired shares open nothing any more: they are dropped as new ones are made.
    db.prepare('DELETE FROM shares WHERE expires_at <= ?').run(now.toISOString());
    db.prepare(
      `INSERT INTO shares (token_hash, kind, target_id, sub_id, params_json, created_by_user_id, created_at,
         expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(hashToken(token), target.kind, targetId, subId, params, userId, now.toISOString(), expiresAt);
  }).immediate();
  return { token, expiresAt };
}

/** The live share the token opens, or null when the token is unknown (or altered) or it has expired. */
function findLiveShare(db: Db, token: string, now: Date): ShareRow | null {
  const row = db
    .prepare(
      `SELECT kind, target_id, sub_id, params_json, expires_at FROM shares
       WHERE token_hash = ? AND expires_at > ?`,
    )
    .get(hashToken(token), now.toISOString()) as ShareRow | undefined;
  return row ?? null;
}

/**
 * The document a live share names, or null when the token is unknown (or altered), the share has
 * expired, the document is gone, or the share is of a record (not a file): callers answer all of
 * these alike.
 */
export function findSharedDocument(db: Db, token: string, now: Date): SharedDocument | null {
  const row = findLiveShare(db, token, now);
  if (row?.kind !== 'loan_document' || row.sub_id === null) return null;
  const file = findLoanDocument(db, row.target_id, row.sub_id);
  return (
    file && {
      filename: file.filename,
      mimetype: file.mimetype,
      data: file.data,
      expiresAt: row.expires_at,
    }
  );
}

/**
 * The record a live share names, as the signed-in read of it answers it, worked out now: an invoice
 * (getInvoice), a statement over the stored period (getCustomerStatement), an order for its
 * clearance receipt (getShippingOrder) or a loan (getLoan). Null, which callers answer alike, when
 * the token is unknown (or altered), the share has expired or is of a file, or the record is gone.
 */
export function findSharedRecord(db: Db, token: string, now: Date): SharedRecord | null {
  const row = findLiveShare(db, token, now);
  if (!row) return null;
  const today = dayOf(now);
  const expires_at = row.expires_at;
  switch (row.kind) {
    case 'invoice': {
      const invoice = findInvoiceById(db, row.target_id);
      return invoice && { kind: 'invoice', expires_at, invoice: invoiceDetail(db, invoice, today) };
    }
    case 'statement': {
      const period = statementPeriod.safeParse(JSON.parse(row.params_json ?? 'null'));
      if (!period.success || !findCustomerPartner(db, row.target_id)) return null;
      const { date_from, date_to } = period.data;
      const statement = customerStatement(db, row.target_id, date_from, date_to);
      return statement && { kind: 'statement', expires_at, statement };
    }
    case 'clearance_receipt': {
      const order = findShippingOrder(db, row.target_id);
      return order && { kind: 'clearance_receipt', expires_at, order };
    }
    case 'loan': {
      const loan = findLoanById(db, row.target_id);
      return loan && { kind: 'loan', expires_at, loan: loanDetail(db, loan, today) };
    }
    default:
      return null;
  }
}
