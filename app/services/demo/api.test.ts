// The /api/data resource routes (spec sections 7 and 8) with real requests and real portal sessions
// (signed in against the reference back office): paths, payloads, answers and every refusal.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../server/logger.js';
import type { TestBackoffice } from '../../../backoffice/testing';
import {
  args,
  formRequest,
  PORTAL,
  pageRequest,
  type PortalAccount,
  signInPortalAccounts,
  startPortalBackoffice,
} from '../../../tests/unit/portal-server';
import type { BlogPost, FeedPost } from '~/fixtures/types';
import { MAX_BODY_BYTES } from './api.server';
import { DEMO_LIMITS, DEMO_USER_LIMITS, sampleDemoState, usageOf, type DemoState } from './store.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
const userIds = new Map<string, number>();

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
  const users = await reference.backoffice.database.selectFrom('users').select(['id', 'email']).execute();
  for (const user of users) userIds.set(user.email, user.id);
});
afterAll(() => reference.dispose());
// Every test starts from the samples: the back office forgets what earlier tests changed.
beforeEach(async () => {
  await reference.backoffice.database.deleteFrom('demo_states').execute();
});

/** What the back office keeps of a user's demo data (the samples before their first change). */
async function storedState(who: PortalAccount): Promise<DemoState> {
  const row = await reference.backoffice.database
    .selectFrom('demo_states')
    .select('state_json')
    .where('user_id', '=', currentUserId(who))
    .executeTakeFirst();
  return row ? (JSON.parse(row.state_json) as DemoState) : sampleDemoState();
}

