// GET /api/data/users (spec section 7): the people on the signed-in user's follow list, a bare array as
// the template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('follow list', (state) => state.followers);
export const action = getOnly;
