// The server's side of the frame's kept HTML (app/components/kept-markup.tsx, ADR 064): one store for the
// process, bounded, keyed by the language, the direction and what the part says it depends on.
import type { i18n as I18n } from 'i18next';
import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { MarkupKeeper } from '~/components/kept-markup';

// A few parts, four languages, some states each (the current menu entry, a count): far fewer in practice.
const kept = new LRUCache<string, string>({ max: 2000 });

export function markupKeeper(i18n: I18n, language: string, dir: string): MarkupKeeper {
  return (key, content) => {
    const full = `${language}|${dir}|${key}`;
    let html = kept.get(full);
    if (html === undefined) {
      // React supports a synchronous render inside its own: it restores the outer render's state after.
      html = renderToString(<I18nextProvider i18n={i18n}>{content}</I18nextProvider>);
      kept.set(full, html);
    }
    return html;
  };
}

/** Forgets every kept part (tests). */
export function forgetKeptMarkup() {
  kept.clear();
}
