/**
 * Shares: signed links to one document that work without an account until they expire. The token is
 * handed out once; only its SHA-256 is stored (tokens.ts), so the database alone opens nothing.
 */
import { SHARE_DAYS } from '../app/services/backoffice/contract';
import type { Db } from './db';
import { findLoanDocument } from './loans';
import { hashToken, newSecretToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a share points at. Another kind needs a migration widening the `shares.kind` CHECK. */
export type ShareTarget = { kind: 'loan_document'; loanId: number; documentId: number };

export interface SharedDocument {
  filename: string;
  mimetype: string;
  data: Buffer;
  expiresAt: string;
}

/** The target as the `shares` columns keep it. */
function columnsOf(target: ShareTarget): { targetId: number; subId: number | null } {
  switch (target.kind) {
    case 'loan_document':
      return { targetId: target.loanId, subId: target.documentId };
  }
}

interface ShareRow {
  kind: string;
  target_id: number;
  sub_id: number | null;
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
  const { targetId, subId } = columnsOf(target);
  const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS).toISOString();
  db.transaction(() => {
    // Expired shares open nothing any more: they are dropped as new ones are made.
    db.prepare('DELETE FROM shares WHERE expires_at <= ?').run(now.toISOString());
    db.prepare(
      `INSERT INTO shares (token_hash, kind, target_id, sub_id, created_by_user_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(hashToken(token), target.kind, targetId, subId, userId, now.toISOString(), expiresAt);
  }).immediate();
  return { token, expiresAt };
}

/**
 * The document a live share names, or null when the token is unknown (or altered), the share has
 * expired, or the document is gone: callers answer all of these alike.
 */
export function findSharedDocument(db: Db, token: string, now: Date): SharedDocument | null {
  const row = db
    .prepare('SELECT kind, target_id, sub_id, expires_at FROM shares WHERE token_hash = ? AND expires_at > ?')
    .get(hashToken(token), now.toISOString()) as ShareRow | undefined;
  if (!row) return null;
  switch (row.kind) {
    case 'loan_document': {
      const file = row.sub_id === null ? null : findLoanDocument(db, row.target_id, row.sub_id);
      return (
        file && {
          filename: file.filename,
          mimetype: file.mimetype,
          data: file.data,
          expiresAt: row.expires_at,
        }
      );
    }
    default:
      return null;
  }
}
