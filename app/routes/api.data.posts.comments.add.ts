// POST /api/data/posts/comments/add {postId, comment} → {posts} (spec section 7): a comment by the
// signed-in user under a feed post.
import { z } from 'zod';
import { commentText, demoAction, feedId, postOnly } from '~/services/demo/api.server';
import { addFeedComment } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction(
  'feed comment',
  z.object({ postId: feedId, comment: commentText }),
  (state, { postId, comment }, me) => ({ posts: addFeedComment(state, postId, comment, me) }),
);
