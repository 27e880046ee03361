// Emotion's style cache, for the few Joy components the UI layer still draws with (ADR 041). In Arabic
// (or with direction rtl) styles are mirrored by the RTL plugin. Only pages that show such a component
// load Emotion and the plugin; every other page's browser downloads neither.
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export function emotionCacheWith(
  dir: 'ltr' | 'rtl',
  options: { nonce?: string; rtlPlugin?: StylisPlugin },
): EmotionCache {
  if (dir === 'rtl' && !options.rtlPlugin) throw new Error('A right-to-left page needs the RTL plugin');
  return createCache({
    // The key differs by direction so that mirrored styles never mix with unmirrored ones.
    key: dir === 'rtl' ? 'rtl' : 'css',
    nonce: options.nonce,
    ...(dir === 'rtl' && options.rtlPlugin ? { stylisPlugins: [prefixer, options.rtlPlugin] } : {}),
  });
}

let browserCache: EmotionCache | undefined;

/**
 * In the browser: one cache for the page, in its direction, with the key the server used, so that the
 * styles the server rendered are taken over; new styles carry the page's CSP nonce (browsers expose it
 * only as the property) and go at the end of <head>, as the server put them.
 */
export function pageEmotionCache(): EmotionCache {
  if (!browserCache) {
    const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
    browserCache = emotionCacheWith(dir, { nonce, rtlPlugin });
  }
  return browserCache;
}
