/** The signed-in person's notifications: their own only, whoever they are. */
import type { App } from '../app';
import type { CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { listNotifications, markNotificationsRead } from '../notifications';

export function notificationHandlers(
  app: App,
): Pick<CallHandlers, 'listNotifications' | 'markNotificationsRead'> {
  return {
    listNotifications({ query, session }) {
      return listNotifications(app.database, session.user.id, {
        unread: query.unread === 'true',
        limit: query.limit ?? DEFAULT_LIST_LIMIT,
        offset: query.offset ?? 0,
      });
    },

    async markNotificationsRead({ body, session }) {
      return { unread: await markNotificationsRead(app.database, session.user.id, body.ids, app.now()) };
    },
  };
}
