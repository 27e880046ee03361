// Emotion's style cache; in Arabic (or with direction rtl) styles are mirrored by the RTL plugin. The
// plugin is loaded only by pages that are right to left: the browser of a left-to-right page never
// downloads it.
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';

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

/** In the browser: the cache for the page's direction, fetching the RTL plugin when it is needed. */
export async function loadEmotionCache(
  dir: 'ltr' | 'rtl',
  options: { nonce?: string } = {},
): Promise<EmotionCache> {
  const rtlPlugin = dir === 'rtl' ? (await import('stylis-plugin-rtl')).default : undefined;
  return emotionCacheWith(dir, { ...options, rtlPlugin });
}
