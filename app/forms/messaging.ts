// The messaging screens' forms and URL state (chats, e-mail, notes). One schema each, for the browser and
// the action; messages are translation keys (namespace common).
import { DEMO_LIMITS } from '~/services/demo/limits';
import { z } from 'zod';
import { NOTE_COLOURS, EMAIL_LABELS } from '~/fixtures/types';
import { formRecordId, pageParam, plainText, searchParam } from '~/services/input';

const required = 'validation.required';
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const search = searchParam();

/** A chat message's longest length (the demo store's cap on any text, DEMO_LIMITS.text). */
export const MESSAGE_MAX_LENGTH = DEMO_LIMITS.text;
/** A note's longest title. */
export const NOTE_TITLE_MAX_LENGTH = 500;

/**
 * /apps/chats: search by name, and the page of the chat's messages (1: the latest); the selected chat is
 * read apart (an unknown one is a 404).
 */
export const chatListParams = z.object({
  q: search,
  page: pageParam,
});

export const chatMessageSchema = z.object({ message: text(MESSAGE_MAX_LENGTH) });

/** The e-mail folders: flags of the mail (inbox, sent, draft, spam, trash) and two views. */
export const EMAIL_FOLDERS = ['inbox', 'sent', 'draft', 'spam', 'trash', 'starred', 'important'] as const;
export type EmailFolder = (typeof EMAIL_FOLDERS)[number];

/** /apps/email: folder (inbox by default), label, search; the selected mail is read apart. */
export const emailListParams = z.object({
  folder: z.enum(EMAIL_FOLDERS).catch('inbox').default('inbox'),
  label: z.enum(EMAIL_LABELS).optional().catch(undefined),
  q: search,
});
export type EmailListParams = z.infer<typeof emailListParams>;

/** The flags the e-mail screen toggles; "trash" is Delete (and Restore). */
export const EMAIL_SCREEN_TOGGLES = ['starred', 'important', 'checked', 'unread', 'trash'] as const;
export const emailToggleSchema = z.object({
  id: formRecordId(),
  intent: z.enum(EMAIL_SCREEN_TOGGLES),
  /** Sent by the page once its JavaScript runs: answer with data, not a redirect (see the e-mail screen). */
  respond: z.literal('data').optional(),
});

/** /apps/notes: search by title; the selected note is read apart. */
export const noteListParams = z.object({ q: search });

const colour = z.enum(NOTE_COLOURS, { errorMap: () => ({ message: 'validation.choose' }) });

export const noteSchema = z.object({
  title: text(NOTE_TITLE_MAX_LENGTH),
  color: colour,
});
