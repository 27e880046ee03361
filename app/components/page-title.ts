// Page titles: loaders translate the page's name; `meta` adds the product's name around it.
import type { MetaFunction } from '@remix-run/node';

/** `export const meta = titleMeta;` in a route whose loader returns `{ title }` (already "Page · Product"). */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: string } | undefined)?.title;
  return title ? [{ title }] : [];
};
