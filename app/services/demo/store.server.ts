// The demo modules' data (DESIGN.md "Demo modules"): each signed-in user works on a copy of the sample
// data in app/fixtures, kept by the back office (one document per user, decision record 038) so that
// every portal process sees the same, bounded by the limits below. Every change goes through the
// operations below, used alike by the /api/data resource routes and the screens' actions (which work
// without JavaScript), inside `changeDemoState`, which keeps the result.
import { blogPostsFixture } from '~/fixtures/blog';
import { chatsFixture } from '~/fixtures/chats';
import { contactsFixture } from '~/fixtures/contacts';
import { emailsFixture } from '~/fixtures/emails';
import { feedFixture, followersFixture, galleryFixture } from '~/fixtures/profile';
import { notesFixture } from '~/fixtures/notes';
import { productsFixture } from '~/fixtures/products';
import { ticketsFixture } from '~/fixtures/tickets';
import type {
  BlogPost,
  CartLine,
  ChatContact,
  Contact,
  Email,
  FeedPost,
  FollowUser,
  GalleryItem,
  Note,
  NoteColour,
  Person,
  Product,
  Ticket,
} from '~/fixtures/types';
import { backoffice, isBackofficeError } from '../backoffice/client.server';
import { DEMO_LIMITS, DEMO_USER_LIMITS, type DemoKind } from './limits';

export interface DemoState {
  blogPosts: BlogPost[];
  feed: FeedPost[];
  followers: FollowUser[];
  gallery: GalleryItem[];
  chats: ChatContact[];
  notes: Note[];
  emails: Email[];
  tickets: Ticket[];
  contacts: Contact[];
  products: Product[];
  cart: CartLine[];
  /** The next id for records this user adds (notes, contacts, comments, messages). */
  nextId: number;
}

export { DEMO_LIMITS, DEMO_USER_LIMITS };

/** Ids of the records a user adds start after this one; the samples' ids are all below it. */
const FIRST_ADDED_ID = 10_000;

/** A new copy of the samples: every user's data before their first change. */
export function sampleDemoState(): DemoState {
  return structuredClone({
    blogPosts: blogPostsFixture,
    feed: feedFixture,
    followers: followersFixture,
    gallery: galleryFixture,
    chats: chatsFixture,
    notes: notesFixture,
    emails: emailsFixture,
    tickets: ticketsFixture,
    contacts: contactsFixture,
    products: productsFixture,
    cart: [],
    nextId: FIRST_ADDED_ID,
  });
}

/** The user's copy of the demo data: the samples until their first change. */
export async function loadDemoState(session: string): Promise<{ state: DemoState; version: number }> {
  const stored = await backoffice().call('getDemoState', { session });
  return {
    state: stored.state ? (stored.state as unknown as DemoState) : sampleDemoState(),
    version: stored.version,
  };
}

/** Tries of one change when other processes keep saving the same user's data in between. */
const CHANGE_TRIES = 3;

/**
 * Runs `change` on the user's data and keeps what it changed: read, change, save. When another
 * process saved the user's data in between, the save is refused and the change is made again on what
 * that process saved (changes are functions of the data, so none is lost). What `change` throws
 * (a missing record, a limit reached) leaves the data as it was.
 */
export async function changeDemoState<T>(
  session: string,
  change: (state: DemoState) => T | Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, version } = await loadDemoState(session);
    const before = JSON.stringify(state);
    const result = await change(state);
    const after = JSON.stringify(state);
    if (after === before) return result;
    try {
      await backoffice().call('saveDemoState', {
        session,
        body: { state: JSON.parse(after) as Record<string, unknown>, version },
      });
      return result;
    } catch (error) {
      const raced = isBackofficeError(error, 'rejected') && error.code === 'conflict';
      if (!raced || attempt >= CHANGE_TRIES) throw error;
    }
  }
}

function newId(state: DemoState): number {
  state.nextId += 1;
  return state.nextId;
}

/** Removes up to `count` records flagged deleted, the oldest (last: new records go first) first. */
function dropDeleted(list: { deleted: boolean }[], count: number): void {
  for (let index = list.length - 1; index >= 0 && count > 0; index -= 1) {
    if (list[index]!.deleted) {
      list.splice(index, 1);
      count -= 1;
    }
  }
}

