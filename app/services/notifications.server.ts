// The signed-in person's notifications: a page of them, how many are unread (the top bar's count), and
// marking them read.
import type { Notification, NotificationKind, NotificationPreferences, NotificationRecord } from '@contract';
import type { SignedIn } from './auth.server';
import { backoffice, isBackofficeError } from './backoffice/client.server';
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

/** What the person has not read: notifications and messages; null for what the back office cannot say. */
export type Unread = { notifications: number | null; messages: number | null };

/** How many notifications and messages the person has not read (one call); null when unknown (no badge). */
export async function unreadCounts(signedIn: SignedIn): Promise<Unread> {
  try {
    const answer = await signedIn.backoffice.call('listNotifications', {
      query: { unread: 'true', limit: 1 },
    });
    return { notifications: answer.unread, messages: answer.unread_messages ?? null };
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('unread notifications', error);
    return { notifications: null, messages: null };
  }
}

/** Marks these notifications read (or all of them); how many stay unread. */
export async function markRead(signedIn: SignedIn, ids?: number[]): Promise<number> {
  const answer = await signedIn.backoffice.call('markNotificationsRead', { body: ids ? { ids } : {} });
  return answer.unread;
}

/** The page of a record a notification or a conversation is about (a loan's is found by its number). */
export function recordPage(type: NotificationRecord, id: number, loanNumber: string): string {
  switch (type) {
    case 'request':
      return `/apps/requests/${id}`;
    case 'quote':
      return `/apps/quotes/${id}`;
    case 'order':
      return `/apps/shipping-details/${id}`;
    case 'loan':
      return `/apps/loan/loan-details/${encodeURIComponent(loanNumber)}`;
    case 'invoice':
      return `/apps/invoice/${id}`;
  }
}

/** The page of the record a notification is about. */
export function notificationTarget(notification: Notification): string {
  return recordPage(notification.record_type, notification.record_id, String(notification.params.loan ?? ''));
}

/** Opens one of the person's notifications (a mail's link): marks it read; its record's page. 404 for another's. */
export async function openNotification(signedIn: SignedIn, id: number): Promise<string> {
  const notification = await signedIn.backoffice.record('openNotification', { params: { id } });
  return notificationTarget(notification);
}

/** How the person hears of each kind they may be told of. */
export async function notificationPreferences(
  signedIn: SignedIn,
): Promise<NotificationPreferences['preferences']> {
  return (await signedIn.backoffice.call('getNotificationPreferences', {})).preferences;
}

/** Keeps the person's choices. */
export async function saveNotificationPreferences(
  signedIn: SignedIn,
  preferences: NotificationPreferences['preferences'],
): Promise<void> {
  await signedIn.backoffice.call('updateNotificationPreferences', { body: { preferences } });
}

/**
 * What an unsubscribe link stops — a kind, or every kind (`all`) — without signing in; null for a link
 * the back office does not know (`apply`: stop it now, else only read it).
 */
export async function unsubscribeLink(
  token: string,
  apply: boolean,
): Promise<{ kind: NotificationKind | 'all' } | null> {
  try {
    const answer = await backoffice().call(apply ? 'unsubscribe' : 'checkUnsubscribe', { body: { token } });
    return { kind: answer.kind ?? 'all' };
  } catch (error) {
    if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'rejected')) return null;
    throw error;
  }
}
