// POST /api/data/posts/replies/add {postId, commentId, reply} → {posts} (spec section 7): a reply by the
// signed-in user under one comment of a feed post.
import { z } from 'zod';
import { commentText, demoAction, feedId, postOnly } from '~/services/demo/api.server';
import { addFeedReply } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction(
  'feed reply',
  z.object({ postId: feedId, commentId: feedId, reply: commentText }),
  (state, { postId, commentId, reply }, me) => ({ posts: addFeedReply(state, postId, commentId, reply, me) }),
);
