// The demo samples (spec sections 3 and 9) and the rules of the per-user store: slugs, comment order,
// like toggles, replies, per-user isolation and the memory bounds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { blogPostsFixture } from '~/fixtures/blog';
import { CHAT_ME, chatsFixture } from '~/fixtures/chats';
import { contactsFixture } from '~/fixtures/contacts';
import { emailsFixture, HOSTILE_EMAIL_ID, HOSTILE_EMAIL_MARKER } from '~/fixtures/emails';
import { notesFixture } from '~/fixtures/notes';
import { productsFixture } from '~/fixtures/products';
import { feedFixture, followersFixture, galleryFixture } from '~/fixtures/profile';
import { ticketsFixture } from '~/fixtures/tickets';
import {
  BLOG_CATEGORIES,
  EMAIL_LABELS,
  NOTE_COLOURS,
  PRESENCE,
  PRODUCT_GENDERS,
  TICKET_STATUSES,
} from '~/fixtures/types';
import {
  addBlogComment,
  addContact,
  addFeedComment,
  addFeedReply,
  addNote,
  addToCart,
  DEMO_LIMITS,
  DEMO_USER_LIMITS,
  DemoLimitReached,
  DemoNotFound,
  findBlogPost,
  removeNote,
  sampleDemoState,
  sendChatMessage,
  slugOf,
  toggleCommentLike,
  toggleContactDeleted,
  togglePostLike,
  updateNote,
  usageOf,
  type DemoState,
} from './store.server';

const root = path.resolve(import.meta.dirname, '../../..');
const me = { id: 42, name: 'Test User', avatar: '' };

// Each named user's copy of the samples within one test (the back office keeps them in the portal).
const states = new Map<string, DemoState>();
function demoState(key: string): DemoState {
  let state = states.get(key);
  if (!state) {
    state = sampleDemoState();
    states.set(key, state);
  }
  return state;
}
beforeEach(() => states.clear());

