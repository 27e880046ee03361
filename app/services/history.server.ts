// A record's history (who did what, when, what changed), as the signed-in user may read it: staff every
// entry, a customer those meant for it. The page shows without it when the back office cannot answer.
import type { HistoryEvent, HistoryRecord } from '@contract';
import type { SignedIn } from './auth.server';
import { reportError } from './errors.server';

/** The record's history, or null when it could not be read (the page says so). */
export async function recordHistory(
  signedIn: SignedIn,
  recordType: HistoryRecord,
  id: number,
): Promise<HistoryEvent[] | null> {
  try {
    const answer = await signedIn.backoffice.call('getHistory', { params: { record_type: recordType, id } });
    return answer.events;
  } catch (error) {
    if (error instanceof Response) throw error;
    reportError('record history', error);
    return null;
  }
}
