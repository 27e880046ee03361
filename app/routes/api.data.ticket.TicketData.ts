// GET /api/data/ticket/TicketData (spec section 7): the signed-in user's tickets (removed ones flagged
// `deleted`), a bare array as the template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('tickets', (state) => state.tickets);
export const action = getOnly;
