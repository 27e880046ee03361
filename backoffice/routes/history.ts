/** A record's history: who did what, when and what changed (staff); the customer's entries (clients). */
import { canAdministerShipments, canManageCustomers, isStaff, orderScope, partnerScope } from '../access';
import type { App } from '../app';
import { auditTrail } from '../audit';
import { refuse, type CallHandlers } from '../http';
import { findLoanById } from '../loans';
import { orderPartner } from '../orders';

export function historyHandlers(app: App): Pick<CallHandlers, 'getHistory'> {
  return {
    async getHistory({ params, session }) {
      const user = session.user;
      const staff = isStaff(user);
      switch (params.record_type) {
        case 'order': {
          // An order outside the caller's scope (another customer's, another warehouse's): not found.
          const scope = await orderScope(app.database, user);
          if ((await orderPartner(app.database, scope, params.id)) === null) throw refuse.notFound();
          break;
        }
        case 'loan':
          if (!(await findLoanById(app.database, partnerScope(user), params.id))) throw refuse.notFound();
          break;
        case 'container':
          if (!canAdministerShipments(user)) throw refuse.forbidden();
          break;
        case 'customer':
          if (!canManageCustomers(user)) throw refuse.forbidden();
          break;
      }
      return { events: await auditTrail(app.database, params.record_type, params.id, !staff) };
    },
  };
}