/** Puts a user's demo data in the back office as another process would. */
async function storeState(who: PortalAccount, state: DemoState): Promise<void> {
  await reference.backoffice.database
    .insertInto('demo_states')
    .values({
      user_id: currentUserId(who),
      state_json: JSON.stringify(state),
      version: 1,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

type Handler = (args: never) => Promise<Response>;
interface ApiModule {
  loader: Handler;
  action?: Handler;
}

const ROUTES = {
  '/api/data/blog/BlogPosts': () => import('../../routes/api.data.blog.BlogPosts'),
  '/api/data/contacts/ContactsData': () => import('../../routes/api.data.contacts.ContactsData'),
  '/api/data/chat/ChatData': () => import('../../routes/api.data.chat.ChatData'),
  '/api/data/notes/NotesData': () => import('../../routes/api.data.notes.NotesData'),
  '/api/data/ticket/TicketData': () => import('../../routes/api.data.ticket.TicketData'),
  '/api/data/eCommerce/ProductsData': () => import('../../routes/api.data.eCommerce.ProductsData'),
  '/api/data/email/EmailData': () => import('../../routes/api.data.email.EmailData'),
  '/api/data/postData': () => import('../../routes/api.data.postData'),
  '/api/data/users': () => import('../../routes/api.data.users'),
  '/api/data/gallery': () => import('../../routes/api.data.gallery'),
  '/api/data/blog/post': () => import('../../routes/api.data.blog.post'),
  '/api/data/blog/post/add': () => import('../../routes/api.data.blog.post.add'),
  '/api/data/posts/like': () => import('../../routes/api.data.posts.like'),
  '/api/data/posts/comments/add': () => import('../../routes/api.data.posts.comments.add'),
  '/api/data/posts/replies/add': () => import('../../routes/api.data.posts.replies.add'),
  '/api/data/posts/replies/like': () => import('../../routes/api.data.posts.replies.like'),
} as const;
type Path = keyof typeof ROUTES;

const route = async (path: Path) => (await ROUTES[path]()) as unknown as ApiModule;

async function get(path: Path, who?: PortalAccount): Promise<Response> {
  const { loader } = await route(path);
  return loader(args(pageRequest(path, { cookie: who && cookies[who] })) as never);
}

async function send(path: Path, request: Request): Promise<Response> {
  const { action } = await route(path);
  return action!(args(request) as never);
}

function jsonRequest(path: string, body: unknown, who?: PortalAccount, raw?: string): Request {
  return new Request(new URL(path, PORTAL), {
    method: 'POST',
    body: raw ?? JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(who ? { Cookie: cookies[who] } : {}) },
  });
}

/** A JSON POST as the signed-in client (or `who`). */
const post = (path: Path, body: unknown, who: PortalAccount = 'client') =>
  send(path, jsonRequest(path, body, who));

async function read<T>(response: Response): Promise<T> {
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  return (await response.json()) as T;
}

/** The portal user id of a demo account (the key of its demo state). */
function currentUserId(who: PortalAccount): number {
  const id = userIds.get(`${who}@example.com`);
  if (id === undefined) throw new Error(`No user ${who}`);
  return id;
}

const feedPost = (posts: FeedPost[], id: string) => posts.find((candidate) => candidate.id === id)!;

describe('the GET lists', () => {
  it('answer each list as a bare array with the sample counts', async () => {
    const counts: [Path, number][] = [
      ['/api/data/blog/BlogPosts', 9],
      ['/api/data/contacts/ContactsData', 0],
      ['/api/data/chat/ChatData', 10],
      ['/api/data/notes/NotesData', 6],
      ['/api/data/ticket/TicketData', 8],
      ['/api/data/eCommerce/ProductsData', 12],
      ['/api/data/email/EmailData', 10],
      ['/api/data/postData', 4],
      ['/api/data/users', 21],
      ['/api/data/gallery', 12],
    ];
    for (const [path, count] of counts) {
      const response = await get(path, 'client');
      expect(response.status, path).toBe(200);
      const body = await read<unknown[]>(response);
      expect(Array.isArray(body), path).toBe(true);
      expect(body, path).toHaveLength(count);
    }
  });

  it('answer 401 JSON without a session, never a redirect to sign in', async () => {
    for (const path of Object.keys(ROUTES) as Path[]) {
      const response = await get(path);
      expect(response.status, path).toBe(401);
      expect(await read(response), path).toEqual({ error: 'Unauthorized' });
    }
  });

  it('answer GET on a POST-only call with 405', async () => {
    const response = await get('/api/data/posts/like', 'agent');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await read(response)).toEqual({ error: 'Method not allowed' });
  });

  it('answer POST on a list with 405', async () => {
    const response = await send('/api/data/users', jsonRequest('/api/data/users', {}, 'client'));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET');
  });

  it("answer the caller's own data", async () => {
    await post('/api/data/posts/like', { postId: 'post-1' }, 'client');
    const mine = await read<FeedPost[]>(await get('/api/data/postData', 'client'));
    const theirs = await read<FeedPost[]>(await get('/api/data/postData', 'client2'));
    expect(feedPost(mine, 'post-1').data.likes).toEqual({ like: true, value: 19 });
    expect(feedPost(theirs, 'post-1').data.likes).toEqual({ like: false, value: 18 });
  });
});

describe('POST /api/data/blog/post', () => {
  it('finds a post by its slug, or by its title whatever the case and punctuation', async () => {
    for (const title of [
      'customs-101-whats-in-a-hs-code',
      "Customs 101: what's in a HS code?",
      "CUSTOMS 101: what's IN a hs code?",
    ]) {
      const response = await post('/api/data/blog/post', { title });
      expect(response.status, title).toBe(200);
      const { post: found } = await read<{ post: BlogPost }>(response);
      expect(found.id, title).toBe(1934);
      expect(found.title).toBe("Customs 101: what's in a HS code?");
    }
  });

  it('answers 404 "Post not found" when no title has that slug', async () => {
    const response = await post('/api/data/blog/post', { title: 'customs-102' });
    expect(response.status).toBe(404);
    expect(await read(response)).toEqual({ error: 'Post not found' });
  });

  it('reads a url-encoded form too', async () => {
    const response = await send(
      '/api/data/blog/post',
      formRequest(
        '/api/data/blog/post',
        { title: 'how-to-read-a-bill-of-lading' },
        { cookie: cookies.client },
      ),
    );
    expect((await read<{ post: BlogPost }>(response)).post.id).toBe(462);
  });
});

describe('POST /api/data/blog/post/add', () => {
  it('puts the comment first, written by the signed-in user, and answers {posts}', async () => {
    const first = await post('/api/data/blog/post/add', { postId: 1287, comment: 'First comment' });
    expect(first.status).toBe(200);
    await post('/api/data/blog/post/add', { postId: 1287, comment: 'Second comment' });
    const { posts } = await read<{ posts: BlogPost[] }>(
      await post('/api/data/blog/post/add', { postId: 1287, comment: 'Third comment' }),
    );
    expect(posts).toHaveLength(9);
    const comments = posts.find((candidate) => candidate.id === 1287)!.comments;
    expect(comments.map((comment) => comment.comment).slice(0, 4)).toEqual([
      'Third comment',
      'Second comment',
      'First comment',
      'Finally an explanation of FOB versus CIF that I can forward to my purchasing team.',
    ]);
    expect(comments[0]!.profile).toMatchObject({ id: currentUserId('client'), avatar: '' });
    expect(comments[0]!.replies).toEqual([]);
  });

  it("takes the text of the template's comment object, never its author", async () => {
    const { posts } = await read<{ posts: BlogPost[] }>(
      await post('/api/data/blog/post/add', {
        postId: 462,
        comment: {
          id: 'x',
          profile: { id: 1, name: 'Someone else', avatar: '' },
          comment: 'Mine',
          replies: [],
        },
      }),
    );
    const comment = posts.find((candidate) => candidate.id === 462)!.comments[0]!;
    expect(comment.comment).toBe('Mine');
    expect(comment.profile.name).not.toBe('Someone else');
  });

  it('answers 500 "Internal server error" for an unknown post, as the mock threw', async () => {
    const response = await post('/api/data/blog/post/add', { postId: 1999, comment: 'Hello' });
    expect(response.status).toBe(500);
    expect(await read(response)).toEqual({ error: 'Internal server error' });
  });

  it('answers 400 for a body that does not fit, and changes nothing', async () => {
    for (const body of [
      {},
      { postId: 1287 },
      { postId: 1287, comment: '   ' },
      { postId: 'abc', comment: 'x' },
      { postId: 1287, comment: 'x'.repeat(2001) },
    ]) {
      const response = await post('/api/data/blog/post/add', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await read<{ error: string }>(response)).error).toMatch(/postId|comment/);
    }
    const bad = await send(
      '/api/data/blog/post/add',
      jsonRequest('/api/data/blog/post/add', null, 'client', '{'),
    );
    expect(bad.status).toBe(400);
    expect((await storedState('client')).blogPosts[0]!.comments).toHaveLength(2);
  });
});

