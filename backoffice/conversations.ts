/**
 * Conversations on records (ADR 057): the customer and staff write on a request, a quote, a shipping
 * order, a loan or an invoice; staff may add internal notes the customer never gets. Who may see a
 * record decides who may read and write its conversation: a customer its own records (not a draft quote
 * or invoice), a warehouse agent the orders of their scope, staff every other record. What each person
 * has read is kept per conversation; a new message notifies the other side in its own transaction.
 */
import type { Message, MessageRecord, NotificationRecord } from '@contract';
import { sql } from 'kysely';
import { isStaff, orderScope, partnerScope } from './access';
import { inTransaction, type Database } from './data/database';
import { notifyCustomer, notifyStaff, notifyUsers } from './notifications';
import { orderScopeWhere } from './orders';
import type { UserRecord } from './users';
import type { CheckedAttachment } from './attachments';
import { storedBytes } from './requests';

/** The record a conversation is on, as the person may see it; null when it is not in their scope. */
export interface ConversationRecord {
  partnerId: number;
  name: string;
}

export async function conversationRecord(
  db: Database,
  user: UserRecord,
  type: MessageRecord,
  id: number,
): Promise<ConversationRecord | null> {
  const scope = partnerScope(user);
  const mine = <T extends { partner_id: number }>(row: T | undefined) =>
    row && (scope === null || row.partner_id === scope) ? row : undefined;
  switch (type) {
    case 'request': {
      const row = mine(
        await db
          .selectFrom('shipping_requests')
          .select(['id', 'partner_id'])
          .where('id', '=', id)
          .executeTakeFirst(),
      );
      return row ? { partnerId: row.partner_id, name: String(row.id) } : null;
    }
    case 'quote': {
      const row = mine(
        await db
          .selectFrom('quotes')
          .select(['name', 'partner_id', 'status'])
          .where('id', '=', id)
          .executeTakeFirst(),
      );
      // A draft quote is staff's until it is sent.
      if (!row || (scope !== null && row.status === 'draft')) return null;
      return { partnerId: row.partner_id, name: row.name };
    }
    case 'order': {
      let query = db
        .selectFrom('shipping_orders as o')
        .select(['o.name', 'o.partner_id'])
        .where('o.id', '=', id);
      const inScope = orderScopeWhere(await orderScope(db, user));
      if (inScope) query = query.where(inScope);
      const row = await query.executeTakeFirst();
      return row ? { partnerId: row.partner_id, name: row.name } : null;
    }
    case 'loan': {
      const row = mine(
        await db.selectFrom('loans').select(['name', 'partner_id']).where('id', '=', id).executeTakeFirst(),
      );
      return row ? { partnerId: row.partner_id, name: row.name } : null;
    }
    case 'invoice': {
      const row = mine(
        await db
          .selectFrom('invoices')
          .select(['name', 'partner_id', 'state'])
          .where('id', '=', id)
          .executeTakeFirst(),
      );
      // Customers never see a draft invoice.
      if (!row || (scope !== null && row.state === 'draft')) return null;
      return { partnerId: row.partner_id, name: row.name };
    }
  }
}

type MessageRow = {
  id: number;
  record_type: string;
  record_id: number;
  body: string;
  internal: number;
  author_id: number | null;
  author_name: string;
  by_staff: number;
  created_at: string;
};

type AttachmentInfo = NonNullable<Message['attachments']>[number];

function toMessage(row: MessageRow, userId: number, attachments: AttachmentInfo[] = []): Message {
  return {
    attachments,
    id: row.id,
    record_type: row.record_type as MessageRecord,
    record_id: row.record_id,
    body: row.body,
    internal: row.internal === 1,
    author_name: row.author_name,
    by_staff: row.by_staff === 1,
    mine: row.author_id === userId,
    created_at: row.created_at,
  };
}

const MESSAGE_COLUMNS = [
  'm.id',
  'm.record_type',
  'm.record_id',
  'm.body',
  'm.internal',
  'm.author_id',
  'm.author_name',
  'm.by_staff',
  'm.created_at',
] as const;

/**
 * The conversation's messages, oldest first (a customer gets no internal note), and how many of them
 * the person had not read; they are marked read.
 */
