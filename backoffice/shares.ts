/**
 * Shares: signed links to one document or record that work without an account until they expire. The
 * token is handed out once; only its SHA-256 is stored (tokens.ts), so the database alone opens nothing.
 */
import { z } from 'zod';
import { isoDate, SHARE_DAYS, type SharedRecord, type ShareKind, type ShareLinkInfo } from '@contract';
import { EVERY_CUSTOMER, type PartnerScope } from './access';
import { inTransaction, type Database } from './data/database';
import { customerStatement, findInvoiceById, invoiceDetail } from './invoices';
import { findLoanById, findLoanDocument, loanDetail } from './loans';
import { dayOf } from './numbers';
import { findShippingOrder } from './orders';
import { findCustomer } from './partners';
import { hashToken, newSecretToken } from './tokens';
import { fullName } from './users';

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
 * Creates a share of the target for SHARE_DAYS days from `now`. Returns the token (given out once) and
 * the expiry, or null, and nothing stored, when the target (a loan document: that document of that
 * loan) is not in the scope (sharePartner). What else a share needs (an invoice not in draft) the
 * caller checks.
 */
export async function createShare(
  db: Database,
  scope: PartnerScope,
  target: ShareTarget,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: string } | null> {
  const { targetId, subId, params } = columnsOf(target);
  if ((await sharePartner(db, scope, target.kind, targetId)) === null) return null;
  if (target.kind === 'loan_document' && !(await findLoanDocument(db, scope, targetId, target.documentId)))
    return null;
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS).toISOString();
  await inTransaction(db, async (trx) => {
    // Expired shares open nothing any more: they are dropped as new ones are made.
    await trx.deleteFrom('shares').where('expires_at', '<=', now.toISOString()).execute();
    await trx
      .insertInto('shares')
      .values({
        token_hash: hashToken(token),
        kind: target.kind,
        target_id: targetId,
        sub_id: subId,
        params_json: params,
        created_by_user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
  });
  return { token, expiresAt };
}

/**
 * The live share the token opens, or null when the token is unknown (or altered), it has expired or
 * it was revoked.
 */
async function findLiveShare(db: Database, token: string, now: Date): Promise<ShareRow | null> {
  const row = await db
    .selectFrom('shares')
    .select(['kind', 'target_id', 'sub_id', 'params_json', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The document a live share names, or null when the token is unknown (or altered), the share has
 * expired, the document is gone, or the share is of a record (not a file): callers answer all of
 * these alike.
 */
export async function findSharedDocument(
  db: Database,
  token: string,
  now: Date,
): Promise<SharedDocument | null> {
  const row = await findLiveShare(db, token, now);
  if (row?.kind !== 'loan_document' || row.sub_id === null) return null;
  // The token is the key, and no principal comes with it: the document of any customer it names.
  const file = await findLoanDocument(db, EVERY_CUSTOMER, row.target_id, row.sub_id);
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
export async function findSharedRecord(db: Database, token: string, now: Date): Promise<SharedRecord | null> {
  const row = await findLiveShare(db, token, now);
  if (!row) return null;
  const today = dayOf(now);
  const expires_at = row.expires_at;
  // The token is the key, and no principal comes with it: the record of any customer it names.
  const scope = EVERY_CUSTOMER;
  switch (row.kind) {
    case 'invoice': {
      const invoice = await findInvoiceById(db, scope, row.target_id);
      return invoice && { kind: 'invoice', expires_at, invoice: await invoiceDetail(db, invoice, today) };
    }
    case 'statement': {
      const period = statementPeriod.safeParse(JSON.parse(row.params_json ?? 'null'));
      if (!period.success || !(await findCustomer(db, scope, row.target_id))) return null;
      const { date_from, date_to } = period.data;
      const statement = await customerStatement(db, scope, row.target_id, date_from, date_to);
      return statement && { kind: 'statement', expires_at, statement };
    }
    case 'clearance_receipt': {
      const order = await findShippingOrder(db, scope, row.target_id);
      return order && { kind: 'clearance_receipt', expires_at, order };
    }
    case 'loan': {
      const loan = await findLoanById(db, scope, row.target_id);
      return loan && { kind: 'loan', expires_at, loan: await loanDetail(db, loan, today) };
    }
    default:
      return null;
  }
}

// ---- Listing and revoking ----

/**
 * The customer (partner) whose document a share of `kind` on `targetId` opens; null when there is no
 * such document (or customer) in the scope.
 */
export async function sharePartner(
  db: Database,
  scope: PartnerScope,
  kind: ShareKind,
  targetId: number,
): Promise<number | null> {
  const owner = async (table: 'invoices' | 'shipping_orders' | 'loans') => {
    let query = db.selectFrom(table).select('partner_id').where('id', '=', targetId);
    if (scope !== null) query = query.where('partner_id', '=', scope);
    return (await query.executeTakeFirst())?.partner_id ?? null;
  };
  switch (kind) {
    case 'invoice':
      return owner('invoices');
    case 'statement':
      return (await findCustomer(db, scope, targetId))?.id ?? null;
    case 'clearance_receipt':
      return owner('shipping_orders');
    case 'loan':
    case 'loan_document':
      return owner('loans');
  }
}

interface ShareLinkRow {
  id: number;
  kind: ShareKind;
  sub_id: number | null;
  params_json: string | null;
  created_at: string;
  expires_at: string;
  first_name: string | null;
  last_name: string | null;
  document_name: string | null;
}

/**
 * The live (neither expired nor revoked) shares of one document, newest first: of a loan, `loan_document`
 * lists the shares of every document of the loan. Null when there is no such document in the scope
 * (sharePartner): whoever may read a document sees its links, whoever made them.
 */
export async function listLiveShares(
  db: Database,
  scope: PartnerScope,
  kind: ShareKind,
  targetId: number,
  now: Date,
): Promise<ShareLinkInfo[] | null> {
  if ((await sharePartner(db, scope, kind, targetId)) === null) return null;
  const rows: ShareLinkRow[] = await db
    .selectFrom('shares as s')
    .leftJoin('users as u', 'u.id', 's.created_by_user_id')
    .leftJoin('loan_documents as d', (join) =>
      join
        .on('s.kind', '=', 'loan_document')
        .onRef('d.id', '=', 's.sub_id')
        .onRef('d.loan_id', '=', 's.target_id'),
    )
    .select([
      's.id',
      's.kind',
      's.sub_id',
      's.params_json',
      's.created_at',
      's.expires_at',
      'u.first_name',
      'u.last_name',
      'd.filename as document_name',
    ])
    .where('s.kind', '=', kind)
    .where('s.target_id', '=', targetId)
    .where('s.expires_at', '>', now.toISOString())
    .where('s.revoked_at', 'is', null)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .$narrowType<{ kind: ShareKind }>()
    .execute();
  return rows.map((row) => {
    const period =
      row.kind === 'statement' ? statementPeriod.safeParse(JSON.parse(row.params_json ?? 'null')) : null;
    return {
      id: row.id,
      kind: row.kind,
      document_id: row.kind === 'loan_document' ? row.sub_id : null,
      document_name: row.kind === 'loan_document' ? row.document_name : null,
      date_from: period?.success ? period.data.date_from : null,
      date_to: period?.success ? period.data.date_to : null,
      created_at: row.created_at,
      created_by: row.first_name === null ? null : fullName(row.first_name, row.last_name),
      expires_at: row.expires_at,
    };
  });
}

/**
 * A share by its id (revoked or not): what it opens; null when there is no such share, or its document
 * is gone or outside the scope (sharePartner).
 */
export async function findShareById(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<{ kind: ShareKind; target_id: number } | null> {
  const row = await db
    .selectFrom('shares')
    .select(['kind', 'target_id'])
    .where('id', '=', id)
    .$narrowType<{ kind: ShareKind }>()
    .executeTakeFirst();
  if (!row || (await sharePartner(db, scope, row.kind, row.target_id)) === null) return null;
  return row;
}

/**
 * Ends the share now: its link then opens nothing, as if it had expired. A share already revoked keeps
 * its first revocation. False, and nothing changed, when there is no such share in the scope
 * (findShareById).
 */
export async function revokeShare(
  db: Database,
  scope: PartnerScope,
  id: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  if (!(await findShareById(db, scope, id))) return false;
  await db
    .updateTable('shares')
    .set({ revoked_at: now.toISOString(), revoked_by_user_id: userId })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
