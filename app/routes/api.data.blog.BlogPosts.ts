// GET /api/data/blog/BlogPosts (spec section 7): the signed-in user's blog posts, a bare array as the
// template's mock answered.
import { getOnly, listLoader } from '~/services/demo/api.server';

export const loader = listLoader('blog posts', (state) => state.blogPosts);
export const action = getOnly;
