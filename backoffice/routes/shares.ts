import { partnerScope } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { findSharedDocument, findSharedRecord, listLiveShares, revokeShare } from '../shares';

type ShareCalls = 'getSharedDocument' | 'getSharedRecord' | 'listShares' | 'revokeShare';

export function shareHandlers(app: App): Pick<CallHandlers, ShareCalls> {
  // Whoever may read a document sees and revokes its links: a client those of its own customer's
  // documents (whoever made them), staff any customer's. Anything else is 404, never 403.
  return {
    async listShares({ query, session }) {
      const scope = partnerScope(session.user);
      const shares = await listLiveShares(app.database, scope, query.kind, query.target_id, app.now());
      if (!shares) throw refuse.notFound();
      return { shares };
    },

    async revokeShare({ params, session }) {
      const scope = partnerScope(session.user);
      if (!(await revokeShare(app.database, scope, params.id, session.user.id, app.now())))
        throw refuse.notFound();
      return { status: 'success' as const };
    },

    async getSharedDocument({ params }) {
      // No session: the token is the key. Unknown, altered, expired, its document gone or a share of
      // a record: the same 404, so an answer tells nothing about which tokens exist.
      const file = await findSharedDocument(app.database, params.token, app.now());
      if (!file) throw refuse.notFound();
      return {
        filename: file.filename,
        mimetype: file.mimetype,
        data: file.data.toString('base64'),
        expires_at: file.expiresAt,
      };
    },

    async getSharedRecord({ params }) {
      // As above: unknown, altered, expired, its record gone or a share of a file all answer 404.
      const record = await findSharedRecord(app.database, params.token, app.now());
      if (!record) throw refuse.notFound();
      return record;
    },
  };
}
