import type { FinanceApplicationInput } from '@contract';
import { canReviewRequests, customerInScope, isStaff, partnerScope, type PartnerScope } from '../access';
import type { App } from '../app';
import { checkAttachments } from '../attachments';
import { refuse, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createShippingRequestWithinQuota,
  findAttachment,
  findShippingRequest,
  listShippingRequests,
  ordersOfCustomer,
  reviewShippingRequest,
  correctShippingRequest,
  withdrawShippingRequest,
  reopenShippingRequest,
  type CustomerChangeOutcome,
  type FinanceApplicationValues,
} from '../requests';

type RequestCalls =
  | 'createShippingRequest'
  | 'listShippingRequests'
  | 'getShippingRequest'
  | 'reviewShippingRequest'
  | 'correctShippingRequest'
  | 'withdrawShippingRequest'
  | 'reopenShippingRequest'
  | 'getShippingRequestAttachment';

/** An application as the contract sends it, as the store keeps it. */
function applicationValues(finance: FinanceApplicationInput | undefined): FinanceApplicationValues | null {
  if (!finance) return null;
  return {
    amount: finance.amount,
    currency: finance.currency,
    tenorMonths: finance.tenor_months,
    purpose: finance.purpose,
    supplierName: finance.supplier_name,
    supplierCountry: finance.supplier_country,
    orderIds: finance.order_ids ?? [],
  };
}

export function requestHandlers(app: App): Pick<CallHandlers, RequestCalls> {
  /** The request as it is now, after the customer's change; or why there was none. */
  async function answerChange(outcome: CustomerChangeOutcome, scope: PartnerScope, id: number) {
    if (outcome === 'not_found') throw refuse.notFound();
    if (outcome === 'closed') throw refuse.requestClosedToCustomer();
    const request = await findShippingRequest(app.database, scope, id);
    if (!request) throw refuse.notFound();
    return request;
  }

  return {
    async createShippingRequest({ body, session, files, database }) {
      // Another customer, the staff's own partner and an unknown one are all "not found". `database`:
      // with an Idempotency-Key, the transaction the request is stored in.
      if (!(await customerInScope(database, session.user, body.partner_id))) throw refuse.notFound();
      const attachments = checkAttachments(body.attachments, files);
      if (body.finance && body.service !== 'trade_finance') {
        throw refuse.invalid([
          { path: 'finance', message: 'Only a trade-finance request has an application' },
        ]);
      }
      // An application finances the customer's own orders: another's (or an unknown one) is refused.
      if (body.finance && !(await ordersOfCustomer(database, body.partner_id, body.finance.order_ids))) {
        throw refuse.invalid([{ path: 'finance.order_ids', message: 'Not an order of this customer' }]);
      }
      const id = await createShippingRequestWithinQuota(
        database,
        {
          partnerId: body.partner_id,
          emailFrom: body.email_from,
          name: body.name,
          service: body.service ?? null,
          origin: body.origin ?? null,
          destination: body.destination ?? null,
          details: body.details ?? null,
          finance: applicationValues(body.finance),
          description: body.description,
          expectedRevenue: body.expected_revenue,
          attachments,
        },
        app.storageQuotaBytes,
        app.now(),
      );
      if (id === 'quota_exceeded') throw refuse.storageQuotaExceeded(app.storageQuotaBytes);
      return { status: 'success', id };
    },

    async listShippingRequests({ query, session }) {
      return listShippingRequests(app.database, {
        scope: partnerScope(session.user),
        partnerId: query.partner_id,
        status: query.status,
        service: query.service,
        origin: query.origin,
        withUnknownOrigin: query.with_unknown_origin === 'true',
        search: query.search || undefined,
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    async getShippingRequest({ params, session }) {
      const request = await findShippingRequest(app.database, partnerScope(session.user), params.id);
      if (!request) throw refuse.notFound();
      return request;
    },

    async reviewShippingRequest({ params, body, session }) {
      if (!canReviewRequests(session.user)) throw refuse.forbidden();
      const outcome = await reviewShippingRequest(
        app.database,
        { id: params.id, status: body.status, note: body.note || null, reviewerId: session.user.id },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'already_reviewed') throw refuse.alreadyReviewed();
      if (outcome === 'withdrawn') throw refuse.requestWithdrawn();
      const request = await findShippingRequest(app.database, partnerScope(session.user), params.id);
      if (!request) throw refuse.notFound();
      return request;
    },

    async correctShippingRequest({ params, body, session }) {
      // The customer's own words: staff decide on a request, they do not rewrite it.
      if (isStaff(session.user)) throw refuse.forbidden();
      const scope = partnerScope(session.user);
      if (body.finance && body.service !== 'trade_finance') {
        throw refuse.invalid([
          { path: 'finance', message: 'Only a trade-finance request has an application' },
        ]);
      }
      if (
        body.finance &&
        scope !== null &&
        !(await ordersOfCustomer(app.database, scope, body.finance.order_ids))
      ) {
        throw refuse.invalid([{ path: 'finance.order_ids', message: 'Not an order of this customer' }]);
      }
      const outcome = await correctShippingRequest(
        app.database,
        scope,
        params.id,
        {
          name: body.name,
          service: body.service ?? null,
          origin: body.origin ?? null,
          destination: body.destination ?? null,
          details: body.details ?? null,
          description: body.description,
          expectedRevenue: body.expected_revenue,
          finance: applicationValues(body.finance),
        },
        { userId: session.user.id, now: app.now() },
      );
      return answerChange(outcome, scope, params.id);
    },

    async withdrawShippingRequest({ params, session }) {
      if (isStaff(session.user)) throw refuse.forbidden();
      const scope = partnerScope(session.user);
      const outcome = await withdrawShippingRequest(
        app.database,
        scope,
        params.id,
        session.user.id,
        app.now(),
      );
      return answerChange(outcome, scope, params.id);
    },

    async reopenShippingRequest({ params, body, session }) {
      if (!canReviewRequests(session.user)) throw refuse.forbidden();
      const outcome = await reopenShippingRequest(
        app.database,
        { id: params.id, note: body.note, userId: session.user.id },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'not_decided') throw refuse.requestNotDecided();
      if (outcome === 'has_follow_up') throw refuse.requestHasFollowUp();
      const request = await findShippingRequest(app.database, partnerScope(session.user), params.id);
      if (!request) throw refuse.notFound();
      return request;
    },

    async getShippingRequestAttachment({ params, session }) {
      const scope = partnerScope(session.user);
      const file = await findAttachment(app.database, scope, params.id, params.attachment_id);
      if (!file) throw refuse.notFound();
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },
  };
}
