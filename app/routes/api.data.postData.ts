// GET /api/data/postData (spec section 7): the signed-in user's social feed posts, a bare array as the
// template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('feed posts', (state) => state.feed);
export const action = getOnly;
