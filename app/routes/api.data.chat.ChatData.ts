// GET /api/data/chat/ChatData (spec section 7): the signed-in user's chats with their messages, a bare
// array as the template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('chats', (state) => state.chats);
export const action = getOnly;
