/**
 * Quotes: staff's priced answers to a customer's quotation request. A quote has a number (QT-2026-0003)
 * and versions: staff draft one, send it, and may revise it (the next version, sent in its place, marks
 * the one before replaced). The customer accepts the sent version before its validity ends, which makes
 * the confirmed shipping order, or declines it with a reason. A customer never sees a draft.
 */
import { sql } from 'kysely';
import type { Category, ContainerType, Origin } from '../app/catalog';
import type { Incoterm, QuoteDetail, QuoteLineKind, QuoteStatus, QuoteSummary, QuoteUnit } from '@contract';
import type { PartnerScope } from './access';
import { notifyCustomer, notifyStaff } from './notifications';
import { inTransaction, type Database } from './data/database';
import { searchWhere } from './lists';
import { allocateNumber, fromCents, toCents } from './numbers';
import { insertShippingOrder } from './orders';
import { recordRequestEvent } from './requests';
import { fullName } from './users';

export interface QuoteLineValues {
  kind: QuoteLineKind;
  description: string;
  quantity: number;
  unit: QuoteUnit;
  unitPrice: number;
}

export interface QuoteValues {
  currency: string;
  validUntil: string;
  transitDays: number | null;
  incoterm: Incoterm | null;
  notes: string | null;
  category: Category;
  containerType: ContainerType;
  cbm: number;
  origin: Origin;
  lines: readonly QuoteLineValues[];
}

export interface QuoteFilter {
  /** The caller's scope (access.ts `partnerScope`): null for every customer (staff, who also see drafts). */
  scope: PartnerScope;
  requestId?: number;
  status?: QuoteStatus;
  search?: string;
  limit: number;
  offset: number;
}

/** A line's amount: quantity × unit price, to the cent. */
function lineCents(line: { quantity: number; unit_price_cents: number }): number {
  return Math.round(line.quantity * line.unit_price_cents);
}

/** The status a reader sees: a sent quote past its last day has expired. */
function shownStatus(row: { status: string; valid_until: string }, today: string): QuoteStatus {
  return row.status === 'sent' && row.valid_until < today ? 'expired' : (row.status as QuoteStatus);
}

/** The quotes with their customers, as `q` and `p`. */
function quotesWithCustomers(db: Database) {
  return db.selectFrom('quotes as q').innerJoin('partners as p', 'p.id', 'q.partner_id');
}

const SUMMARY_COLUMNS = [
  'q.id',
  'q.name',
  'q.version',
  'q.request_id',
  'q.partner_id',
  'p.name as partner_name',
  'q.status',
  'q.currency',
  'q.total_cents',
  'q.valid_until',
  'q.created_at',
  'q.sent_at',
  'q.decided_at',
] as const;

type SummaryRow = {
  id: number;
  name: string;
  version: number;
  request_id: number;
  partner_id: number;
  partner_name: string;
  status: string;
  currency: string;
  total_cents: number;
  valid_until: string;
  created_at: string;
  sent_at: string | null;
  decided_at: string | null;
};

function toSummary(row: SummaryRow, today: string): QuoteSummary {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    request_id: row.request_id,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    status: shownStatus(row, today),
    currency: row.currency,
    total: fromCents(row.total_cents),
    valid_until: row.valid_until,
    created_at: row.created_at,
    sent_at: row.sent_at,
    decided_at: row.decided_at,
  };
}

/** Narrows the quotes to what the scope may see: a customer its own, never a draft. */
function visibleTo(query: ReturnType<typeof quotesWithCustomers>, scope: PartnerScope) {
  return scope === null ? query : query.where('q.partner_id', '=', scope).where('q.status', '<>', 'draft');
}

/** One page of quotes in the scope, newest first, and how many match in all. */
export async function listQuotes(
  db: Database,
  filter: QuoteFilter,
  today: string,
): Promise<{ quotes: QuoteSummary[]; total: number }> {
  let matching = visibleTo(quotesWithCustomers(db), filter.scope);
  if (filter.requestId !== undefined) matching = matching.where('q.request_id', '=', filter.requestId);
  if (filter.status === 'expired') {
    matching = matching.where('q.status', '=', 'sent').where('q.valid_until', '<', today);
  } else if (filter.status === 'sent') {
    matching = matching.where('q.status', '=', 'sent').where('q.valid_until', '>=', today);
  } else if (filter.status) {
    matching = matching.where('q.status', '=', filter.status);
  }
  if (filter.search) {
    const requestId = sql<string>`cast(q.request_id as text)`;
    matching = matching.where(searchWhere(['q.name', 'p.name', requestId], filter.search));
  }
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select(SUMMARY_COLUMNS)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { quotes: rows.map((row) => toSummary(row, today)), total: Number(total) };
}

