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
 * The page out of an answer. When the answer holds every row the back office counted (it ignored the
 * paging, or everything fits on one page), the rows are filtered with `matches` and cut here: a back
 * office that ignores the filters must not show a short list unfiltered, and one that filtered loses
 * nothing (its rows match). Otherwise the back office paged, and filtered: its page is shown as it is.
 */
export function pageOf<T>(items: T[], total: number, page: number, matches: (item: T) => boolean): Page<T> {
  let shown = items;
  let count = total;
  if (items.length > PAGE_SIZE || items.length === total) {
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