export async function readConversation(
  db: Database,
  user: UserRecord,
  type: MessageRecord,
  id: number,
): Promise<{ messages: Message[]; unread: number }> {
  let query = db
    .selectFrom('messages as m')
    .select(MESSAGE_COLUMNS)
    .where('m.record_type', '=', type)
    .where('m.record_id', '=', id);
  if (!isStaff(user)) query = query.where('m.internal', '=', 0);
  const rows = await query.orderBy('m.id').execute();
  const read = await db
    .selectFrom('message_reads')
    .select('last_read_id')
    .where('user_id', '=', user.id)
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .executeTakeFirst();
  const lastRead = read?.last_read_id ?? 0;
  const unread = rows.filter((row) => row.id > lastRead && row.author_id !== user.id).length;
  const newest = rows.at(-1)?.id;
  if (newest !== undefined && newest > lastRead) await markRead(db, user.id, type, id, newest);
  const files = await attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return { messages: rows.map((row) => toMessage(row, user.id, files.get(row.id))), unread };
}

/** The files of these messages (without their content), by message. */
async function attachmentsOf(db: Database, messageIds: number[]): Promise<Map<number, AttachmentInfo[]>> {
  const byMessage = new Map<number, AttachmentInfo[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('message_attachments')
    .select(['id', 'message_id', 'filename', 'mimetype', 'size'])
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
  for (const { message_id, ...file } of rows)
    byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), file]);
  return byMessage;
}

/** A file of a message on this record the person may read (a customer: not an internal note's); or null. */
export async function findMessageAttachment(
  db: Database,
  user: UserRecord,
  type: MessageRecord,
  recordId: number,
  attachmentId: number,
): Promise<{ filename: string; mimetype: string; data: Buffer } | null> {
  let query = db
    .selectFrom('message_attachments as a')
    .innerJoin('messages as m', 'm.id', 'a.message_id')
    .select(['a.filename', 'a.mimetype', 'a.data'])
    .where('a.id', '=', attachmentId)
    .where('m.record_type', '=', type)
    .where('m.record_id', '=', recordId);
  if (!isStaff(user)) query = query.where('m.internal', '=', 0);
  return (await query.executeTakeFirst()) ?? null;
}

async function markRead(db: Database, userId: number, type: MessageRecord, id: number, lastReadId: number) {
  await db
    .insertInto('message_reads')
    .values({ user_id: userId, record_type: type, record_id: id, last_read_id: lastReadId })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'record_type', 'record_id'])
        .doUpdateSet({ last_read_id: (eb) => eb.ref('excluded.last_read_id') })
        .where('message_reads.last_read_id', '<', lastReadId),
    )
    .execute();
}

/** Where a notification of a message on this record takes the reader. */
const NOTIFICATION_RECORD: Record<MessageRecord, NotificationRecord> = {
  request: 'request',
  quote: 'quote',
  order: 'order',
  loan: 'loan',
  invoice: 'invoice',
};

/**
 * Writes a message (an internal note only by staff: the caller checks), marks the conversation read
 * for its author, and notifies the other side in the same transaction: staff when the customer writes,
 * the customer's accounts when staff write for them; an internal note notifies no one.
 */
export async function postMessage(
  db: Database,
  user: UserRecord,
  record: ConversationRecord & { type: MessageRecord; id: number },
  input: { body: string; internal: boolean; attachments?: readonly CheckedAttachment[] },
  now: Date,
  /** Bytes of files the customer may keep (requests' and messages' together). */
  quotaBytes: number = Number.POSITIVE_INFINITY,
): Promise<Message | 'quota_exceeded'> {
  const files = input.attachments ?? [];
  const adding = files.reduce((sum, file) => sum + file.data.length, 0);
  return inTransaction(db, async (trx) => {
    if (adding > 0) {
      // One upload at a time per customer is measured against its quota (the row lock waits).
      await trx
        .updateTable('partners')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', record.partnerId)
        .execute();
      if ((await storedBytes(trx, record.partnerId)) + adding > quotaBytes) return 'quota_exceeded';
    }
    const byStaff = isStaff(user);
    const row = await trx
      .insertInto('messages')
      .values({
        record_type: record.type,
        record_id: record.id,
        record_name: record.name,
        partner_id: record.partnerId,
        author_id: user.id,
        author_name: `${user.firstName} ${user.lastName}`.trim() || user.email,
        by_staff: byStaff ? 1 : 0,
        internal: input.internal ? 1 : 0,
        body: input.body,
        created_at: now.toISOString(),
      })
      .returning([
        'id',
        'record_type',
        'record_id',
        'body',
        'internal',
        'author_id',
        'author_name',
        'by_staff',
        'created_at',
      ])
      .executeTakeFirstOrThrow();
    const attached: AttachmentInfo[] = [];
    // One file at a time: each insert holds one file's bytes.
    for (const file of files) {
      const stored = await trx
        .insertInto('message_attachments')
        .values({
          message_id: row.id,
          filename: file.filename,
          mimetype: file.mimetype,
          size: file.data.length,
          data: file.data,
        })
        .returning(['id', 'filename', 'mimetype', 'size'])
        .executeTakeFirstOrThrow();
      attached.push(stored);
    }
    await markRead(trx, user.id, record.type, record.id, row.id);
    if (!input.internal) {
      const notification = {
        kind: 'message_received' as const,
        recordType: NOTIFICATION_RECORD[record.type],
        recordId: record.id,
        // What the text names; a loan's page is found by its number.
        params: { name: record.name, ...(record.type === 'loan' ? { loan: record.name } : {}) },
      };
      if (byStaff) await notifyCustomer(trx, record.partnerId, notification, now);
      else {
        // Staff who handle the record — who have written on it — are told; before anyone has, all staff.
        const handlers = await trx
          .selectFrom('messages as m')
          .innerJoin('users as u', 'u.id', 'm.author_id')
          .select('u.id')
          .distinct()
          .where('m.record_type', '=', record.type)
          .where('m.record_id', '=', record.id)
          .where('m.by_staff', '=', 1)
          .where('u.active', '=', 1)
          .execute();
        if (handlers.length > 0) {
          await notifyUsers(
            trx,
            handlers.map((handler) => handler.id),
            notification,
            now,
          );
        } else await notifyStaff(trx, notification, now);
      }
    }
    return toMessage(row, user.id, attached);
  });
}

