// POST /api/data/posts/replies/like {postId, commentId} → {posts} (spec sections 4 and 7): despite its
// path, toggles the like of the COMMENT named (as the template's mock did), up by one or down by one.
import { z } from 'zod';
import { demoAction, feedId, postOnly } from '~/services/demo/api.server';
import { toggleCommentLike } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction(
  'comment like',
  z.object({ postId: feedId, commentId: feedId }),
  (state, { postId, commentId }) => ({ posts: toggleCommentLike(state, postId, commentId) }),
);
