// Emotion's style cache; in Arabic (or with direction rtl) styles are mirrored by the RTL plugin.
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export function createEmotionCache(dir: 'ltr' | 'rtl', options: { nonce?: string } = {}): EmotionCache {
  return createCache({
    // The key differs by direction so that mirrored styles never mix with unmirrored ones.
    key: dir === 'rtl' ? 'rtl' : 'css',
    nonce: options.nonce,
    ...(dir === 'rtl' ? { stylisPlugins: [prefixer, rtlPlugin] } : {}),
  });
}
