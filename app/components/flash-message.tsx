// The message an action left for the next page (app/services/flash.server.ts), in the reader's language:
// in the server's HTML, so it shows without JavaScript; with JavaScript it can be dismissed.
import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '~/components/translation';
import { IconButton } from './ui';
import { Notice } from './form-parts';

export type FlashData = {
  key: string;
  values?: Record<string, string | number>;
  words?: Record<string, string>;
  tone?: 'success' | 'neutral' | 'warning';
};

/** A message and the visit of a page (the location's key) it arrived with. */
export type FlashSighting = { flash: FlashData | null; locationKey: string };

/** What is known after rendering `flash` at `locationKey`: a message not seen before arrived here. */
export function sightingOf(
  previous: FlashSighting | null,
  flash: FlashData | null,
  locationKey: string,
): FlashSighting {
  return previous && previous.flash === flash ? previous : { flash, locationKey };
}

/** The message the page was given by the root loader (app/root.tsx), if any. */
export function useFlash(): FlashData | null {
  const root = useRouteLoaderData('root') as { flash?: FlashData | null } | undefined;
  const flash = root?.flash ?? null;
  const { key } = useLocation();
  // With JavaScript the root's data is loaded again on every navigation today (single fetch, no
  // `shouldRevalidate` on the root). Should it ever be kept while the user goes on to other pages, the
  // message still shows only on the page it arrived with.
  const sighting = useRef<FlashSighting | null>(null);
  sighting.current = sightingOf(sighting.current, flash, key);
  return sighting.current.locationKey === key ? flash : null;
}

/** The message's text: its key with its values, the values that are words translated first. */
export function flashText(t: TFunction, flash: FlashData): string {
  const words = Object.fromEntries(Object.entries(flash.words ?? {}).map(([name, key]) => [name, t(key)]));
  return t(flash.key, { ...flash.values, ...words });
}

/** `style` places it among what surrounds it (the space below it). */
export function FlashMessage({ style }: { style?: CSSProperties }) {
  const flash = useFlash();
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Each message the root loader hands over is a new object: a new one shows even after a dismissal.
  useEffect(() => setDismissed(false), [flash]);
  if (!flash || dismissed) return null;
  return (
    <div style={style}>
      <Notice color={flash.tone ?? 'success'}>
        <span style={{ flex: 1 }}>{flashText(t, flash)}</span>
        {hydrated && (
          <IconButton
            size="sm"
            variant="plain"
            color="neutral"
            aria-label={t('common:flash.dismiss')}
            onClick={() => setDismissed(true)}
          >
            <IconX aria-hidden size={16} />
          </IconButton>
        )}
      </Notice>
    </div>
  );
}
