// The theme's CSS variables (both colour schemes) and Joy's baseline styles, as one static stylesheet per
// palette, corner radius and direction. They never change between pages, so instead of every page
// generating and inlining them (some 28 KB), the page links /theme.css, which browsers keep for a year.
import { createHash } from 'node:crypto';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/joy/CssBaseline';
import { CssVarsProvider } from '@mui/joy/styles';
import { renderToString } from 'react-dom/server';
import { BORDER_RADII, PALETTES, type PaletteName } from './appearance';
import { createEmotionCache } from './emotion.server';
import { portalTheme } from './theme';

export interface ThemeKey {
  theme: PaletteName;
  borderRadius: number;
  dir: 'ltr' | 'rtl';
}

interface Sheet {
  css: string;
  /** A short hash of the CSS: in the stylesheet's URL, so that a changed sheet is a new address. */
  version: string;
}

const sheets = new Map<string, Sheet>();

function idOf(key: ThemeKey): string {
  return `${key.theme}/${key.borderRadius}/${key.dir}`;
}

/** The stylesheet for these settings, made once (the combinations are few: 6 × 5 × 2). */
export function themeSheet(key: ThemeKey): Sheet {
  const id = idOf(key);
  const existing = sheets.get(id);
  if (existing) return existing;
  const cache = createEmotionCache(key.dir);
  const emotion = createEmotionServer(cache);
  // The card shadow is a component style, not a variable: either value gives the same sheet.
  const theme = portalTheme({ ...key, cardShadow: true });
  const html = renderToString(
    <CacheProvider value={cache}>
      <CssVarsProvider theme={theme} defaultMode="light" modeStorageKey="joy-mode">
        <CssBaseline />
      </CssVarsProvider>
    </CacheProvider>,
  );
  const css = emotion
    .extractCriticalToChunks(html)
    .styles.filter((style) => style.key.endsWith('-global'))
    .map((style) => style.css)
    .join('\n');
  const sheet = { css, version: createHash('sha256').update(css).digest('base64url').slice(0, 12) };
  sheets.set(id, sheet);
  return sheet;
}

/** The stylesheet's address for these settings. */
export function themeHref(key: ThemeKey): string {
  const query = new URLSearchParams({
    palette: key.theme,
    radius: String(key.borderRadius),
    dir: key.dir,
    v: themeSheet(key).version,
  });
  return `/theme.css?${query}`;
}

/** The settings a /theme.css address names, or null when they are not ones the portal has. */
export function themeKeyOf(search: URLSearchParams): ThemeKey | null {
  const theme = search.get('palette');
  const borderRadius = Number(search.get('radius'));
  const dir = search.get('dir');
  if (!(PALETTES as readonly string[]).includes(theme ?? '')) return null;
  if (!(BORDER_RADII as readonly number[]).includes(borderRadius)) return null;
  if (dir !== 'ltr' && dir !== 'rtl') return null;
  return { theme: theme as PaletteName, borderRadius, dir };
}