describe('the sample data', () => {
  it('has the counts the spec gives', () => {
    expect(feedFixture).toHaveLength(4);
    expect(followersFixture).toHaveLength(21);
    expect(galleryFixture).toHaveLength(12);
    expect(chatsFixture).toHaveLength(10);
    expect(ticketsFixture).toHaveLength(8);
    expect(contactsFixture).toEqual([]);
    expect(blogPostsFixture).toHaveLength(9);
    expect(notesFixture).toHaveLength(6);
    expect(emailsFixture).toHaveLength(10);
    expect(productsFixture).toHaveLength(12);
  });

  it('gives blog posts ids from 1 to 2000, views and shares below 10 000 and distinct slugs', () => {
    for (const post of blogPostsFixture) {
      expect(post.id, post.title).toBeGreaterThanOrEqual(1);
      expect(post.id, post.title).toBeLessThanOrEqual(2000);
      expect(post.view, post.title).toBeLessThan(10_000);
      expect(post.share, post.title).toBeLessThan(10_000);
      expect(BLOG_CATEGORIES).toContain(post.category);
      expect(Number.isNaN(Date.parse(post.createdAt))).toBe(false);
    }
    expect(new Set(blogPostsFixture.map((post) => post.id)).size).toBe(9);
    expect(new Set(blogPostsFixture.map((post) => slugOf(post.title))).size).toBe(9);
    expect(blogPostsFixture.some((post) => post.featured)).toBe(true);
    expect(blogPostsFixture.some((post) => post.comments.some((comment) => comment.replies.length > 0))).toBe(
      true,
    );
  });

  it('has ids unique where screens select by them, and the default selections (id 1) exist', () => {
    const unique = (ids: (string | number)[]) => expect(new Set(ids).size).toBe(ids.length);
    unique(feedFixture.map((post) => post.id));
    unique(feedFixture.flatMap((post) => post.data.comments.map((comment) => comment.id)));
    unique(followersFixture.map((user) => user.id));
    unique(galleryFixture.map((item) => item.id));
    unique(chatsFixture.map((chat) => chat.id));
    unique(notesFixture.map((note) => note.id));
    unique(emailsFixture.map((email) => email.id));
    unique(ticketsFixture.map((ticket) => ticket.Id));
    unique(productsFixture.map((product) => product.id));
    expect(chatsFixture.find((chat) => chat.id === 1)).toBeDefined();
    expect(notesFixture.find((note) => note.id === 1)).toBeDefined();
    expect(emailsFixture.find((email) => email.id === 1)?.inbox).toBe(true);
  });

  it('writes chats with every presence, and messages by the contact or by CHAT_ME', () => {
    expect(new Set(chatsFixture.map((chat) => chat.status))).toEqual(new Set(PRESENCE));
    expect(chatsFixture.some((chat) => chat.id === CHAT_ME)).toBe(false);
    for (const chat of chatsFixture) {
      expect(chat.messages.length, chat.name).toBeGreaterThan(0);
      for (const message of chat.messages) expect([chat.id, CHAT_ME]).toContain(message.senderId);
    }
  });

  it('labels tickets by status (Open success, Pending warning, Closed error)', () => {
    const label = { Open: 'success', Pending: 'warning', Closed: 'error' };
    for (const ticket of ticketsFixture) expect(ticket.Label).toBe(label[ticket.Status]);
    expect(new Set(ticketsFixture.map((ticket) => ticket.Status))).toEqual(new Set(TICKET_STATUSES));
  });

  it('colours notes with the four colours', () => {
    expect(new Set(notesFixture.map((note) => note.color))).toEqual(new Set(NOTE_COLOURS));
  });

  it('files e-mails in every folder, with every label', () => {
    for (const folder of ['inbox', 'sent', 'draft', 'spam', 'trash', 'starred', 'important'] as const) {
      expect(
        emailsFixture.some((email) => email[folder]),
        folder,
      ).toBe(true);
    }
    expect(new Set(emailsFixture.map((email) => email.label))).toEqual(new Set(EMAIL_LABELS));
    for (const email of emailsFixture) expect(email.attachment).toBe(email.attchments.length > 0);
  });

  it('has one e-mail whose content tries to run scripts four ways', () => {
    const hostile = emailsFixture.find((email) => email.id === HOSTILE_EMAIL_ID)!;
    expect(hostile.inbox).toBe(true);
    expect(hostile.emailContent).toMatch(/<script>[^<]*<\/script>/);
    expect(hostile.emailContent).toMatch(/<img src="x"[^>]* onerror="/);
    expect(hostile.emailContent).toMatch(/href="javascript:/);
    expect(hostile.emailContent).toMatch(/ onclick="/);
    expect(hostile.emailContent).toContain(HOSTILE_EMAIL_MARKER);
    const others = emailsFixture.filter((email) => email.id !== HOSTILE_EMAIL_ID);
    for (const email of others) expect(email.emailContent).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  it('prices products consistently, with ratings 1 to 5 and some out of stock', () => {
    for (const product of productsFixture) {
      expect(PRODUCT_GENDERS).toContain(product.gender);
      expect(product.rating).toBeGreaterThanOrEqual(1);
      expect(product.rating).toBeLessThanOrEqual(5);
      expect(product.salesPrice).toBeCloseTo(product.price * (1 - product.discount / 100), 2);
      expect(product.colors.length).toBeGreaterThan(0);
      for (const color of product.colors) expect(color).toMatch(/^#[0-9A-F]{6}$/);
    }
    expect(productsFixture.some((product) => !product.stock)).toBe(true);
    expect(new Set(productsFixture.map((product) => product.gender))).toEqual(new Set(PRODUCT_GENDERS));
  });

  it('points only at small local images that exist, and never at another site', () => {
    const all = JSON.stringify([
      blogPostsFixture,
      chatsFixture,
      emailsFixture,
      feedFixture,
      followersFixture,
      galleryFixture,
      notesFixture,
      productsFixture,
      ticketsFixture,
    ]);
    expect(all).not.toMatch(/https?:|\/\/[a-z]/i);
    const images = new Set(all.match(/\/demo\/[\w/.-]+/g));
    expect(images.size).toBeGreaterThan(40);
    for (const image of images) {
      const file = path.join(root, 'public', image);
      expect(existsSync(file), image).toBe(true);
      expect(statSync(file).size, image).toBeLessThan(2048);
    }
  });

  it('is fixed: no random values or clock reads in the sample modules', () => {
    const dir = path.join(root, 'app/fixtures');
    for (const file of readdirSync(dir)) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(
        /Math\.random|Date\.now|new Date\(/,
      );
    }
  });
});

describe('the blog', () => {
  it('makes slugs as the spec says: lower case, spaces to hyphens, other non-word characters gone', () => {
    expect(slugOf("Customs 101: what's in a HS code?")).toBe('customs-101-whats-in-a-hs-code');
    expect(slugOf('How to read a bill of lading')).toBe('how-to-read-a-bill-of-lading');
    expect(slugOf('Life on a feeder vessel: a week with the crew')).toBe(
      'life-on-a-feeder-vessel-a-week-with-the-crew',
    );
  });

  it('finds a post by its slug or its title, whatever the case and punctuation', () => {
    const state = demoState('reader');
    for (const asked of [
      'customs-101-whats-in-a-hs-code',
      "Customs 101: what's in a HS code?",
      "CUSTOMS 101: WHAT'S IN A HS CODE?",
      'Customs-101-whats-in-a-HS-code!',
    ]) {
      expect(findBlogPost(state, asked)?.id, asked).toBe(1934);
    }
    expect(findBlogPost(state, 'customs 101 whats in a hs code extra')).toBeNull();
    expect(findBlogPost(state, '')).toBeNull();
  });

  it('puts a new comment first and answers every post', () => {
    const state = demoState('reader');
    const before = state.blogPosts.find((post) => post.id === 462)!.comments.length;
    const posts = addBlogComment(state, 462, 'First!', me);
    const post = posts.find((candidate) => candidate.id === 462)!;
    expect(posts).toHaveLength(9);
    expect(post.comments).toHaveLength(before + 1);
    expect(post.comments[0]).toMatchObject({ comment: 'First!', profile: me, replies: [] });
    addBlogComment(state, 462, 'Second', me);
    expect(post.comments.map((comment) => comment.comment).slice(0, 2)).toEqual(['Second', 'First!']);
  });

  it('throws DemoNotFound for an unknown post', () => {
    expect(() => addBlogComment(demoState('reader'), 1, 'x', me)).toThrow(DemoNotFound);
  });
});

describe('the feed', () => {
  it('toggles a post like: up by one, then down by one', () => {
    const state = demoState('fan');
    const likes = () => state.feed.find((post) => post.id === 'post-1')!.data.likes;
    expect(likes()).toEqual({ like: false, value: 18 });
    togglePostLike(state, 'post-1');
    expect(likes()).toEqual({ like: true, value: 19 });
    togglePostLike(state, 'post-1');
    expect(likes()).toEqual({ like: false, value: 18 });
  });

  it('starts from a liked post the other way round: down, then up', () => {
    const state = demoState('fan');
    const likes = () => state.feed.find((post) => post.id === 'post-2')!.data.likes;
    expect(likes()).toEqual({ like: true, value: 42 });
    togglePostLike(state, 'post-2');
    expect(likes()).toEqual({ like: false, value: 41 });
    togglePostLike(state, 'post-2');
    expect(likes()).toEqual({ like: true, value: 42 });
  });

  it("toggles a comment's like (the spec's replies/like)", () => {
    const state = demoState('fan');
    const comment = () => state.feed[0]!.data.comments.find((candidate) => candidate.id === 'post-1-c1')!;
    toggleCommentLike(state, 'post-1', 'post-1-c1');
    expect(comment().data.likes).toEqual({ like: true, value: 4 });
    toggleCommentLike(state, 'post-1', 'post-1-c1');
    expect(comment().data.likes).toEqual({ like: false, value: 3 });
  });

  it('adds a reply under the comment named, and nowhere else', () => {
    const state = demoState('fan');
    const replies = () =>
      state.feed[0]!.data.comments.map((comment) => comment.data.replies.map((reply) => reply.data.comment));
    const before = replies();
    addFeedReply(state, 'post-1', 'post-1-c2', 'Agreed!', me);
    expect(replies()).toEqual([before[0], [...before[1]!, 'Agreed!']]);
    const reply = state.feed[0]!.data.comments[1]!.data.replies.at(-1)!;
    expect(reply.profile).toMatchObject(me);
    expect(reply.data.likes).toEqual({ like: false, value: 0 });
  });

  it('adds a comment under the post named', () => {
    const state = demoState('fan');
    addFeedComment(state, 'post-4', 'Congratulations!', me);
    expect(state.feed[3]!.data.comments.map((comment) => comment.data.comment)).toEqual(['Congratulations!']);
  });

  it('throws DemoNotFound for an unknown post or comment', () => {
    const state = demoState('fan');
    expect(() => togglePostLike(state, 'post-9')).toThrow(DemoNotFound);
    expect(() => toggleCommentLike(state, 'post-1', 'nope')).toThrow(DemoNotFound);
    expect(() => addFeedReply(state, 'post-1', 'nope', 'x', me)).toThrow(DemoNotFound);
  });
});

describe('per-user state', () => {
  it("keeps one user's changes from another", () => {
    togglePostLike(demoState('alice'), 'post-1');
    addBlogComment(demoState('alice'), 1287, 'Only Alice sees this', me);
    expect(demoState('alice').feed[0]!.data.likes).toEqual({ like: true, value: 19 });
    expect(demoState('bob').feed[0]!.data.likes).toEqual({ like: false, value: 18 });
    expect(demoState('bob').blogPosts[0]!.comments[0]!.comment).not.toBe('Only Alice sees this');
    // The samples themselves never change.
    expect(feedFixture[0]!.data.likes).toEqual({ like: false, value: 18 });
  });

  it('bounds notes: removed ones make room, at most DEMO_USER_LIMITS.notes live', () => {
    const state = demoState('writer');
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < DEMO_USER_LIMITS.notes; n += 1) {
        const note = addNote(state, `note ${n}`, 'info');
        removeNote(state, note.id);
      }
    }
    expect(state.notes.length).toBeLessThanOrEqual(DEMO_USER_LIMITS.notes);
    while (state.notes.filter((note) => !note.deleted).length < DEMO_USER_LIMITS.notes)
      addNote(state, 'x', 'info');
    expect(() => addNote(state, 'one too many', 'info')).toThrow(DemoLimitReached);
    expect(state.notes.length).toBe(DEMO_USER_LIMITS.notes);
  });

  it('bounds contacts: the oldest deleted one makes room, live ones are never dropped', () => {
    const state = demoState('networker');
    const input = {
      firstname: 'A',
      lastname: 'B',
      department: '',
      company: '',
      phone: '',
      email: '',
      address: '',
      notes: '',
      frequentlycontacted: false,
    };
    const first = addContact(state, input);
    toggleContactDeleted(state, first.id);
    for (let n = 1; n < DEMO_USER_LIMITS.contacts; n += 1) addContact(state, input);
    expect(state.contacts).toHaveLength(DEMO_USER_LIMITS.contacts);
    addContact(state, input);
    expect(state.contacts).toHaveLength(DEMO_USER_LIMITS.contacts);
    expect(state.contacts.some((contact) => contact.id === first.id)).toBe(false);
    expect(() => addContact(state, input)).toThrow(DemoLimitReached);
  });
});

describe('what one user may add in all (DEMO_USER_LIMITS)', () => {
  /** Refused with `kind`, as the API and the screens read it. */
  const refusedFor = (kind: string, work: () => unknown) => {
    try {
      work();
    } catch (error) {
      expect(error).toBeInstanceOf(DemoLimitReached);
      expect((error as DemoLimitReached).kind).toBe(kind);
      return;
    }
    expect.fail(`not refused: ${kind}`);
  };

  it('caps comments across every blog and feed post, keeping every earlier one', () => {
    const state = demoState('chatty');
    const postIds = state.blogPosts.map((post) => post.id);
    for (let n = 0; n < DEMO_USER_LIMITS.comments; n += 1) {
      // Spread over every post, and the feed too: the cap is the user's, not a post's.
      if (n % 2) addFeedComment(state, `post-${(n % 4) + 1}`, `comment ${n}`, me);
      else addBlogComment(state, postIds[n % postIds.length]!, `comment ${n}`, me);
    }
    refusedFor('comments', () => addBlogComment(state, 75, 'one too many', me));
    refusedFor('comments', () => addFeedComment(state, 'post-1', 'one too many', me));
    const texts = [
      ...state.blogPosts.flatMap((post) => post.comments.map((comment) => comment.comment)),
      ...state.feed.flatMap((post) => post.data.comments.map((comment) => comment.data.comment)),
    ];
    // Nothing the user wrote was dropped to make room, and the refused one is not there.
    for (let n = 0; n < DEMO_USER_LIMITS.comments; n += 1) expect(texts).toContain(`comment ${n}`);
    expect(texts).not.toContain('one too many');
    expect(usageOf(state).comments).toBe(DEMO_USER_LIMITS.comments);
  });

  it('caps replies and chat messages per user', () => {
    const state = demoState('talker');
    for (let n = 0; n < DEMO_USER_LIMITS.replies; n += 1) {
      addFeedReply(state, 'post-1', n % 2 ? 'post-1-c1' : 'post-1-c2', `reply ${n}`, me);
    }
    refusedFor('replies', () => addFeedReply(state, 'post-2', 'post-2-c1', 'one too many', me));
    for (let n = 0; n < DEMO_USER_LIMITS.messages; n += 1) {
      sendChatMessage(state, (n % chatsFixture.length) + 1, `message ${n}`, CHAT_ME);
    }
    refusedFor('messages', () => sendChatMessage(state, 1, 'one too many', CHAT_ME));
    expect(usageOf(state)).toMatchObject({
      replies: DEMO_USER_LIMITS.replies,
      messages: DEMO_USER_LIMITS.messages,
    });
  });

  it("caps the bytes of the user's text across every kind, and the state stays that small", () => {
    const state = demoState('novelist');
    const before = JSON.stringify(state).length;
    // Arabic text: two bytes a character, so the budget is counted in bytes, not characters.
    const long = 'ش'.repeat(DEMO_LIMITS.text);
    let refused: unknown = null;
    for (let n = 0; n < 10_000 && !refused; n += 1) {
      try {
        if (n % 3 === 0) addFeedComment(state, 'post-3', long, me);
        else if (n % 3 === 1) sendChatMessage(state, 2, long, CHAT_ME);
        else addFeedReply(state, 'post-1', 'post-1-c1', long, me);
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toBeInstanceOf(DemoLimitReached);
    expect((refused as DemoLimitReached).kind).toBe('textBytes');
    expect(usageOf(state).textBytes).toBeLessThanOrEqual(DEMO_USER_LIMITS.textBytes);
    // A short comment still fits where a long one does not.
    refusedFor('textBytes', () => addBlogComment(state, 75, long, me));
    expect(() => addBlogComment(state, 75, 'ok', me)).not.toThrow();
    // The whole state: the samples plus at most the budget (JSON escapes nothing here).
    expect(JSON.stringify(state).length - before).toBeLessThan(DEMO_USER_LIMITS.textBytes);
    // Editing a note to grow past the budget is refused too.
    refusedFor('textBytes', () => updateNote(state, 1, { title: 'x'.repeat(DEMO_LIMITS.text) }));
    // Another user is untouched and may still write.
    const other = demoState('reader');
    expect(usageOf(other)).toMatchObject({ comments: 0, replies: 0, messages: 0 });
    expect(() => addFeedComment(other, 'post-3', long, me)).not.toThrow();
  });

  it('caps the cart at DEMO_USER_LIMITS.cartLines lines', () => {
    const state = demoState('shopper');
    expect(DEMO_USER_LIMITS.cartLines).toBeGreaterThan(0);
    // The samples have fewer products than the cap: the cap is checked against a fuller list.
    state.products = Array.from({ length: DEMO_USER_LIMITS.cartLines + 1 }, (_, n) => ({
      ...productsFixture[0]!,
      id: n + 1,
    }));
    for (let n = 1; n <= DEMO_USER_LIMITS.cartLines; n += 1) addToCart(state, n);
    refusedFor('cartLines', () => addToCart(state, DEMO_USER_LIMITS.cartLines + 1));
    expect(state.cart).toHaveLength(DEMO_USER_LIMITS.cartLines);
  });
});
