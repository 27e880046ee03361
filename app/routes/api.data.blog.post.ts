// POST /api/data/blog/post {title} → {post} (spec section 7): the post whose title has the same slug as
// `title` (lower-cased, spaces to hyphens, other non-word characters removed), so a title or its slug
// both find it; none → 404 "Post not found" (section 8).
import { z } from 'zod';
import { blogTitle, demoAction, POST_NOT_FOUND, postOnly, refusal } from '~/services/demo/api.server';
import { findBlogPost } from '~/services/demo/store.server';

export const loader = postOnly;

export const action = demoAction('blog post', z.object({ title: blogTitle }), (state, { title }) => {
  const post = findBlogPost(state, title);
  return post ? { post } : refusal(404, POST_NOT_FOUND);
});
