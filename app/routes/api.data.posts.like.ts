// POST /api/data/posts/like {postId} → {posts} (spec sections 4 and 7): toggles the user's like of a feed
// post: unliked becomes liked and the count goes up by one, liked the other way round.
import { z } from 'zod';
import { demoAction, feedId, postOnly } from '~/services/demo/api.server';
import { togglePostLike } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction('post like', z.object({ postId: feedId }), (state, { postId }) => ({
  posts: togglePostLike(state, postId),
}));
