/** A record's history (extension): who did what, when, what changed, and the note. */
import { z } from 'zod';
import { HISTORY_ACTIONS, HISTORY_RECORDS } from './values';
import { id } from './fields';

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const historyEvent = z.object({
  id: z.number().int(),
  action: z.enum(HISTORY_ACTIONS),
  /** Each changed field's value before and after (an order's container, driver… by name). */
  changes: z.record(z.object({ before: value, after: value })).nullable(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEvent>;

export const historyParams = z.object({ record_type: z.enum(HISTORY_RECORDS), id });
export const historyAnswer = z.object({ events: z.array(historyEvent) });
