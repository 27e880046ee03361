import type { ShareKind } from '@contract';
import { canSeePartner, type Principal } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import {
  findShareById,
  findSharedDocument,
  findSharedRecord,
  listLiveShares,
  revokeShare,
  sharePartner,
} from '../shares';

type ShareCalls = 'getSharedDocument' | 'getSharedRecord' | 'listShares' | 'revokeShare';

export function shareHandlers(app: App): Pick<CallHandlers, ShareCalls> {
  /**
   * Whoever may read a document sees and revokes its links: a client those of its own customer's
   * documents (whoever made them), staff any customer's. Anything else is 404, never 403.
   */
  const checkScope = async (user: Principal, kind: ShareKind, targetId: number) => {
    const partnerId = await sharePartner(app.database, kind, targetId);
    if (partnerId === null || !canSeePartner(user, partnerId)) throw refuse.notFound();
  };

  return {
    async listShares({ query, session }) {
      await checkScope(session.user, query.kind, query.target_id);
      return { shares: await listLiveShares(app.database, query.kind, query.target_id, app.now()) };
    },

    async revokeShare({ params, session }) {
      const share = await findShareById(app.database, params.id);
      if (!share) throw refuse.notFound();
      await checkScope(session.user, share.kind, share.target_id);
      await revokeShare(app.database, params.id, session.user.id, app.now());
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