/** The messages a person may see: a customer its own records' messages, never internal notes. */
function visibleMessages(db: Database, user: UserRecord) {
  let query = db.selectFrom('messages as m');
  const scope = partnerScope(user);
  if (scope !== null) query = query.where('m.partner_id', '=', scope).where('m.internal', '=', 0);
  return query;
}

/** What the person has not read: messages of others after their read mark, per conversation. */
function unreadMessages(db: Database, user: UserRecord) {
  return visibleMessages(db, user)
    .leftJoin('message_reads as r', (join) =>
      join
        .onRef('r.record_type', '=', 'm.record_type')
        .onRef('r.record_id', '=', 'm.record_id')
        .on('r.user_id', '=', user.id),
    )
    .where((eb) => eb.or([eb('m.author_id', 'is', null), eb('m.author_id', '<>', user.id)]))
    .where((eb) => eb.or([eb('r.last_read_id', 'is', null), eb('m.id', '>', eb.ref('r.last_read_id'))]));
}

/** How many messages the person has not read, in every conversation they may see. */
export async function unreadMessageCount(db: Database, user: UserRecord): Promise<number> {
  const { count } = await unreadMessages(db, user)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * One page of the person's conversations, the newest message first, with each one's message and unread
 * counts; `unread` keeps those with something unread.
 */
export async function listConversations(
  db: Database,
  user: UserRecord,
  filter: { unread: boolean; limit: number; offset: number },
) {
  const unreadCounts = unreadMessages(db, user)
    .select(['m.record_type', 'm.record_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .groupBy(['m.record_type', 'm.record_id']);
  const threads = visibleMessages(db, user)
    .select([
      'm.record_type',
      'm.record_id',
      (eb) => eb.fn.max('m.id').as('last_id'),
      (eb) => eb.fn.countAll<number>().as('messages'),
    ])
    .groupBy(['m.record_type', 'm.record_id']);
  let matching = db
    .selectFrom(threads.as('t'))
    .leftJoin(unreadCounts.as('u'), (join) =>
      join.onRef('u.record_type', '=', 't.record_type').onRef('u.record_id', '=', 't.record_id'),
    );
  if (filter.unread) matching = matching.where('u.unread', '>', 0);
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .innerJoin('messages as m', 'm.id', 't.last_id')
    .innerJoin('partners as p', 'p.id', 'm.partner_id')
    .select([...MESSAGE_COLUMNS, 'm.record_name', 'p.name as partner_name', 't.messages'])
    .select(sql<number>`coalesce(u.unread, 0)`.as('unread'))
    .orderBy('t.last_id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    conversations: rows.map((row) => ({
      record_type: row.record_type as MessageRecord,
      record_id: row.record_id,
      record_name: row.record_name,
      partner_name: row.partner_name,
      messages: Number(row.messages),
      unread: Number(row.unread),
      last_message: toMessage(row, user.id),
    })),
    total: Number(total),
    unread: await unreadMessageCount(db, user),
  };
}
