// The tickets and contacts screens: their URL state and their forms.
import { z } from 'zod';
import { TICKET_STATUSES } from '~/fixtures/types';
import { DEMO_LIMITS } from '~/services/demo/limits';
import { formRecordId, plainText, searchParam } from '~/services/input';

const search = searchParam();
const recordId = formRecordId();
const required = 'validation.required';
const text = (max: number) => plainText(max, { tooLong: 'validation.tooLong', required });
const optional = (max: number, multiline = false) =>
  plainText(max, { tooLong: 'validation.tooLong', multiline })
    .optional()
    .transform((value) => value ?? '');

/** The spec's ticket filter: every ticket ("total_tickets", the default) or one status. */
export const TICKET_FILTERS = ['total_tickets', ...TICKET_STATUSES] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

/** /apps/tickets?filter=&q= */
export const ticketParams = z.object({
  filter: z.enum(TICKET_FILTERS).catch('total_tickets').default('total_tickets'),
  q: search,
});

export const ticketAction = z.object({ intent: z.literal('delete'), id: recordId });

/** The spec's contact filter (default show_all), and the deleted ones, from where they come back. */
export const CONTACT_FILTERS = ['show_all', 'frequent_contact', 'starred', 'deleted'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** /apps/contacts?filter=&q=&id=&edit=1 | ?new=1 */
export const contactParams = z.object({
  filter: z.enum(CONTACT_FILTERS).catch('show_all').default('show_all'),
  q: search,
  id: recordId.optional().catch(undefined),
  edit: z.literal('1').optional().catch(undefined),
  new: z.literal('1').optional().catch(undefined),
});

/** A contact as the add and edit forms send it. */
export const contactSchema = z.object({
  firstname: text(80),
  lastname: text(80),
  department: optional(100),
  company: optional(100),
  phone: optional(40),
  email: plainText(254, { tooLong: 'validation.tooLong' })
    .email('validation.email')
    .optional()
    .transform((value) => value ?? ''),
  address: optional(300),
  notes: optional(DEMO_LIMITS.text, true),
  frequentlycontacted: z
    .literal('on')
    .optional()
    .transform((value) => value === 'on'),
});

export const CONTACT_INTENTS = ['add', 'update', 'star', 'delete'] as const;
export const contactIntent = z.object({
  intent: z.enum(CONTACT_INTENTS),
  id: recordId.optional(),
});
