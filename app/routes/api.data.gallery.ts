// GET /api/data/gallery (spec section 7): the profile's gallery, a bare array as the template's mock
// answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('gallery', (state) => state.gallery);
export const action = getOnly;
