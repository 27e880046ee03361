// The dashboard's figures: the user's account, the shipments and trade-finance summaries, and for staff
// the users by role. Each part may fail on its own; its message then shows in its card.
import type { CallAnswer } from '@contract';
import { isStaff } from './access';
import type { SignedIn } from './auth.server';
import { getOwnContact } from './account.server';
import { messageKeyFor, reportError } from './errors.server';

/** A part of the page: its value, or the message key of why it is missing. */
export type Part<T> = { value: T } | { error: string };

async function settle<T>(promise: Promise<T>, context: string): Promise<Part<T>> {
  try {
    return { value: await promise };
  } catch (error) {
    // An ended session ends the page (its redirect to sign in), not just a card.
    if (error instanceof Response) throw error;
    reportError(context, error);
    return { error: messageKeyFor(error) };
  }
}

export interface DashboardParts {
  contact: Part<CallAnswer<'getContactDetails'>>;
  /** Staff only: how many users there are, by role. */
  users: Part<{ total: number; byRole: [string, number][] }> | null;
  shipments: Part<CallAnswer<'shippingOrderSummary'>>;
  finance: Part<CallAnswer<'financeSummary'>>;
}

function usersByRole(users: CallAnswer<'listUsers'>['users']) {
  const byRole = new Map<string, number>();
  for (const entry of users) {
    const role = (entry.role ?? entry.roles[0]?.name ?? 'client').toLowerCase();
    byRole.set(role, (byRole.get(role) ?? 0) + 1);
  }
  return { total: users.length, byRole: [...byRole] };
}

export async function dashboardParts(signedIn: SignedIn): Promise<DashboardParts> {
  const bo = signedIn.backoffice;
  const [contact, users, shipments, finance] = await Promise.all([
    settle(getOwnContact(signedIn), 'dashboard contact'),
    isStaff(signedIn.user.roles)
      ? settle(
          bo.call('listUsers').then((answer) => usersByRole(answer.users)),
          'dashboard users',
        )
      : null,
    settle(bo.call('shippingOrderSummary'), 'dashboard shipments'),
    settle(bo.call('financeSummary'), 'dashboard finance'),
  ]);
  return { contact, users, shipments, finance };
}
