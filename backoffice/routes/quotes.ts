import { isStaff, partnerScope } from '../access';
import type { App } from '../app';
import { recordAudit } from '../audit';
import { refuse, type CallContext, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { dayOf } from '../numbers';
import {
  createQuote,
  decideQuote,
  findQuote,
  listQuotes,
  sendQuote,
  updateQuote,
  type QuoteValues,
} from '../quotes';
import type { Database } from '../data/database';
import type { Session } from '../sessions';

type QuoteCalls =
  'listQuotes' | 'getQuote' | 'createQuote' | 'updateQuote' | 'sendQuote' | 'acceptQuote' | 'declineQuote';

function quoteValues(body: CallContext<'createQuote'>['body']): QuoteValues {
  return {
    currency: body.currency,
    validUntil: body.valid_until,
    transitDays: body.transit_days ?? null,
    incoterm: body.incoterm ?? null,
    notes: body.notes ?? null,
    category: body.category,
    containerType: body.container_type,
    cbm: body.cbm,
    origin: body.origin,
    lines: body.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unit_price,
    })),
  };
}

export function quoteHandlers(app: App): Pick<CallHandlers, QuoteCalls> {
  const today = () => dayOf(app.now());

  /** The quote as the caller may see it (404 otherwise), read through `database`. */
  const quoteFor = async (database: Database, session: Session, id: number) => {
    const quote = await findQuote(database, partnerScope(session.user), id, today());
    if (!quote) throw refuse.notFound();
    return quote;
  };

  /** The customer decides on its own quote; staff may not decide for it. */
  const decide = async (
    { params, session, database }: { params: { id: number }; session: Session; database: Database },
    decision: { accept: true } | { accept: false; reason: string },
  ) => {
    if (isStaff(session.user)) throw refuse.forbidden();
    const outcome = await decideQuote(
      database,
      { scope: partnerScope(session.user), id: params.id, userId: session.user.id, today: today(), decision },
      app.now(),
    );
    if (outcome === 'not_found') throw refuse.notFound();
    if (outcome === 'not_open') throw refuse.quoteNotOpen();
    if (outcome === 'expired') throw refuse.quoteExpired();
    if (outcome === 'has_order') throw refuse.requestHasOrder();
    const quote = await quoteFor(database, session, params.id);
    if (decision.accept && quote.shipping_order_id !== null)
      await recordAudit(
        database,
        {
          recordType: 'order',
          recordId: quote.shipping_order_id,
          action: 'created',
          note: quote.name,
          userId: session.user.id,
          customerVisible: true,
        },
        app.now(),
      );
    return quote;
  };

  return {
    async listQuotes({ query, session }) {
      return listQuotes(
        app.database,
        {
          scope: partnerScope(session.user),
          requestId: query.request_id,
          status: query.status,
          search: query.search || undefined,
          limit: query.limit ?? DEFAULT_LIST_LIMIT,
          offset: query.offset ?? 0,
        },
        today(),
      );
    },

    async getQuote({ params, session }) {
      return quoteFor(app.database, session, params.id);
    },

    async createQuote({ params, body, session, database }) {
      if (!isStaff(session.user)) throw refuse.forbidden();
      const outcome = await createQuote(
        database,
        { requestId: params.id, values: quoteValues(body), userId: session.user.id },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'not_quotation') throw refuse.notQuotationRequest();
      if (outcome === 'closed') throw refuse.requestClosed();
      return quoteFor(database, session, outcome.id);
    },

    async updateQuote({ params, body, session }) {
      if (!isStaff(session.user)) throw refuse.forbidden();
      const outcome = await updateQuote(app.database, params.id, quoteValues(body), app.now());
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'not_draft') throw refuse.quoteNotDraft();
      return quoteFor(app.database, session, params.id);
    },

    async sendQuote({ params, session, database }) {
      if (!isStaff(session.user)) throw refuse.forbidden();
      const outcome = await sendQuote(
        database,
        { id: params.id, userId: session.user.id, today: today() },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'not_draft') throw refuse.quoteNotDraft();
      if (outcome === 'no_lines') throw refuse.quoteNoLines();
      if (outcome === 'validity_passed') throw refuse.quoteValidityPassed();
      if (outcome === 'closed') throw refuse.requestClosed();
      return quoteFor(database, session, params.id);
    },

    async acceptQuote(context) {
      return decide(context, { accept: true });
    },

    async declineQuote(context) {
      return decide(context, { accept: false, reason: context.body.reason });
    },
  };
}
