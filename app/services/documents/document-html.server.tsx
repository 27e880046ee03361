// A document's print layout as one HTML page for Chromium: the same React component the screen shows,
// rendered on the server in the reader's language and direction. The layout draws with the UI layer's
// plain pieces, so it asks Emotion for nothing: its styles are all linked from the portal itself (the
// only origin the page may load): the theme's variables and baseline, the fonts, the global stylesheet,
// the UI layer's and the finance screens' ones, the same addresses for every document, so that Chromium
// keeps them from one render to the next.
import ubuntu400 from '@fontsource/ubuntu/400.css?url';
import ubuntu500 from '@fontsource/ubuntu/500.css?url';
import ubuntu700 from '@fontsource/ubuntu/700.css?url';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { directionOf, type Language } from '~/i18n';
import { i18nFor } from '~/services/i18n.server';
import globalStyles from '~/styles/global.css?url';
import financeStyles from '~/styles/screens/finance.css?url';
import uiStyles from '~/styles/ui.css?url';
import { DEFAULT_APPEARANCE } from '~/theme/appearance';
import { themeHref } from '~/theme/theme-css.server';

/** In the order the portal's root links them: the screens' rules after the UI layer's, which they refine. */
const STYLESHEETS = [ubuntu400, ubuntu500, ubuntu700, globalStyles, uiStyles, financeStyles];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page Chromium prints: `element` (a print layout such as <InvoiceDocument/>) in `language`, light
 * colours, A4 width. Relative links resolve against `origin`, the portal's own address.
 */
export async function documentHtml({
  element,
  language,
  title,
  origin,
}: {
  element: ReactElement;
  language: Language;
  title: string;
  origin: string;
}): Promise<string> {
  const dir = directionOf(language);
  const i18n = await i18nFor(language);
  const appearance = { ...DEFAULT_APPEARANCE, dir };
  const body = renderToString(
    <I18nextProvider i18n={i18n}>
      <main className="rendered-document">{element}</main>
    </I18nextProvider>,
  );
  const links = [themeHref(appearance), ...STYLESHEETS]
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${dir}" data-joy-color-scheme="light">` +
    `<head><meta charset="utf-8"><base href="${escapeHtml(origin)}/"><title>${escapeHtml(title)}</title>` +
    `${links}</head><body>${body}</body></html>`
  );
}
