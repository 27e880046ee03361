// The theme's static stylesheet: the variables of both colour schemes and the baseline styles, one
// address per palette, radius and direction, kept a year when current; pages link it instead of
// inlining it.
import { describe, expect, it } from 'vitest';
import { loader as rootLoader } from '~/root';
import { loader } from '~/routes/theme[.]css';
import { appearanceCookie } from '~/services/preferences.server';
import { BRAND_COLOURS } from './palettes';
import { themeHref, themeSheet } from './theme-css.server';

// The root loader reads the session cookie's secret.
process.env.SESSION_SECRET ??= 'test-secret-that-is-long-enough-for-signing-cookies';

const call = (path: string) =>
  loader({ request: new Request(`http://127.0.0.1:3000${path}`), params: {}, context: { cspNonce: '' } });

describe('/theme.css', () => {
  it('holds both colour schemes of the palette, its radius and the baseline', () => {
    const { css } = themeSheet({ theme: 'PURPLE_THEME', borderRadius: 12, dir: 'ltr' });
    expect(css).toContain('[data-joy-color-scheme="light"]');
    expect(css).toContain('[data-joy-color-scheme="dark"]');
    expect(css).toContain('--joy-radius-md:12px');
    expect(css.toUpperCase()).toContain(BRAND_COLOURS.PURPLE_THEME.primary.toUpperCase());
    // CssBaseline's body rule comes with it.
    expect(css).toMatch(/body\{/);
  });

  it('gives each palette and radius its own version', () => {
    const blue = themeSheet({ theme: 'BLUE_THEME', borderRadius: 7, dir: 'ltr' });
    const green = themeSheet({ theme: 'GREEN_THEME', borderRadius: 7, dir: 'ltr' });
    const square = themeSheet({ theme: 'BLUE_THEME', borderRadius: 0, dir: 'ltr' });
    expect(new Set([blue.version, green.version, square.version]).size).toBe(3);
  });

  it('answers the current version as CSS kept a year, an old version without keeping it', async () => {
    const href = themeHref({ theme: 'CYAN_THEME', borderRadius: 4, dir: 'rtl' });
    const current = await call(href);
    expect(current.status).toBe(200);
    expect(current.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(current.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await current.text()).toBe(themeSheet({ theme: 'CYAN_THEME', borderRadius: 4, dir: 'rtl' }).css);

    const old = await call(href.replace(/v=[^&]+/, 'v=old'));
    expect(old.status).toBe(200);
    expect(old.headers.get('Cache-Control')).toBe('no-cache');
  });

  it.each([
    ['an unknown palette', '/theme.css?palette=PINK_THEME&radius=7&dir=ltr'],
    ['a radius the portal does not offer', '/theme.css?palette=BLUE_THEME&radius=9&dir=ltr'],
    ['an unknown direction', '/theme.css?palette=BLUE_THEME&radius=7&dir=up'],
    ['nothing', '/theme.css'],
  ])('answers 404 for %s', async (_case, path) => {
    expect((await call(path)).status).toBe(404);
  });

  it("is the page's stylesheet for the reader's appearance and language direction", async () => {
    const cookie = await appearanceCookie.serialize({ theme: 'ORANGE_THEME', borderRadius: 16 });
    const data = await rootLoader({
      request: new Request('http://127.0.0.1:3000/auth/login', {
        headers: { 'Accept-Language': 'ar', Cookie: cookie },
      }),
      params: {},
      context: { cspNonce: '' },
    });
    expect(data.data.themeStylesheet).toBe(
      themeHref({ theme: 'ORANGE_THEME', borderRadius: 16, dir: 'rtl' }),
    );
  });
});
