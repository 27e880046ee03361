// The blog and user profile screens' loaders and actions, signed in against the reference back office:
// the list and its category filter, a post by the slug of its title (404 otherwise), a comment that goes
// first, like and follow toggles, replies, and refused input answered in the user's language.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  formRequest,
  pageRequest,
  type PortalAccount,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
  forgetDemoData,
} from '../../tests/unit/portal-server';
import { COMMENT_MAX_LENGTH } from '~/forms/social';
import { DEMO_PAGE } from '~/services/demo/limits';
import { DEMO_LIMITS, DEMO_USER_LIMITS } from '~/services/demo/store.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());
beforeEach(() => forgetDemoData(reference));

const INCOTERMS = 'incoterms-explained-for-first-time-importers';
const DETAIL = `/apps/blog/detail/${INCOTERMS}`;

/** The body of a 400 answer made with `data()`. */
function dataOf<T>(answer: unknown): { status: number; body: T } {
  const value = answer as { type: string; init: ResponseInit | null; data: T };
  expect(value.type).toBe('DataWithResponseInit');
  return { status: value.init?.status ?? 200, body: value.data };
}

describe('/apps/blog/posts', () => {
  it('lists every post newest first, with the figures of each', async () => {
    const { loader } = await import('./_portal.apps.blog.posts');
    const answer = await loader(args(pageRequest('/apps/blog/posts', { cookie: cookies.client })));
    expect(answer.title).toBe('Blog · Harbour Freight');
    expect(answer.category).toBeNull();
    expect(answer.posts).toHaveLength(9);
    const dates = answer.posts.map((post) => post.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(answer.posts[0]).toMatchObject({
      slug: INCOTERMS,
      category: 'Social',
      view: 8421,
      share: 1203,
      comments: 2,
      author: { name: 'Amira Haddad' },
    });
    // The title with punctuation gets the spec's slug.
    expect(answer.posts.map((post) => post.slug)).toContain('customs-101-whats-in-a-hs-code');
  });

  it('keeps the category filter in the URL; an unknown category shows everything', async () => {
    const { loader } = await import('./_portal.apps.blog.posts');
    const ask = (query: string) =>
      loader(args(pageRequest(`/apps/blog/posts${query}`, { cookie: cookies.agent })));
    const gadgets = await ask('?category=Gadget');
    expect(gadgets.category).toBe('Gadget');
    expect(gadgets.posts.map((post) => post.category)).toEqual(['Gadget', 'Gadget']);
    const unknown = await ask('?category=Cooking');
    expect(unknown.category).toBeNull();
    expect(unknown.posts).toHaveLength(9);
  });

  it('sends an anonymous visitor to sign in', async () => {
    const { loader } = await import('./_portal.apps.blog.posts');
    const answer = await thrown(() => loader(args(pageRequest('/apps/blog/posts'))));
    expect(answer.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fapps%2Fblog%2Fposts');
  });
});

describe('/apps/blog/detail/:id', () => {
  it('finds the post by the slug of its title', async () => {
    const { loader } = await import('./_portal.apps.blog.detail.$id');
    const answer = await loader(
      withParams(pageRequest(DETAIL, { cookie: cookies.client }), { id: INCOTERMS }),
    );
    expect(answer.title).toBe('Incoterms explained for first-time importers · Harbour Freight');
    expect(answer.post.id).toBe(1287);
    expect(answer.post.comments[0]!.replies).toHaveLength(1);
  });

  it('answers 404 for a slug that matches no post, on reading and on commenting', async () => {
    const { loader, action } = await import('./_portal.apps.blog.detail.$id');
    const missing = await thrown(() =>
      loader(
        withParams(pageRequest('/apps/blog/detail/no-such-post', { cookie: cookies.client }), {
          id: 'no-such-post',
        }),
      ),
    );
    expect(missing.status).toBe(404);
    const posted = await thrown(() =>
      action(
        withParams(
          formRequest('/apps/blog/detail/no-such-post', { comment: 'Hello' }, { cookie: cookies.client }),
          {
            id: 'no-such-post',
          },
        ),
      ),
    );
    expect(posted.status).toBe(404);
  });

  it('puts a new comment first, by the signed-in user, then redirects back to the comments', async () => {
    const { loader, action } = await import('./_portal.apps.blog.detail.$id');
    const answer = (await action(
      withParams(formRequest(DETAIL, { comment: '  Very clear, thank you!  ' }, { cookie: cookies.client }), {
        id: INCOTERMS,
      }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(`${DETAIL}#comments`);
    const { post } = await loader(
      withParams(pageRequest(DETAIL, { cookie: cookies.client }), { id: INCOTERMS }),
    );
    expect(post.comments).toHaveLength(3);
    expect(post.comments[0]).toMatchObject({
      comment: 'Very clear, thank you!',
      profile: { name: 'Layla Mansour' },
    });
    // Another user's copy is untouched.
    const other = await loader(
      withParams(pageRequest(DETAIL, { cookie: cookies.client2 }), { id: INCOTERMS }),
    );
    expect(other.post.comments).toHaveLength(2);
  });

  it('refuses an empty or too long comment with a message key, keeping what was typed', async () => {
    const { action } = await import('./_portal.apps.blog.detail.$id');
    expect(COMMENT_MAX_LENGTH).toBe(DEMO_LIMITS.text);
    const send = async (comment: string) =>
      dataOf<{ error: Record<string, string[]>; initialValue: Record<string, string> }>(
        await action(
          withParams(formRequest(DETAIL, { comment }, { cookie: cookies.client }), { id: INCOTERMS }),
        ),
      );
    const empty = await send('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.comment).toEqual(['validation.required']);
    const long = await send('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(long.body.error.comment).toEqual(['validation.tooLong']);
    expect(long.body.initialValue.comment).toHaveLength(COMMENT_MAX_LENGTH + 1);
  });
});

describe('/user-profile', () => {
  const post = (fields: Record<string, string>, query = '?tab=posts') =>
    import('./_portal.user-profile').then(({ action }) =>
      action(args(formRequest(`/user-profile${query}`, fields, { cookie: cookies.client }))),
    );
  const read = (query = '') =>
    import('./_portal.user-profile').then(({ loader }) =>
      loader(args(pageRequest(`/user-profile${query}`, { cookie: cookies.client }))),
    );

  it("shows the signed-in user's header and the open tab only", async () => {
    const answer = await read();
    expect(answer.title).toBe('User profile · Harbour Freight');
    expect(answer.me.name).toBe('Layla Mansour');
    expect(answer.counts).toEqual({ posts: 4, followers: 21, following: expect.any(Number) });
    expect(answer.tab).toBe('posts');
    expect(answer.posts).toHaveLength(4);
    expect(answer.followers).toEqual([]);
    const gallery = await read('?tab=gallery');
    expect(gallery.gallery).toHaveLength(12);
    expect(gallery.posts).toEqual([]);
    expect((await read('?tab=nonsense')).tab).toBe('posts');
  });

  it('likes a post (count up) and unlikes it (count down), back to the same address', async () => {
    // A copy: the loader hands out the user's live data.
    const before = { ...(await read()).posts[0]!.data.likes };
    expect(before.like).toBe(false);
    const liked = (await post({ intent: 'likePost', postId: 'post-1' })) as Response;
    expect(liked.status).toBe(302);
    expect(liked.headers.get('Location')).toBe('/user-profile?tab=posts#post-1-likes');
    expect((await read()).posts[0]!.data.likes).toEqual({ like: true, value: before.value + 1 });
    await post({ intent: 'likePost', postId: 'post-1' });
    expect((await read()).posts[0]!.data.likes).toEqual({ like: false, value: before.value });
  });

  it('adds a comment at the end of the post and a reply under a comment', async () => {
    await post({ intent: 'comment', postId: 'post-2', comment: 'See you at the fair' });
    const comments = (await read()).posts[1]!.data.comments;
    expect(comments.at(-1)!.data.comment).toBe('See you at the fair');
    expect(comments.at(-1)!.profile.name).toBe('Layla Mansour');

    const answer = (await post({
      intent: 'reply',
      postId: 'post-1',
      commentId: 'post-1-c1',
      reply: 'Thanks Daniel',
    })) as Response;
    expect(answer.headers.get('Location')).toBe('/user-profile?tab=posts#comment-post-1-c1');
    const replies = (await read()).posts[0]!.data.comments[0]!.data.replies;
    expect(replies.at(-1)!.data.comment).toBe('Thanks Daniel');
  });

  it("toggles a comment's like", async () => {
    const likes = () => read().then((answer) => ({ ...answer.posts[0]!.data.comments[0]!.data.likes }));
    const before = await likes();
    await post({ intent: 'likeComment', postId: 'post-1', commentId: 'post-1-c1' });
    expect(await likes()).toEqual({ like: !before.like, value: before.value + (before.like ? -1 : 1) });
    await post({ intent: 'likeComment', postId: 'post-1', commentId: 'post-1-c1' });
    expect(await likes()).toEqual(before);
  });

  it('follows and unfollows someone, keeping the search in the URL', async () => {
    const list = await read('?tab=followers');
    expect(list.followers).toHaveLength(21);
    const person = list.followers.find((candidate) => !candidate.isFollowed)!;
    const query = `?tab=followers&q=${encodeURIComponent(person.name.split(' ')[0]!)}`;
    const answer = (await post({ intent: 'follow', userId: person.id }, query)) as Response;
    expect(answer.headers.get('Location')).toBe(`/user-profile${query}#user-${person.id}`);
    const found = await read(query);
    expect(found.q).toBe(person.name.split(' ')[0]);
    expect(found.followers.map((candidate) => candidate.name)).toContain(person.name);
    expect(found.followers.find((candidate) => candidate.id === person.id)!.isFollowed).toBe(true);
    expect(found.counts.following).toBe(list.counts.following + 1);
    await post({ intent: 'follow', userId: person.id }, query);
    expect((await read(query)).counts.following).toBe(list.counts.following);
  });

  it('keeps the page small however much the user added: one page of comments and replies, paged in the URL', async () => {
    const long = 'x'.repeat(1000);
    for (let n = 0; n < DEMO_USER_LIMITS.comments; n += 1) {
      const answer = (await post({
        intent: 'comment',
        postId: 'post-1',
        comment: `${n} ${long}`,
      })) as Response;
      expect(answer.status).toBe(302);
    }
    for (let n = 0; n < 25; n += 1) {
      await post({ intent: 'reply', postId: 'post-1', commentId: 'post-1-c1', reply: `reply ${n}` });
    }
    // One more comment is refused with a message in the user's language, what was typed kept (no script).
    const refused = dataOf<{
      form: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(await post({ intent: 'comment', postId: 'post-1', comment: 'One too many' }));
    expect(refused.status).toBe(400);
    expect(refused.body.form).toBe('comment-post-1');
    expect(refused.body.result.error['']).toEqual([
      `demoLimits.comments|${JSON.stringify({ max: DEMO_USER_LIMITS.comments })}`,
    ]);
    expect(refused.body.result.initialValue.comment).toBe('One too many');

    const first = await read();
    const shown = first.posts[0]!;
    expect(shown.commentPaging).toEqual({
      page: 1,
      pages: Math.ceil(shown.commentPaging.total / DEMO_PAGE.comments),
      total: 2 + DEMO_USER_LIMITS.comments,
    });
    // The latest page: the last comments added, in their order.
    expect(shown.data.comments).toHaveLength(DEMO_PAGE.comments);
    expect(shown.data.comments.at(-1)!.data.comment).toBe(`${DEMO_USER_LIMITS.comments - 1} ${long}`);
    // The whole page's data stays small: about a page of comments, not all 200 KB the user wrote.
    expect(JSON.stringify(first).length).toBeLessThan(48 * 1024);

    // The earlier pages are in the URL, for this post only.
    const second = (await read('?tab=posts&post=post-1&page=2')).posts[0]!;
    expect(second.commentPaging.page).toBe(2);
    expect(second.data.comments.at(-1)!.data.comment).toBe(
      `${DEMO_USER_LIMITS.comments - 1 - DEMO_PAGE.comments} ${long}`,
    );
    const oldest = (await read('?tab=posts&post=post-1&page=999')).posts[0]!;
    expect(oldest.commentPaging.page).toBe(oldest.commentPaging.pages);
    expect(oldest.data.comments[0]!.id).toBe('post-1-c1');
    // The replies of a comment are paged the same way.
    const replies = oldest.data.comments[0]!.data.replies;
    expect(replies).toHaveLength(DEMO_PAGE.replies);
    expect(replies.at(-1)!.data.comment).toBe('reply 24');
    expect(oldest.replyPaging['post-1-c1']!.total).toBe(1 + 25);
    const earlier = await read('?tab=posts&post=post-1&page=999&comment=post-1-c1&replies=2');
    expect(earlier.posts[0]!.data.comments[0]!.data.replies.at(-1)!.data.comment).toBe(
      `reply ${24 - DEMO_PAGE.replies}`,
    );

    // Another user's profile is untouched and may still comment.
    const other = await import('./_portal.user-profile').then(({ loader }) =>
      loader(args(pageRequest('/user-profile', { cookie: cookies.client2 }))),
    );
    expect(other.posts[0]!.commentPaging.total).toBe(2);
  });

  it('refuses an empty comment for that form only, and answers 404 for an unknown record', async () => {
    const refused = dataOf<{ form: string; result: { error: Record<string, string[]> } }>(
      await post({ intent: 'comment', postId: 'post-3', comment: ' ' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.form).toBe('comment-post-3');
    expect(refused.body.result.error.comment).toEqual(['validation.required']);
    expect(dataOf(await post({})).status).toBe(400);
    expect((await thrown(() => post({ intent: 'likePost', postId: 'post-99' }))).status).toBe(404);
    expect((await thrown(() => post({ intent: 'follow', userId: 'nobody' }))).status).toBe(404);
  });
});
