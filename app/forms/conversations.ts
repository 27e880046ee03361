// A message on a record's conversation (ADR 057): the words, and for staff whether it is an internal note.
import { z } from 'zod';
import { MESSAGE_MAX } from '@contract/values';
import { pageParam, plainText } from '~/services/input';

export const messageSchema = z.object({
  body: plainText(MESSAGE_MAX, {
    multiline: true,
    tooLong: 'validation.tooLong',
    required: 'validation.required',
  }),
  internal: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
  // The files stream in beside the form's fields (uploads.server.ts): the schema only names the field.
  attachments: z.unknown().optional(),
});

/** /apps/conversations: all, or those with unread messages; the page. */
export const conversationListParams = z.object({
  show: z.enum(['all', 'unread']).catch('all').default('all'),
  page: pageParam,
});
