// The blog's and the user profile's forms and URL state (namespace social). One schema each, for the
// browser and the action; messages are translation keys (namespace common).
import { DEMO_LIMITS } from '~/services/demo/limits';
import { z } from 'zod';
import { BLOG_CATEGORIES } from '~/fixtures/types';
import { pageParam, plainText, searchParam } from '~/services/input';

/** The longest comment or reply; the demo store keeps no more (DEMO_LIMITS.text). */
export const COMMENT_MAX_LENGTH = DEMO_LIMITS.text;

const required = 'validation.required';
// Comments and replies are typed in a multi-line box.
const text = plainText(COMMENT_MAX_LENGTH, { multiline: true, tooLong: 'validation.tooLong', required });
const id = plainText(100, { required });
const search = searchParam();

/** /apps/blog/posts?category= (every category when absent or unknown). */
export const blogListParams = z.object({
  category: z.enum(BLOG_CATEGORIES).optional().catch(undefined),
});

/** A comment on a blog post. */
export const blogCommentSchema = z.object({ comment: text });

export const PROFILE_TABS = ['posts', 'followers', 'gallery'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const pageNumber = pageParam;
const pagedId = plainText(100).min(1).optional().catch(undefined);

/**
 * /user-profile?tab=posts|followers|gallery&q= (posts by default; q searches followers and gallery);
 * on the posts tab, ?post=&page= pages one post's comments and ?comment=&replies= one comment's replies
 * (page 1: the latest).
 */
export const profileParams = z.object({
  tab: z.enum(PROFILE_TABS).catch('posts').default('posts'),
  q: search,
  post: pagedId,
  page: pageNumber,
  comment: pagedId,
  replies: pageNumber,
});
export type ProfileParams = z.infer<typeof profileParams>;

/** /apps/blog/detail/:id?page= (the comments' page, 1: the latest). */
export const blogDetailParams = z.object({ page: pageNumber });

/** A comment under a feed post. */
export const feedCommentSchema = z.object({ postId: id, comment: text });
/** A reply to a comment of a feed post. */
export const feedReplySchema = z.object({ postId: id, commentId: id, reply: text });

/** What the profile's forms send: `intent` (the submit button) names the change, hidden fields the record. */
export const profileActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('likePost'), postId: id }),
  feedCommentSchema.extend({ intent: z.literal('comment') }),
  feedReplySchema.extend({ intent: z.literal('reply') }),
  z.object({ intent: z.literal('likeComment'), postId: id, commentId: id }),
  z.object({ intent: z.literal('follow'), userId: id }),
]);
