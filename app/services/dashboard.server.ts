// The dashboard's figures: the user's account, the shipments and trade-finance summaries, and for staff
// the users by role and what waits for them. Each part may fail on its own; its message then shows in its card.
import type { TFunction } from 'i18next';
import type { CallAnswer } from '@contract';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import { getOwnContact } from './account.server';
import { loadPart, type Loaded } from './errors.server';

export interface DashboardParts {
  contact: Loaded<CallAnswer<'getContactDetails'>>;
  /** Staff only: how many users there are, by role. */
  users: Loaded<{ total: number; byRole: [string, number][] }> | null;
  shipments: Loaded<CallAnswer<'shippingOrderSummary'>>;
  finance: Loaded<CallAnswer<'financeSummary'>>;
  /** Staff only: what waits for them (requests to decide, orders without news, deliveries today). */
  work: Loaded<CallAnswer<'staffWork'>> | null;
}

function usersByRole(users: CallAnswer<'listUsers'>['users']) {
  const byRole = new Map<string, number>();
  for (const entry of users) {
    const role = (entry.role ?? entry.roles[0]?.name ?? 'client').toLowerCase();
    byRole.set(role, (byRole.get(role) ?? 0) + 1);
  }
  return { total: users.length, byRole: [...byRole] };
}

/** The parts, each with its value or why it is missing (in the reader's language, `t`). */
export async function dashboardParts(signedIn: SignedIn, t: TFunction): Promise<DashboardParts> {
  const bo = signedIn.backoffice;
  const staff = isStaff(signedIn.user.roles);
  const [contact, users, shipments, finance, work] = await Promise.all([
    loadPart(getOwnContact(signedIn), 'dashboard contact', t),
    staff
      ? loadPart(
          bo.call('listUsers').then((answer) => usersByRole(answer.users)),
          'dashboard users',
          t,
        )
      : null,
    loadPart(bo.call('shippingOrderSummary'), 'dashboard shipments', t),
    loadPart(bo.call('financeSummary'), 'dashboard finance', t),
    staff ? loadPart(bo.call('staffWork'), 'dashboard work', t) : null,
  ]);
  return { contact, users, shipments, finance, work };
}
