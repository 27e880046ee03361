// The signed-in person's notifications: a page of them, how many are unread (the top bar's count), and
// marking them read.
import type { Notification } from '@contract';
import type { SignedIn } from './auth.server';
import { reportError } from './errors.server';
import { PAGE_SIZE, pageQuery, type Page } from './paging';

/** One page of the person's notifications (unread only when asked), and how many are unread. */
export async function myNotifications(
  signedIn: SignedIn,
  params: { unread: boolean; page: number },
): Promise<Page<Notification> & { unread: number }> {
  const answer = await signedIn.backoffice.call('listNotifications', {
    query: { ...(params.unread ? { unread: 'true' as const } : {}), ...pageQuery(params.page) },
  });
  const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
  return {
    items: answer.notifications,
    total: answer.total,
    page: params.page,
    pages,
    unread: answer.unread,
  };
}

/** How many notifications the person has not read; null when the back office cannot say (no badge). */
export async function unreadCount(signedIn: SignedIn): Promise<number | null> {
  try {
    return (await signedIn.backoffice.call('listNotifications', { query: { unread: 'true', limit: 1 } }))
      .unread;
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('unread notifications', error);
    return null;
  }
}

/** Marks these notifications read (or all of them); how many stay unread. */
export async function markRead(signedIn: SignedIn, ids?: number[]): Promise<number> {
  const answer = await signedIn.backoffice.call('markNotificationsRead', { body: ids ? { ids } : {} });
  return answer.unread;
}

/** The page of the record a notification is about. */
export function notificationTarget(notification: Notification): string {
  switch (notification.record_type) {
    case 'request':
      return `/apps/requests/${notification.record_id}`;
    case 'quote':
      return `/apps/quotes/${notification.record_id}`;
    case 'order':
      return `/apps/shipping-details/${notification.record_id}`;
    case 'loan':
      return `/apps/loan/loan-details/${encodeURIComponent(String(notification.params.loan ?? ''))}`;
  }
}
