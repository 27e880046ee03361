// The Joy components the UI layer still uses (lists of buttons, chips, avatars, the progress bar) each
// bring Emotion's cache with them, so that only the pages that show one load Joy and Emotion (ADR 041).
// They read the theme's values as the CSS variables of the theme stylesheet (ADR 040); Joy's default
// theme names the same variables.
import { CacheProvider } from '@emotion/react';
import { createElement, forwardRef, type ElementType, type ReactNode, type Ref } from 'react';
import { pageEmotionCache } from '~/theme/emotion';

/** On the server the page's cache is provided around the whole render (entry.server.tsx). */
function EmotionScope({ children }: { children: ReactNode }) {
  if (typeof document === 'undefined') return children;
  return <CacheProvider value={pageEmotionCache()}>{children}</CacheProvider>;
}

/** `Component`, rendered inside the page's Emotion cache; Joy's name for it kept (Joy reads it). */
export function fromJoy<T extends ElementType>(Component: T): T {
  const Scoped = forwardRef(function Scoped(props: Record<string, unknown>, ref: Ref<unknown>) {
    return <EmotionScope>{createElement(Component, { ...props, ref })}</EmotionScope>;
  });
  return Object.assign(Scoped, { muiName: (Component as { muiName?: string }).muiName }) as unknown as T;
}
