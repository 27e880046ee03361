/**
 * Conversations (extension): the messages the customer and staff write on a request, a quote, a
 * shipping order, a loan or an invoice, with staff's internal notes that the customer never gets, and
 * what each person has not read yet.
 */
import { z } from 'zod';
import { withoutControls } from '../app/services/input';
import { listQuery } from './common';
import { id } from './fields';
import { ATTACHMENT_LIMITS, MESSAGE_MAX, MESSAGE_RECORDS } from './values';
import { attachmentInfo, attachmentUpload } from './requests';

export const message = z.object({
  id: z.number().int(),
  record_type: z.enum(MESSAGE_RECORDS),
  record_id: z.number().int(),
  body: z.string(),
  /** Staff only: an internal note, never sent to the customer. */
  internal: z.boolean(),
  author_name: z.string(),
  /** Written by staff (the forwarder), rather than by the customer. */
  by_staff: z.boolean(),
  /** Written by the person asking. */
  mine: z.boolean(),
  created_at: z.string(),
  /** Files attached (a back office without them may leave it out). */
  attachments: z.array(attachmentInfo).optional(),
});
export type Message = z.infer<typeof message>;

export const threadParams = z.object({ record_type: z.enum(MESSAGE_RECORDS), id });

export const messagesAnswer = z.object({
  /** Oldest first; a customer gets no internal note. */
  messages: z.array(message),
  /** How many of them the person had not read before this call, which marks them read. */
  unread: z.number().int().nonnegative(),
});

export const messageInput = z.object({
  body: withoutControls(z.string().trim().min(1).max(MESSAGE_MAX), { multiline: true }),
  /** Staff only (403 for a customer): an internal note. */
  internal: z.boolean().default(false),
  /** Files, by the request upload rules (count, size, type, content; the customer's storage quota). */
  attachments: z.array(attachmentUpload).max(ATTACHMENT_LIMITS.files).default([]),
});

export const messageAttachmentParams = threadParams.extend({ attachment_id: id });

export const conversation = z.object({
  record_type: z.enum(MESSAGE_RECORDS),
  record_id: z.number().int(),
  /** The record's number or name as the customer knows it (SO-…, LN-…, INV-…, a request's id). */
  record_name: z.string(),
  partner_name: z.string(),
  messages: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
  last_message: message,
});
export type Conversation = z.infer<typeof conversation>;

export const conversationsQuery = listQuery.extend({ unread: z.enum(['true', 'false']).optional() });
export const conversationsAnswer = z.object({
  /** Newest message first. */
  conversations: z.array(conversation),
  total: z.number().int().nonnegative(),
  /** Messages the person has not read, in every conversation they may see. */
  unread: z.number().int().nonnegative(),
});
