import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findSharedDocument, findSharedRecord } from '../shares';

export function shareHandlers(app: App): Pick<CallHandlers, 'getSharedDocument' | 'getSharedRecord'> {
  return {
    getSharedDocument({ params }) {
      // No session: the token is the key. Unknown, altered, expired, its document gone or a share of
      // a record: the same 404, so an answer tells nothing about which tokens exist.
      const file = findSharedDocument(app.db, params.token, app.now());
      if (!file) throw refuse.notFound();
      return {
        filename: file.filename,
        mimetype: file.mimetype,
        data: file.data.toString('base64'),
        expires_at: file.expiresAt,
      };
    },

    getSharedRecord({ params }) {
      // As above: unknown, altered, expired, its record gone or a share of a file all answer 404.
      const record = findSharedRecord(app.db, params.token, app.now());
      if (!record) throw refuse.notFound();
      return record;
    },
  };
}