/** What the user asked to add is over one of their caps: `kind` says which (DEMO_USER_LIMITS). */
export class DemoLimitReached extends RangeError {
  constructor(readonly kind: DemoKind | 'textBytes') {
    super(`Demo limit reached: ${kind}`);
    this.name = 'DemoLimitReached';
  }
}

/** True for a record the user added (`c10001`, `r10002`, `m10003`, 10004), false for a sample. */
function added(id: string | number): boolean {
  const number = typeof id === 'number' ? id : Number(/^[a-z](\d+)$/.exec(id)?.[1]);
  return number > FIRST_ADDED_ID;
}

const bytesOf = (...texts: string[]): number =>
  texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);

const contactBytes = (contact: ContactInput): number =>
  bytesOf(
    contact.firstname,
    contact.lastname,
    contact.department,
    contact.company,
    contact.phone,
    contact.email,
    contact.address,
    contact.notes,
  );

/** How much of each cap the user has used: counted from the data itself, so it cannot drift. */
export type DemoUsage = Record<DemoKind | 'textBytes', number>;

export function usageOf(state: DemoState): DemoUsage {
  const usage: DemoUsage = {
    comments: 0,
    replies: 0,
    messages: 0,
    notes: state.notes.filter((note) => !note.deleted).length,
    contacts: state.contacts.length,
    cartLines: state.cart.length,
    textBytes: 0,
  };
  const count = (kind: 'comments' | 'replies' | 'messages', id: string, text: string) => {
    if (!added(id)) return;
    usage[kind] += 1;
    usage.textBytes += bytesOf(text);
  };
  for (const post of state.blogPosts) {
    for (const comment of post.comments) count('comments', comment.id, comment.comment);
  }
  for (const post of state.feed) {
    for (const comment of post.data.comments) {
      count('comments', comment.id, comment.data.comment);
      for (const reply of comment.data.replies) count('replies', reply.id, reply.data.comment);
    }
  }
  for (const chat of state.chats) {
    for (const message of chat.messages) count('messages', message.id, message.msg);
  }
  // Every note's title and every contact counts, the samples' too: the user may have rewritten them.
  for (const note of state.notes) usage.textBytes += bytesOf(note.title);
  for (const contact of state.contacts) usage.textBytes += contactBytes(contact);
  return usage;
}

/**
 * Refuses (DemoLimitReached) when one more record of `kind`, or text growing by `bytes`, would go over
 * the user's caps. Updates pass no kind and the growth of the text they change.
 */
function ensureRoom(state: DemoState, kind: DemoKind | null, bytes: number): void {
  const usage = usageOf(state);
  if (kind && usage[kind] >= DEMO_USER_LIMITS[kind]) throw new DemoLimitReached(kind);
  if (bytes > 0 && usage.textBytes + bytes > DEMO_USER_LIMITS.textBytes) {
    throw new DemoLimitReached('textBytes');
  }
}

/** The answer for a missing record; the routes turn it into 404 (or 500 where the spec says so). */
export class DemoNotFound extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'DemoNotFound';
  }
}

// ---- Blog ------------------------------------------------------------------------------------------

/** The spec's slug: lower-cased, spaces to hyphens, other non-word characters removed. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^\w-]/g, '');
}

/** The post whose title's slug matches the slug of `title`, or null ("Post not found"). */
export function findBlogPost(state: DemoState, title: string): BlogPost | null {
  const wanted = slugOf(title);
  return state.blogPosts.find((post) => slugOf(post.title) === wanted) ?? null;
}

/** Puts the comment first on the post and answers every post. */
export function addBlogComment(
  state: DemoState,
  postId: number,
  comment: string,
  author: Person,
): BlogPost[] {
  const post = state.blogPosts.find((candidate) => candidate.id === postId);
  if (!post) throw new DemoNotFound('Post');
  ensureRoom(state, 'comments', bytesOf(comment));
  post.comments.unshift({
    id: `c${newId(state)}`,
    profile: author,
    time: new Date().toISOString(),
    comment,
    replies: [],
  });
  return state.blogPosts;
}

