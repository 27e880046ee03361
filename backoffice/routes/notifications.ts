/** The signed-in person's notifications and how they hear of them: their own only, whoever they are. */
import type { App } from '../app';
import { isStaff } from '../access';
import { refuse, type CallHandlers } from '../http';
import { DEFAULT_LIST_LIMIT } from '../lists';
import { unreadMessageCount } from '../conversations';
import {
  kindsFor,
  listNotifications,
  markNotificationsRead,
  openNotification,
  preferencesOf,
  savePreferences,
} from '../notifications';
import { readUnsubscribeToken } from '../notificationMails';
import { findUserById } from '../users';

export function notificationHandlers(
  app: App,
): Pick<
  CallHandlers,
  | 'listNotifications'
  | 'markNotificationsRead'
  | 'openNotification'
  | 'getNotificationPreferences'
  | 'updateNotificationPreferences'
  | 'checkUnsubscribe'
  | 'unsubscribe'
> {
  /** What a token stops, and whose; a token the back office did not sign, or of an account gone, is not found. */
  async function unsubscribeTarget(token: string) {
    const target = readUnsubscribeToken(app.sealer, token);
    const user = target && (await findUserById(app.database, target.userId));
    if (!target || !user) throw refuse.notFound();
    return { ...target, user };
  }

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

    async openNotification({ params, session }) {
      const notification = await openNotification(app.database, session.user.id, params.id, app.now());
      if (!notification) throw refuse.notFound();
      return notification;
    },

    async getNotificationPreferences({ session }) {
      return { preferences: await preferencesOf(app.database, session.user.id, isStaff(session.user)) };
    },

    async updateNotificationPreferences({ body, session }) {
      const staff = isStaff(session.user);
      const allowed = new Set<string>(kindsFor(staff));
      const issues = body.preferences.flatMap((choice, index) =>
        allowed.has(choice.kind)
          ? []
          : [{ path: `preferences.${index}.kind`, message: 'You are never told of this kind' }],
      );
      if (issues.length > 0) throw refuse.invalid(issues);
      await savePreferences(app.database, session.user.id, body.preferences);
      return { preferences: await preferencesOf(app.database, session.user.id, staff) };
    },

    async checkUnsubscribe({ body }) {
      const target = await unsubscribeTarget(body.token);
      return { kind: target.kind === 'all' ? null : target.kind };
    },

    async unsubscribe({ body }) {
      const target = await unsubscribeTarget(body.token);
      const kinds = target.kind === 'all' ? kindsFor(isStaff(target.user)) : [target.kind];
      await savePreferences(
        app.database,
        target.user.id,
        kinds.map((kind) => ({ kind, channel: 'portal' as const })),
      );
      return { kind: target.kind === 'all' ? null : target.kind };
    },
  };
}
