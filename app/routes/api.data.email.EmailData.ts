// GET /api/data/email/EmailData (spec section 7): the signed-in user's e-mails, a bare array as the
// template's mock answered. `emailContent` is the HTML as received, NOT sanitised: whoever shows it
// sanitises it first (one sample carries hostile markup on purpose, see app/fixtures/emails.ts).
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('e-mails', (state) => state.emails);
export const action = getOnly;
