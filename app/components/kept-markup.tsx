// Parts of the frame that are the same on most pages (the menu, the top bar, the sidebar's head, the
// footer; the appearance and language panels of the public pages) are rendered once on the server for each language and state, and their HTML is kept: a first view renders
// React only for what is its own (ADR 064). The browser renders and hydrates them as any other part, so
// what is kept must be exactly what React would have written: a test compares the two for each part.
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';

/**
 * The HTML of `content` as React writes it, kept under `key`. Only the server has one; `content` may read
 * the translations (the language is part of the key) and nothing else from its context, and must depend
 * on nothing `key` does not name.
 */
export type MarkupKeeper = (key: string, content: ReactNode) => string;

export const MarkupKeeperContext = createContext<MarkupKeeper | null>(null);

/** What fills the host element: the content as kept HTML (on the server), or as children. */
export type KeptContent = { children: ReactNode } | { dangerouslySetInnerHTML: { __html: string } };

/** Where a hole's value goes in kept HTML: characters React writes as they are, in text and in attributes. */
const holeMark = (name: string) => `\uE000${name}\uE001`;

/** Text as React writes it into HTML, in text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/["'&<>]/g, (character) => HTML_ESCAPES[character]!);
}
const HTML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * The host element `host` draws, filled with `children`: kept under `id` on the server (`id` null: not
 * kept), rendered as usual in the browser. A component of its own, as React's hooks must all have run
 * before the content is rendered apart.
 *
 * `holes`: values that differ from page to page (the page's own address, for the forms that come back to
 * it), filled into the kept HTML on each render. `children` is then a function of `hole`, which gives
 * each value's place (only as an attribute's value or as text).
 */
export function Kept({
  id,
  host,
  holes = {},
  children,
}: {
  id: string | null;
  host: (content: KeptContent) => ReactElement;
  holes?: Record<string, string>;
  children: ReactNode | ((hole: (name: string) => string) => ReactNode);
}) {
  const keep = useContext(MarkupKeeperContext);
  if (!keep || id === null) {
    return host({
      children: typeof children === 'function' ? children((name) => holes[name] ?? '') : children,
    });
  }
  let html = keep(id, typeof children === 'function' ? children(holeMark) : children);
  for (const [name, value] of Object.entries(holes))
    html = html.replaceAll(holeMark(name), escapeHtml(value));
  return host({ dangerouslySetInnerHTML: { __html: html } });
}