// ---- Social feed, followers -------------------------------------------------------------------------

function feedPost(state: DemoState, postId: string): FeedPost {
  const post = state.feed.find((candidate) => candidate.id === postId);
  if (!post) throw new DemoNotFound('Post');
  return post;
}

function toggle(likes: { like: boolean; value: number }): void {
  likes.value = Math.max(0, likes.value + (likes.like ? -1 : 1));
  likes.like = !likes.like;
}

/** Unliked becomes liked and the count goes up by one; liked the other way round. */
export function togglePostLike(state: DemoState, postId: string): FeedPost[] {
  toggle(feedPost(state, postId).data.likes);
  return state.feed;
}

export function addFeedComment(
  state: DemoState,
  postId: string,
  comment: string,
  author: Person,
): FeedPost[] {
  const post = feedPost(state, postId);
  ensureRoom(state, 'comments', bytesOf(comment));
  post.data.comments.push({
    id: `c${newId(state)}`,
    profile: { ...author, time: new Date().toISOString() },
    data: { comment, likes: { like: false, value: 0 }, replies: [] },
  });
  return state.feed;
}

function feedComment(state: DemoState, postId: string, commentId: string) {
  const comment = feedPost(state, postId).data.comments.find((candidate) => candidate.id === commentId);
  if (!comment) throw new DemoNotFound('Comment');
  return comment;
}

export function addFeedReply(
  state: DemoState,
  postId: string,
  commentId: string,
  reply: string,
  author: Person,
): FeedPost[] {
  const comment = feedComment(state, postId, commentId);
  ensureRoom(state, 'replies', bytesOf(reply));
  comment.data.replies.push({
    id: `r${newId(state)}`,
    profile: { ...author, time: new Date().toISOString() },
    data: { comment: reply, likes: { like: false, value: 0 } },
  });
  return state.feed;
}

/** The spec's `posts/replies/like` with {postId, commentId}: toggles the comment's like. */
export function toggleCommentLike(state: DemoState, postId: string, commentId: string): FeedPost[] {
  toggle(feedComment(state, postId, commentId).data.likes);
  return state.feed;
}

export function toggleFollow(state: DemoState, userId: string): FollowUser[] {
  const user = state.followers.find((candidate) => candidate.id === userId);
  if (!user) throw new DemoNotFound('User');
  user.isFollowed = !user.isFollowed;
  return state.followers;
}

// ---- Chat ------------------------------------------------------------------------------------------

/** Appends a text message from `senderId`; its time is one second before now (spec section 4). */
export function sendChatMessage(
  state: DemoState,
  chatId: number,
  msg: string,
  senderId: number,
): ChatContact {
  const chat = state.chats.find((candidate) => candidate.id === chatId);
  if (!chat) throw new DemoNotFound('Chat');
  ensureRoom(state, 'messages', bytesOf(msg));
  chat.messages.push({
    id: `m${newId(state)}`,
    msg,
    type: 'text',
    attachments: [],
    createdAt: new Date(Date.now() - 1000).toISOString(),
    senderId,
  });
  chat.excerpt = msg.slice(0, 80);
  return chat;
}

// ---- Notes -----------------------------------------------------------------------------------------

export function addNote(state: DemoState, title: string, color: NoteColour): Note {
  // Removed notes stay in the list, flagged; they are dropped for good when the list is full, so adding
  // and removing over and over cannot grow it without end.
  if (state.notes.length >= DEMO_USER_LIMITS.notes) dropDeleted(state.notes, state.notes.length);
  ensureRoom(state, 'notes', bytesOf(title));
  const note: Note = { id: newId(state), title, color, datef: new Date().toISOString(), deleted: false };
  state.notes.unshift(note);
  return note;
}

export function updateNote(
  state: DemoState,
  id: number,
  changes: Partial<Pick<Note, 'title' | 'color'>>,
): Note {
  const note = state.notes.find((candidate) => candidate.id === id && !candidate.deleted);
  if (!note) throw new DemoNotFound('Note');
  if (changes.title !== undefined) ensureRoom(state, null, bytesOf(changes.title) - bytesOf(note.title));
  Object.assign(note, changes);
  return note;
}

