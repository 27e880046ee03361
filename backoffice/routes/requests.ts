import { canReviewRequests, canSeePartner, customerInScope, partnerScope } from '../access';
import type { App } from '../app';
import { checkAttachments } from '../attachments';
import { refuse, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import {
  createShippingRequest,
  findAttachment,
  findShippingRequest,
  listShippingRequests,
  reviewShippingRequest,
  storedBytes,
} from '../requests';

type RequestCalls =
  | 'createShippingRequest'
  | 'listShippingRequests'
  | 'getShippingRequest'
  | 'reviewShippingRequest'
  | 'getShippingRequestAttachment';

export function requestHandlers(app: App): Pick<CallHandlers, RequestCalls> {
  return {
    async createShippingRequest({ body, session, files, database }) {
      // Another customer, the staff's own partner and an unknown one are all "not found". `database`:
      // with an Idempotency-Key, the transaction the request is stored in (app.db writes in it too).
      if (!(await customerInScope(database, session.user, body.partner_id))) throw refuse.notFound();
      const attachments = checkAttachments(body.attachments, files);
      // Checked and stored in the same synchronous turn: two uploads cannot both pass the last room.
      const adding = attachments.reduce((sum, file) => sum + file.data.length, 0);
      if (adding > 0 && storedBytes(app.db, body.partner_id) + adding > app.storageQuotaBytes)
        throw refuse.storageQuotaExceeded(app.storageQuotaBytes);
      const id = createShippingRequest(
        app.db,
        {
          partnerId: body.partner_id,
          emailFrom: body.email_from,
          name: body.name,
          service: body.service ?? null,
          origin: body.origin ?? null,
          description: body.description,
          expectedRevenue: body.expected_revenue,
          attachments,
        },
        app.now(),
      );
      return { status: 'success', id };
    },

    listShippingRequests({ query, session }) {
      return listShippingRequests(app.db, {
        scope: partnerScope(session.user),
        partnerId: query.partner_id,
        status: query.status,
        service: query.service,
        origin: query.origin,
        search: query.search || undefined,
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    getShippingRequest({ params, session }) {
      const request = findShippingRequest(app.db, params.id);
      if (!request || !canSeePartner(session.user, request.partner_id)) throw refuse.notFound();
      return request;
    },

    reviewShippingRequest({ params, body, session }) {
      if (!canReviewRequests(session.user)) throw refuse.forbidden();
      const outcome = reviewShippingRequest(
        app.db,
        { id: params.id, status: body.status, note: body.note || null, reviewerId: session.user.id },
        app.now(),
      );
      if (outcome === 'not_found') throw refuse.notFound();
      if (outcome === 'already_reviewed') throw refuse.alreadyReviewed();
      const request = findShippingRequest(app.db, params.id);
      if (!request) throw refuse.notFound();
      return request;
    },

    getShippingRequestAttachment({ params, session }) {
      const file = findAttachment(app.db, params.id, params.attachment_id);
      if (!file || !canSeePartner(session.user, file.partnerId)) throw refuse.notFound();
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },
  };
}
