// POST /api/data/blog/post/add {postId, comment} → {posts} (spec section 7): the comment goes first on
// the post, written by the signed-in user; every blog post is answered.
import { z } from 'zod';
import { blogPostId, commentText, demoAction, postOnly } from '~/services/demo/api.server';
import { addBlogComment } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction(
  'blog comment',
  z.object({ postId: blogPostId, comment: commentText }),
  (state, { postId, comment }, me) => ({ posts: addBlogComment(state, postId, comment, me) }),
);
