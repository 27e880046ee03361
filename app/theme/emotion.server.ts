// On the server every direction is rendered, so the RTL plugin is always at hand.
import type { EmotionCache } from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';
import { emotionCacheWith } from './emotion';

export function createEmotionCache(dir: 'ltr' | 'rtl', options: { nonce?: string } = {}): EmotionCache {
  return emotionCacheWith(dir, { ...options, rtlPlugin });
}