describe('POST /api/data/posts/*', () => {
  it('like: toggles the post like up by one, then down by one, answering {posts}', async () => {
    const once = await read<{ posts: FeedPost[] }>(await post('/api/data/posts/like', { postId: 'post-1' }));
    expect(once.posts).toHaveLength(4);
    expect(feedPost(once.posts, 'post-1').data.likes).toEqual({ like: true, value: 19 });
    const twice = await read<{ posts: FeedPost[] }>(await post('/api/data/posts/like', { postId: 'post-1' }));
    expect(feedPost(twice.posts, 'post-1').data.likes).toEqual({ like: false, value: 18 });
  });

  it('replies/like: toggles the like of the comment named, up then down', async () => {
    const like = () => post('/api/data/posts/replies/like', { postId: 'post-1', commentId: 'post-1-c1' });
    const comment = (posts: FeedPost[]) => feedPost(posts, 'post-1').data.comments[0]!;
    const once = await read<{ posts: FeedPost[] }>(await like());
    expect(comment(once.posts).data.likes).toEqual({ like: true, value: 4 });
    expect(feedPost(once.posts, 'post-1').data.likes).toEqual({ like: false, value: 18 });
    const twice = await read<{ posts: FeedPost[] }>(await like());
    expect(comment(twice.posts).data.likes).toEqual({ like: false, value: 3 });
  });

  it('comments/add: adds the comment under the post, by the signed-in user', async () => {
    const { posts } = await read<{ posts: FeedPost[] }>(
      await post('/api/data/posts/comments/add', { postId: 'post-4', comment: 'Well done!' }, 'agent'),
    );
    const [comment] = feedPost(posts, 'post-4').data.comments;
    expect(comment!.data).toEqual({ comment: 'Well done!', likes: { like: false, value: 0 }, replies: [] });
    expect(comment!.profile.name).toBeTruthy();
    expect(comment!.profile.avatar).toBe('');
  });

  it('replies/add: adds the reply under the comment named, and nowhere else', async () => {
    const { posts } = await read<{ posts: FeedPost[] }>(
      await post('/api/data/posts/replies/add', {
        postId: 'post-2',
        commentId: 'post-2-c1',
        reply: 'Hall 10!',
      }),
    );
    const replies = feedPost(posts, 'post-2').data.comments[0]!.data.replies;
    expect(replies.map((reply) => reply.data.comment)).toEqual([
      'Hall 9 and 10, same as last year.',
      'Hall 10 was the busier one.',
      'Hall 10!',
    ]);
    const elsewhere = posts
      .filter((candidate) => candidate.id !== 'post-2')
      .flatMap((candidate) => candidate.data.comments.flatMap((comment) => comment.data.replies));
    expect(elsewhere.some((reply) => reply.data.comment === 'Hall 10!')).toBe(false);
  });

  it('answers 500 "Internal server error" for an unknown post or comment, as the mock threw', async () => {
    const calls: [Path, unknown][] = [
      ['/api/data/posts/like', { postId: 'post-99' }],
      ['/api/data/posts/comments/add', { postId: 'post-99', comment: 'x' }],
      ['/api/data/posts/replies/add', { postId: 'post-1', commentId: 'nope', reply: 'x' }],
      ['/api/data/posts/replies/like', { postId: 'post-1', commentId: 'nope' }],
    ];
    for (const [path, body] of calls) {
      const response = await post(path, body);
      expect(response.status, path).toBe(500);
      expect(await read(response), path).toEqual({ error: 'Internal server error' });
    }
  });

  it('answers 500 "Internal server error" for any other failure, and logs it', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      const state = sampleDemoState();
      state.feed = null as unknown as FeedPost[];
      await storeState('client2', state);
      const response = await post('/api/data/posts/like', { postId: 'post-1' }, 'client2');
      expect(response.status).toBe(500);
      expect(await read(response)).toEqual({ error: 'Internal server error' });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
    }
  });

  it('answers 400 for missing ids and empty texts', async () => {
    const calls: [Path, unknown][] = [
      ['/api/data/posts/like', {}],
      ['/api/data/posts/comments/add', { postId: 'post-1', comment: '' }],
      ['/api/data/posts/replies/add', { postId: 'post-1', commentId: 'post-1-c1' }],
      ['/api/data/posts/replies/like', { postId: 'post-1' }],
    ];
    for (const [path, body] of calls) expect((await post(path, body)).status, path).toBe(400);
  });

  it('reads a multipart form too', async () => {
    const body = new FormData();
    body.append('postId', 'post-3');
    const response = await send(
      '/api/data/posts/like',
      new Request(new URL('/api/data/posts/like', PORTAL), {
        method: 'POST',
        body,
        headers: { Cookie: cookies.client },
      }),
    );
    expect(feedPost((await read<{ posts: FeedPost[] }>(response)).posts, 'post-3').data.likes.value).toBe(8);
  });
});

