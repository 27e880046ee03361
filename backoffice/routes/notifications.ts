/** The signed-in person's notifications: their own only, whoever they are. */
import type { App } from '../app';
import type { CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { unreadMessageCount } from '../conversations';
import { listNotifications, markNotificationsRead } from '../notifications';

export function notificationHandlers(
  app: App,
): Pick<CallHandlers, 'listNotifications' | 'markNotificationsRead'> {
  return {
    async listNotifications({ query, session }) {
      const listed = await listNotifications(app.database, session.user.id, {
        unread: query.unread === 'true',
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
      // The top bar's counts come from this one call: the unread messages ride along.
      return { ...listed, unread_messages: await unreadMessageCount(app.database, session.user) };
    },

    async markNotificationsRead({ body, session }) {
      return { unread: await markNotificationsRead(app.database, session.user.id, body.ids, app.now()) };
    },
  };
}
