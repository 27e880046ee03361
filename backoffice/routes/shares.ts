import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findSharedDocument } from '../shares';

export function shareHandlers(app: App): Pick<CallHandlers, 'getSharedDocument'> {
  return {
    getSharedDocument({ params }) {
      // No session: the token is the key. Unknown, altered, expired, or its document gone: the same
      // 404, so an answer tells nothing about which tokens exist.
      const file = findSharedDocument(app.db, params.token, app.now());
      if (!file) throw refuse.notFound();
      return {
        filename: file.filename,
        mimetype: file.mimetype,
        data: file.data.toString('base64'),
        expires_at: file.expiresAt,
      };
    },
  };
}