/** One quote with its lines, order and versions, or null when the scope may not see it. */
export async function findQuote(
  db: Database,
  scope: PartnerScope,
  id: number,
  today: string,
): Promise<QuoteDetail | null> {
  const row = await visibleTo(quotesWithCustomers(db), scope)
    .leftJoin('shipping_orders as o', 'o.id', 'q.shipping_order_id')
    .leftJoin('users as cu', 'cu.id', 'q.created_by_user_id')
    .leftJoin('users as su', 'su.id', 'q.sent_by_user_id')
    .leftJoin('users as du', 'du.id', 'q.decided_by_user_id')
    .select(SUMMARY_COLUMNS)
    .select([
      'q.transit_days',
      'q.incoterm',
      'q.notes',
      'q.category',
      'q.container_type',
      'q.cbm',
      'q.origin',
      'q.decline_reason',
      'q.shipping_order_id',
      'o.name as shipping_order_name',
      'cu.first_name as created_first',
      'cu.last_name as created_last',
      'su.first_name as sent_first',
      'su.last_name as sent_last',
      'du.first_name as decided_first',
      'du.last_name as decided_last',
    ])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const lines = await db
    .selectFrom('quote_lines')
    .select(['id', 'kind', 'description', 'quantity', 'unit', 'unit_price_cents'])
    .where('quote_id', '=', id)
    .orderBy('position')
    .execute();
  const versions = await visibleTo(quotesWithCustomers(db), scope)
    .select(['q.id', 'q.version', 'q.status', 'q.valid_until', 'q.sent_at'])
    .where('q.request_id', '=', row.request_id)
    .orderBy('q.version')
    .execute();
  const person = (first: string | null, last: string | null) =>
    first === null ? null : fullName(first, last);
  return {
    ...toSummary(row, today),
    transit_days: row.transit_days,
    incoterm: row.incoterm as Incoterm | null,
    notes: row.notes,
    category: row.category as Category,
    container_type: row.container_type as ContainerType,
    cbm: row.cbm,
    origin: row.origin as Origin,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind as QuoteLineKind,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit as QuoteUnit,
      unit_price: fromCents(line.unit_price_cents),
      amount: fromCents(lineCents(line)),
    })),
    decline_reason: row.decline_reason,
    shipping_order_id: row.shipping_order_id,
    shipping_order_name: row.shipping_order_name,
    created_by: person(row.created_first, row.created_last),
    sent_by: person(row.sent_first, row.sent_last),
    decided_by: person(row.decided_first, row.decided_last),
    versions: versions.map((version) => ({
      id: version.id,
      version: version.version,
      status: shownStatus(version, today),
      sent_at: version.sent_at,
    })),
  };
}

