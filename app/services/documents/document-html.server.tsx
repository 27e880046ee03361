// A document's print layout as one HTML page for Chromium: the same React component the screen shows,
// rendered on the server in the reader's language and direction. Its styles: the few the layout's
// components make, inlined; the theme's variables and baseline, the fonts and the global stylesheet
// linked from the portal itself (the only origin the page may load), the same addresses for every
// document, so that Chromium keeps them from one render to the next.
import ubuntu400 from '@fontsource/ubuntu/400.css?url';
import ubuntu500 from '@fontsource/ubuntu/500.css?url';
import ubuntu700 from '@fontsource/ubuntu/700.css?url';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { CssVarsProvider } from '@mui/joy/styles';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { directionOf, type Language } from '~/i18n';
import { i18nFor } from '~/services/i18n.server';
import globalStyles from '~/styles/global.css?url';
import { DEFAULT_APPEARANCE } from '~/theme/appearance';
import { createEmotionCache } from '~/theme/emotion.server';
import { themeHref } from '~/theme/theme-css.server';
import { portalTheme } from '~/theme/theme';

const STYLESHEETS = [ubuntu400, ubuntu500, ubuntu700, globalStyles];

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
  const cache = createEmotionCache(dir);
  const emotion = createEmotionServer(cache);
  const appearance = { ...DEFAULT_APPEARANCE, dir };
  const theme = portalTheme(appearance);
  const body = renderToString(
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={cache}>
        {/* The variables and baseline styles come from the linked theme stylesheet, as on the screen. */}
        <CssVarsProvider
          theme={theme}
          defaultMode="light"
          modeStorageKey="joy-mode"
          disableStyleSheetGeneration
        >
          <main className="rendered-document">{element}</main>
        </CssVarsProvider>
      </CacheProvider>
    </I18nextProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
  const links = [themeHref(appearance), ...STYLESHEETS]
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${dir}" data-joy-color-scheme="light">` +
    `<head><meta charset="utf-8"><base href="${escapeHtml(origin)}/"><title>${escapeHtml(title)}</title>` +
    `${links}${styles}</head><body>${body}</body></html>`
  );
}
