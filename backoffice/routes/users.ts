import { canSeeUser, isStaff, partnerScope } from '../access';
import type { App } from '../app';
import { refuse, type CallHandlers } from '../http';
import { getContactDetails } from '../partners';
import { findUserById, listUsers, toBackofficeUser } from '../users';

export function userHandlers(app: App): Pick<CallHandlers, 'getContactDetails' | 'listUsers' | 'getUser'> {
  return {
    async getContactDetails({ query, session }) {
      // Someone else's record is "not found", never "forbidden": its existence is not revealed.
      if (!canSeeUser(session.user, query.user_id)) throw refuse.notFound();
      const user = await findUserById(app.database, query.user_id);
      const contact =
        user && (await getContactDetails(app.database, partnerScope(session.user), user.partnerId));
      if (!contact) throw refuse.notFound();
      return contact;
    },

    async listUsers({ session }) {
      if (!isStaff(session.user)) throw refuse.forbidden();
      return { users: (await listUsers(app.database)).map(toBackofficeUser) };
    },

    async getUser({ params, session }) {
      if (!canSeeUser(session.user, params.id)) throw refuse.notFound();
      const user = await findUserById(app.database, params.id);
      if (!user) throw refuse.notFound();
      return toBackofficeUser(user);
    },
  };
}