describe("the user's caps (DEMO_USER_LIMITS)", () => {
  it('answers 409 with a message once the user has added as many comments as they may, dropping nothing', async () => {
    for (let n = 0; n < DEMO_USER_LIMITS.comments; n += 1) {
      const path = n % 2 ? '/api/data/posts/comments/add' : '/api/data/blog/post/add';
      const postId = n % 2 ? `post-${(n % 4) + 1}` : 1287;
      expect((await post(path, { postId, comment: `comment ${n}` })).status).toBe(200);
    }
    const refused = await post('/api/data/posts/comments/add', { postId: 'post-1', comment: 'one too many' });
    expect(refused.status).toBe(409);
    expect(await read<{ error: string }>(refused)).toEqual({
      error: `You have reached the demo's limit of ${DEMO_USER_LIMITS.comments} comments`,
    });
    const state = await storedState('client');
    expect(usageOf(state).comments).toBe(DEMO_USER_LIMITS.comments);
    const feed = state.feed.flatMap((candidate) => candidate.data.comments.map((c) => c.data.comment));
    expect(feed).toContain('comment 1');
    expect(feed).not.toContain('one too many');
    // Another user still comments.
    const other = await post('/api/data/posts/comments/add', { postId: 'post-1', comment: 'Hi' }, 'client2');
    expect(other.status).toBe(200);
  });

  it('answers 413 with a message once the text the user added would pass their budget', async () => {
    const long = '字'.repeat(DEMO_LIMITS.text); // three bytes a character
    let answer: Response | null = null;
    for (let n = 0; n < 1000; n += 1) {
      answer = await post('/api/data/posts/replies/add', {
        postId: 'post-1',
        commentId: 'post-1-c1',
        reply: long,
      });
      if (answer.status !== 200) break;
    }
    expect(answer!.status).toBe(413);
    expect((await read<{ error: string }>(answer!)).error).toBe(
      `You have used all the text the demo keeps for you (${DEMO_USER_LIMITS.textBytes / 1024} KB)`,
    );
    const usage = usageOf(await storedState('client'));
    expect(usage.textBytes).toBeLessThanOrEqual(DEMO_USER_LIMITS.textBytes);
    expect(usage.textBytes).toBeGreaterThan(DEMO_USER_LIMITS.textBytes - Buffer.byteLength(long));
    // The list answered stays bounded: the user's text plus the samples.
    const list = await get('/api/data/postData', 'client');
    expect((await list.text()).length).toBeLessThan(DEMO_USER_LIMITS.textBytes + 64 * 1024);
  });
});

