/** Notifications in the portal (extension): what a person is told, with the record it links to. */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_RECORDS } from './values';
import { id } from './fields';
import { listQuery } from './common';

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  record_type: z.enum(NOTIFICATION_RECORDS),
  record_id: z.number().int(),
  /** What the text names: an order's or a loan's number, a milestone, a request's id. */
  params: z.record(z.union([z.string(), z.number()])),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = listQuery.extend({ unread: z.enum(['true', 'false']).optional() });
export const notificationsAnswer = z.object({
  notifications: z.array(notification),
  total: z.number().int().nonnegative(),
  /** How many of the person's notifications are unread, whatever the page. */
  unread: z.number().int().nonnegative(),
  /** Messages the person has not read in the conversations they may see (a back office may leave it out). */
  unread_messages: z.number().int().nonnegative().optional(),
});

/** Marks these notifications read, or every one when `ids` is left out. */
export const notificationsRead = z.object({ ids: z.array(id).max(100).optional() });
export const unreadAnswer = z.object({ unread: z.number().int().nonnegative() });

export const notificationParams = z.object({ id });

/** Each kind the person may be told of, and how they hear of it. */
export const notificationPreferences = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), channel: z.enum(NOTIFICATION_CHANNELS) }))
    .max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The signed token of an unsubscribe link (in every notification mail). */
export const unsubscribeRequest = z.object({ token: z.string().min(1).max(200) });
/** What the link stops: mails of one kind, or of every kind (`null`). */
export const unsubscribeAnswer = z.object({ kind: z.enum(NOTIFICATION_KINDS).nullable() });
