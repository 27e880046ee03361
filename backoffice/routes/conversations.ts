/** Conversations on records (ADR 057): read, write and list them, within the records one may see. */
import type { App } from '../app';
import { isStaff } from '../access';
import { checkAttachments } from '../attachments';
import {
  conversationRecord,
  findMessageAttachment,
  listConversations,
  postMessage,
  readConversation,
} from '../conversations';
import { refuse, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';

export function conversationHandlers(
  app: App,
): Pick<CallHandlers, 'listMessages' | 'postMessage' | 'listConversations' | 'getMessageAttachment'> {
  return {
    async listMessages({ params, session }) {
      // A record out of the caller's scope (another customer's, a draft): not found.
      if (!(await conversationRecord(app.database, session.user, params.record_type, params.id))) {
        throw refuse.notFound();
      }
      return readConversation(app.database, session.user, params.record_type, params.id);
    },

    async postMessage({ params, body, session, database, files }) {
      // `database`: with an Idempotency-Key, the transaction that also keeps the answer.
      const record = await conversationRecord(database, session.user, params.record_type, params.id);
      if (!record) throw refuse.notFound();
      // Internal notes are staff's.
      if (body.internal && !isStaff(session.user)) throw refuse.forbidden();
      const posted = await postMessage(
        database,
        session.user,
        { ...record, type: params.record_type, id: params.id },
        { ...body, attachments: checkAttachments(body.attachments, files) },
        app.now(),
        app.storageQuotaBytes,
      );
      if (posted === 'quota_exceeded') throw refuse.storageQuotaExceeded(app.storageQuotaBytes);
      return posted;
    },

    async getMessageAttachment({ params, session }) {
      const file = await findMessageAttachment(
        app.database,
        session.user,
        params.record_type,
        params.id,
        params.attachment_id,
      );
      // The record itself must be the person's to see, as its conversation is.
      if (!file || !(await conversationRecord(app.database, session.user, params.record_type, params.id))) {
        throw refuse.notFound();
      }
      return { filename: file.filename, mimetype: file.mimetype, data: file.data.toString('base64') };
    },

    listConversations({ query, session }) {
      return listConversations(app.database, session.user, {
        unread: query.unread === 'true',
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },
  };
}
