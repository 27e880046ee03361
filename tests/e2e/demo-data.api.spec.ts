// The demo modules' data calls through the live server (spec section 7 and 8): signed-in users only,
// the blog post found by its title's slug or 404 "Post not found", a new comment first, likes that
// toggle the count up and down, and each user's changes their own.
import { expect, test } from '@playwright/test';
import { registerDirectly, uniqueEmail } from './support';

test('without a session the data calls answer 401, never the sign-in page', async ({ request }) => {
  const list = await request.get('/api/data/blog/BlogPosts', { maxRedirects: 0 });
  expect(list.status()).toBe(401);
  expect(await list.json()).toEqual({ error: 'Unauthorized' });
});

test('blog and feed calls answer as the spec says', async ({ page }, testInfo) => {
  await registerDirectly(page, 'Demo Caller', uniqueEmail(testInfo, 'demo-api'), 'a-long-password-4');
  const api = page.request;

  const posts = (await (await api.get('/api/data/blog/BlogPosts')).json()) as { id: number; title: string }[];
  expect(posts.length).toBeGreaterThan(0);
  const found = await api.post('/api/data/blog/post', { data: { title: 'customs-101-whats-in-a-hs-code' } });
  expect(found.status()).toBe(200);
  expect(((await found.json()) as { post: { title: string } }).post.title).toBe(
    "Customs 101: what's in a HS code?",
  );
  const missing = await api.post('/api/data/blog/post', { data: { title: 'no such post' } });
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: 'Post not found' });

  const postId = posts[0]!.id;
  const added = await api.post('/api/data/blog/post/add', {
    data: { postId, comment: 'Comment through the live server' },
  });
  const withComment = (await added.json()) as { posts: { id: number; comments: { comment: string }[] }[] };
  expect(withComment.posts.find((post) => post.id === postId)!.comments[0]!.comment).toBe(
    'Comment through the live server',
  );

  type Feed = { posts: { id: string; data: { likes: { like: boolean; value: number } } }[] };
  const feed = (await (await api.get('/api/data/postData')).json()) as Feed['posts'];
  expect(feed).toHaveLength(4);
  const before = feed[0]!.data.likes;
  const liked = (await (
    await api.post('/api/data/posts/like', { data: { postId: feed[0]!.id } })
  ).json()) as Feed;
  expect(liked.posts[0]!.data.likes).toEqual({
    like: !before.like,
    value: before.value + (before.like ? -1 : 1),
  });
  const unliked = (await (
    await api.post('/api/data/posts/like', { data: { postId: feed[0]!.id } })
  ).json()) as Feed;
  expect(unliked.posts[0]!.data.likes).toEqual(before);

  const broken = await api.post('/api/data/posts/like', { data: { postId: 'no-such-post' } });
  expect(broken.status()).toBe(500);
  expect(await broken.json()).toEqual({ error: 'Internal server error' });
});