/** Writes a quote's terms and replaces its lines; keeps the total. */
async function writeQuote(db: Database, id: number, values: QuoteValues, now: Date): Promise<void> {
  const lines = values.lines.map((line, position) => ({
    quote_id: id,
    position,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unit_price_cents: toCents(line.unitPrice),
  }));
  await db
    .updateTable('quotes')
    .set({
      currency: values.currency,
      valid_until: values.validUntil,
      transit_days: values.transitDays,
      incoterm: values.incoterm,
      notes: values.notes,
      category: values.category,
      container_type: values.containerType,
      cbm: values.cbm,
      origin: values.origin,
      total_cents: lines.reduce((sum, line) => sum + lineCents(line), 0),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('quote_lines').where('quote_id', '=', id).execute();
  if (lines.length > 0) await db.insertInto('quote_lines').values(lines).execute();
}

export type CreateQuoteOutcome = { id: number } | 'not_found' | 'not_quotation' | 'closed';

/**
 * A draft for the request: its first quote (a new number), or the next version of its latest, with the
 * latest's lines when none are given. A draft that exists is answered as it is.
 */
export async function createQuote(
  db: Database,
  input: { requestId: number; values: QuoteValues; userId: number },
  now: Date,
): Promise<CreateQuoteOutcome> {
  return inTransaction(db, async (trx): Promise<CreateQuoteOutcome> => {
    // Writing the request's row (to itself) locks it until the transaction ends, so two drafts of the
    // same request are made one after the other (the second finds the first).
    const request = await trx
      .updateTable('shipping_requests')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', input.requestId)
      .returning(['partner_id', 'service', 'status', 'shipping_order_id', 'withdrawn_at'])
      .executeTakeFirst();
    if (!request) return 'not_found';
    if (request.service !== 'quotation') return 'not_quotation';
    if (request.status === 'rejected' || request.shipping_order_id !== null || request.withdrawn_at !== null)
      return 'closed';
    const latest = await trx
      .selectFrom('quotes')
      .select(['id', 'name', 'version', 'status'])
      .where('request_id', '=', input.requestId)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    if (latest?.status === 'draft') return { id: latest.id };
    if (latest?.status === 'accepted') return 'closed';
    let values = input.values;
    if (latest && values.lines.length === 0) {
      const lines = await trx
        .selectFrom('quote_lines')
        .select(['kind', 'description', 'quantity', 'unit', 'unit_price_cents'])
        .where('quote_id', '=', latest.id)
        .orderBy('position')
        .execute();
      values = {
        ...values,
        lines: lines.map((line) => ({
          kind: line.kind as QuoteLineKind,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit as QuoteUnit,
          unitPrice: fromCents(line.unit_price_cents),
        })),
      };
    }
    const { id } = await trx
      .insertInto('quotes')
      .values({
        name: latest?.name ?? (await allocateNumber(trx, 'QT', now)),
        version: (latest?.version ?? 0) + 1,
        request_id: input.requestId,
        partner_id: request.partner_id,
        status: 'draft',
        currency: values.currency,
        valid_until: values.validUntil,
        category: values.category,
        container_type: values.containerType,
        cbm: values.cbm,
        origin: values.origin,
        total_cents: 0,
        created_by_user_id: input.userId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeQuote(trx, id, values, now);
    return { id };
  });
}

export type DraftOutcome = 'done' | 'not_found' | 'not_draft';

export async function updateQuote(
  db: Database,
  id: number,
  values: QuoteValues,
  now: Date,
): Promise<DraftOutcome> {
  return inTransaction(db, async (trx): Promise<DraftOutcome> => {
    const quote = await trx.selectFrom('quotes').select('status').where('id', '=', id).executeTakeFirst();
    if (!quote) return 'not_found';
    if (quote.status !== 'draft') return 'not_draft';
    await writeQuote(trx, id, values, now);
    return 'done';
  });
}

export type SendOutcome = DraftOutcome | 'no_lines' | 'validity_passed' | 'closed';

/** Sends a draft: the version before it is replaced, and a pending request is answered (approved). */
export async function sendQuote(
  db: Database,
  input: { id: number; userId: number; today: string },
  now: Date,
): Promise<SendOutcome> {
  return inTransaction(db, async (trx): Promise<SendOutcome> => {
    const quote = await trx
      .selectFrom('quotes')
      .select(['status', 'request_id', 'valid_until'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!quote) return 'not_found';
    if (quote.status !== 'draft') return 'not_draft';
    if (quote.valid_until < input.today) return 'validity_passed';
    // A request its customer withdrew gets no quote.
    const request = await trx
      .selectFrom('shipping_requests')
      .select('withdrawn_at')
      .where('id', '=', quote.request_id)
      .executeTakeFirstOrThrow();
    if (request.withdrawn_at !== null) return 'closed';
    const lines = await trx
      .selectFrom('quote_lines')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('quote_id', '=', input.id)
      .executeTakeFirstOrThrow();
    if (Number(lines.count) === 0) return 'no_lines';
    await trx
      .updateTable('quotes')
      .set({ status: 'replaced', updated_at: now.toISOString() })
      .where('request_id', '=', quote.request_id)
      .where('status', '=', 'sent')
      .execute();
    await trx
      .updateTable('quotes')
      .set({
        status: 'sent',
        sent_by_user_id: input.userId,
        sent_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', input.id)
      .execute();
    const answered = await trx
      .updateTable('shipping_requests')
      .set({ status: 'approved', reviewed_by_user_id: input.userId, reviewed_at: now.toISOString() })
      .where('id', '=', quote.request_id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(answered.numUpdatedRows) > 0) {
      await recordRequestEvent(
        trx,
        quote.request_id,
        { kind: 'approved', note: null, userId: input.userId },
        now,
      );
    }
    const sent = await trx
      .selectFrom('quotes as q')
      .innerJoin('shipping_requests as r', 'r.id', 'q.request_id')
      .select(['q.name', 'r.partner_id'])
      .where('q.id', '=', input.id)
      .executeTakeFirstOrThrow();
    await notifyCustomer(
      trx,
      sent.partner_id,
      { kind: 'quote_sent', recordType: 'quote', recordId: input.id, params: { quote: sent.name } },
      now,
    );
    return 'done';
  });
}

export type DecisionOutcome = 'done' | 'not_found' | 'not_open' | 'expired' | 'has_order';

/**
 * The customer's decision on the sent version of a quote in its scope. Accepting makes the confirmed
 * order from the quote's shipment, for the request's customer, and links it to both; checked and written
 * in one transaction, so a quote never makes two orders.
 */
export async function decideQuote(
  db: Database,
  input: {
    scope: PartnerScope;
    id: number;
    userId: number;
    today: string;
    decision: { accept: true } | { accept: false; reason: string };
  },
  now: Date,
): Promise<DecisionOutcome> {
  return inTransaction(db, async (trx): Promise<DecisionOutcome> => {
    // Written to itself first: a second decision on the same quote waits, then finds it decided.
    let query = trx
      .updateTable('quotes')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', input.id)
      .where('status', '<>', 'draft');
    if (input.scope !== null) query = query.where('partner_id', '=', input.scope);
    const quote = await query
      .returning([
        'name',
        'status',
        'valid_until',
        'request_id',
        'partner_id',
        'category',
        'container_type',
        'cbm',
        'origin',
      ])
      .executeTakeFirst();
    if (!quote) return 'not_found';
    if (quote.status !== 'sent') return 'not_open';
    if (quote.valid_until < input.today) return 'expired';
    const decided = {
      decided_by_user_id: input.userId,
      decided_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    if (!input.decision.accept) {
      await trx
        .updateTable('quotes')
        .set({ ...decided, status: 'declined', decline_reason: input.decision.reason })
        .where('id', '=', input.id)
        .execute();
      await notifyStaff(
        trx,
        { kind: 'quote_declined', recordType: 'quote', recordId: input.id, params: { quote: quote.name } },
        now,
      );
      return 'done';
    }
    const request = await trx
      .selectFrom('shipping_requests')
      .select('shipping_order_id')
      .where('id', '=', quote.request_id)
      .executeTakeFirstOrThrow();
    if (request.shipping_order_id !== null) return 'has_order';
    const orderId = await insertShippingOrder(
      trx,
      {
        requestId: quote.request_id,
        partnerId: quote.partner_id,
        status: 'confirmed',
        category: quote.category as Category,
        containerType: quote.container_type as ContainerType,
        cbm: quote.cbm,
        origin: quote.origin as Origin,
        supplierId: null,
        shippingMark: null,
        invoiceStatus: 'not_invoiced',
        totalInvoiceCents: 0,
        loanId: null,
        containerId: null,
        expectedArrival: null,
      },
      now,
    );
    await trx
      .updateTable('quotes')
      .set({ ...decided, status: 'accepted', shipping_order_id: orderId })
      .where('id', '=', input.id)
      .execute();
    await trx
      .updateTable('shipping_requests')
      .set({ shipping_order_id: orderId, status: 'approved' })
      .where('id', '=', quote.request_id)
      .execute();
    await notifyStaff(
      trx,
      { kind: 'quote_accepted', recordType: 'quote', recordId: input.id, params: { quote: quote.name } },
      now,
    );
    return 'done';
  });
}