describe('refusals before any handler runs', () => {
  it('answers 401 to a POST without a session, and changes nothing', async () => {
    const response = await send(
      '/api/data/posts/like',
      jsonRequest('/api/data/posts/like', { postId: 'post-1' }),
    );
    expect(response.status).toBe(401);
    expect(await read(response)).toEqual({ error: 'Unauthorized' });
  });

  it('answers 413 to a body that is too large and 415 to one of another type', async () => {
    const large = await post('/api/data/posts/comments/add', {
      postId: 'post-1',
      comment: 'x'.repeat(MAX_BODY_BYTES),
    });
    expect(large.status).toBe(413);
    const plain = await send(
      '/api/data/posts/like',
      new Request(new URL('/api/data/posts/like', PORTAL), {
        method: 'POST',
        body: 'postId=post-1',
        headers: { 'Content-Type': 'text/plain', Cookie: cookies.client },
      }),
    );
    expect(plain.status).toBe(415);
  });
});

describe('the demo data every portal process shares', () => {
  it('keeps two changes sent at once, neither lost, and shows them to the next request', async () => {
    const [first, second] = await Promise.all([
      post('/api/data/posts/comments/add', { postId: 'post-1', comment: 'from one process' }),
      post('/api/data/posts/comments/add', { postId: 'post-1', comment: 'from another process' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const comments = (await storedState('client')).feed
      .flatMap((candidate) => candidate.data.comments)
      .map((comment) => comment.data.comment);
    expect(comments).toEqual(expect.arrayContaining(['from one process', 'from another process']));
    const listed = await read<FeedPost[]>(await get('/api/data/postData', 'client'));
    const shown = listed
      .flatMap((candidate) => candidate.data.comments)
      .map((comment) => comment.data.comment);
    expect(shown).toEqual(expect.arrayContaining(['from one process', 'from another process']));
    // Another user still has the samples.
    expect((await storedState('client2')).feed).toEqual(sampleDemoState().feed);
  });
});
