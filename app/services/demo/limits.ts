// What one user may add to the demo data (shared by the store and the screens' forms), and how much of a
// long list a screen shows at once. The store's operations are the only place these are enforced, so the
// rules move with the data when the demo state moves elsewhere.
export const DEMO_LIMITS = {
  /** The longest comment, reply, message or note one record may hold (characters). */
  text: 2000,
  /** The most units of one product in the cart. */
  quantity: 99,
} as const;

/**
 * What one user may add in all, across every post, comment and chat: a count per kind, and one budget
 * for the text of everything they added (UTF-8 bytes). Reaching either is refused with a message; what
 * the user added before is never dropped to make room (decision record 024).
 * Notes, contacts and cart lines are counted as they are now (the samples included): removing one
 * makes room again. Comments, replies and messages cannot be removed, so they count for good.
 */
export const DEMO_USER_LIMITS = {
  comments: 200,
  replies: 200,
  messages: 300,
  notes: 100,
  contacts: 200,
  cartLines: 50,
  textBytes: 256 * 1024,
} as const;

/** The kinds of record whose number one user may add is capped. */
export type DemoKind = Exclude<keyof typeof DEMO_USER_LIMITS, 'textBytes'>;

/** Records of a long list shown on one page: the latest first, "show more" in the URL for the rest. */
export const DEMO_PAGE = {
  feedPosts: 10,
  comments: 20,
  replies: 10,
  messages: 30,
  notes: 20,
  emails: 20,
} as const;

/** Where a page of a long list stands: page 1 holds the latest records. */
export interface ListPage {
  page: number;
  pages: number;
  total: number;
}

/**
 * Page `page` of `list` (1: the latest `size` records; a page past the end shows the last one), in the
 * list's own order. `newestFirst` says how the list is kept: comments on blog posts go first, feed
 * comments, replies and chat messages are appended.
 */
export function latestPage<T>(
  list: readonly T[],
  page: number,
  size: number,
  newestFirst = false,
): { items: T[]; paging: ListPage } {
  const total = list.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const items = newestFirst
    ? list.slice((current - 1) * size, current * size)
    : list.slice(Math.max(0, total - current * size), total - (current - 1) * size);
  return { items, paging: { page: current, pages, total } };
}