export function removeNote(state: DemoState, id: number): void {
  const note = state.notes.find((candidate) => candidate.id === id && !candidate.deleted);
  if (!note) throw new DemoNotFound('Note');
  note.deleted = true;
}

// ---- E-mail ----------------------------------------------------------------------------------------

export const EMAIL_TOGGLES = ['starred', 'important', 'checked', 'trash', 'unread'] as const;
export type EmailToggle = (typeof EMAIL_TOGGLES)[number];

/** Toggles one flag; "delete" is the trash flag, so it can be undone. */
export function toggleEmailFlag(state: DemoState, id: number, flag: EmailToggle): Email {
  const email = state.emails.find((candidate) => candidate.id === id);
  if (!email) throw new DemoNotFound('E-mail');
  email[flag] = !email[flag];
  return email;
}

// ---- Tickets ---------------------------------------------------------------------------------------

export function deleteTicket(state: DemoState, id: number): void {
  const ticket = state.tickets.find((candidate) => candidate.Id === id && !candidate.deleted);
  if (!ticket) throw new DemoNotFound('Ticket');
  ticket.deleted = true;
}

// ---- Contacts --------------------------------------------------------------------------------------

export type ContactInput = Omit<Contact, 'id' | 'image' | 'starred' | 'deleted'>;

export function addContact(state: DemoState, input: ContactInput): Contact {
  // Deleted contacts can be restored, so they are kept while there is room; when the list is full the
  // oldest deleted one makes room for the new one, so the list cannot grow without end.
  if (state.contacts.length >= DEMO_USER_LIMITS.contacts) dropDeleted(state.contacts, 1);
  ensureRoom(state, 'contacts', contactBytes(input));
  const contact: Contact = {
    ...input,
    id: newId(state),
    image: '',
    starred: false,
    deleted: false,
  };
  state.contacts.unshift(contact);
  return contact;
}

function contactOf(state: DemoState, id: number): Contact {
  const contact = state.contacts.find((candidate) => candidate.id === id);
  if (!contact) throw new DemoNotFound('Contact');
  return contact;
}

export function updateContact(state: DemoState, id: number, input: ContactInput): Contact {
  const contact = contactOf(state, id);
  ensureRoom(state, null, contactBytes(input) - contactBytes(contact));
  return Object.assign(contact, input);
}

export function toggleContactStar(state: DemoState, id: number): Contact {
  const contact = contactOf(state, id);
  contact.starred = !contact.starred;
  return contact;
}

/** Deleting is a flag: toggled again, the contact is back. */
export function toggleContactDeleted(state: DemoState, id: number): Contact {
  const contact = contactOf(state, id);
  contact.deleted = !contact.deleted;
  return contact;
}

// ---- Shop cart -------------------------------------------------------------------------------------

export function addToCart(state: DemoState, productId: number): CartLine[] {
  const product = state.products.find((candidate) => candidate.id === productId);
  if (!product) throw new DemoNotFound('Product');
  const line = state.cart.find((candidate) => candidate.id === productId);
  if (line) line.qty = Math.min(DEMO_LIMITS.quantity, line.qty + 1);
  else {
    ensureRoom(state, 'cartLines', 0);
    state.cart.push({ id: productId, qty: 1 });
  }
  return state.cart;
}

/** One more or one fewer; at zero the line goes. */
export function changeCartQuantity(state: DemoState, productId: number, by: 1 | -1): CartLine[] {
  const line = state.cart.find((candidate) => candidate.id === productId);
  if (!line) throw new DemoNotFound('Cart line');
  line.qty = Math.min(DEMO_LIMITS.quantity, line.qty + by);
  if (line.qty <= 0) state.cart.splice(state.cart.indexOf(line), 1);
  return state.cart;
}

export function removeFromCart(state: DemoState, productId: number): CartLine[] {
  state.cart = state.cart.filter((line) => line.id !== productId);
  return state.cart;
}

/** The cart's total at sales prices. */
export function cartTotal(state: DemoState): number {
  return state.cart.reduce((sum, line) => {
    const product = state.products.find((candidate) => candidate.id === line.id);
    return sum + (product ? product.salesPrice * line.qty : 0);
  }, 0);
}
