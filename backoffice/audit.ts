/**
 * The history of a record: who did what, when, what changed (each field before and after) and the note,
 * written in the transaction of the change itself. Entries meant for the customer are marked so.
 */
import type { HistoryAction, HistoryEvent, HistoryRecord } from '@contract';
import type { Database } from './data/database';
import { fullName } from './users';

type Value = string | number | boolean | null;
export type Changes = Record<string, { before: Value; after: Value }>;

export interface AuditEntry {
  recordType: HistoryRecord;
  recordId: number;
  action: HistoryAction;
  changes?: Changes | null;
  note?: string | null;
  userId: number | null;
  /** Shown to the customer whose record it is. */
  customerVisible?: boolean;
}

/** The fields whose values differ between `before` and `after` (among those named); null when none. */
export function changesBetween<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Changes | null {
  const changes: Changes = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const was = (before[field] ?? null) as Value;
    const now = (after[field] ?? null) as Value;
    if (was !== now) changes[field] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export async function recordAudit(db: Database, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      record_type: entry.recordType,
      record_id: entry.recordId,
      action: entry.action,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
      note: entry.note ?? null,
      user_id: entry.userId,
      customer_visible: entry.customerVisible ? 1 : 0,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A record's history, oldest first; only the entries meant for the customer when `forCustomer`. */
export async function auditTrail(
  db: Database,
  recordType: HistoryRecord,
  recordId: number,
  forCustomer: boolean,
): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.action', 'a.changes', 'a.note', 'a.created_at', 'u.first_name', 'u.last_name'])
    .where('a.record_type', '=', recordType)
    .where('a.record_id', '=', recordId)
    .$if(forCustomer, (query) => query.where('a.customer_visible', '=', 1))
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action as HistoryAction,
    changes: row.changes ? (JSON.parse(row.changes) as Changes) : null,
    note: row.note,
    by: row.first_name === null ? null : fullName(row.first_name, row.last_name),
    at: row.created_at,
  }));
}
