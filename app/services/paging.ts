// Lists a page at a time. The back office pages and filters when it can; one that ignores the paging
// parameters answers everything, and then the portal filters and pages what it got.

/** Page size of every list (spec section 9: 10 for shipping orders and loans). */
export const PAGE_SIZE = 10;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

/** The limit and offset of a page, as the list calls take them. */
export function pageQuery(page: number): { limit: number; offset: number } {
  return { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
}

/**
 * The page out of an answer: as it is when the back office paged (at most a page came back),
 * otherwise filtered with `matches` and cut here.
 */
export function pageOf<T>(items: T[], total: number, page: number, matches: (item: T) => boolean): Page<T> {
  let shown = items;
  let count = total;
  if (items.length > PAGE_SIZE) {
    const matching = items.filter(matches);
    count = matching.length;
    shown = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  }
  return { items: shown, total: count, page, pages: Math.max(1, Math.ceil(count / PAGE_SIZE)) };
}

/** Whether any of the texts contains the search (ignoring case); true without a search. */
export function textMatches(search: string | undefined, texts: readonly (string | null | undefined)[]) {
  if (!search) return true;
  const wanted = search.toLowerCase();
  return texts.some((text) => text?.toLowerCase().includes(wanted));
}
