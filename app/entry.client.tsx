// Hydrates the server's page: the same language, direction and Emotion cache the server used.
import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import i18next, { type Resource } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, NAMESPACES } from './i18n';
import { loadEmotionCache } from './theme/emotion';

const translations = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

// A page left open across a deployment asks for chunks that no longer exist: load the page afresh once.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'portal:reloaded-for';
  if (sessionStorage.getItem(key) === location.href) return;
  sessionStorage.setItem(key, location.href);
  event.preventDefault();
  location.reload();
});

async function hydrate() {
  const html = document.documentElement;
  const language = isLanguage(html.lang) ? html.lang : DEFAULT_LANGUAGE;
  const dir = html.dir === 'rtl' ? 'rtl' : 'ltr';
  // Appends to <head>, after everything React renders there, as the server did; new styles carry the
  // page's CSP nonce (browsers expose it only as the property). Fetched while the translations load.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
  const emotionCache = loadEmotionCache(dir, { nonce });
  // Every namespace of the page's language, so that client-side navigation never shows a bare key.
  const namespaces = [...NAMESPACES];
  // English too, as the fallback, so a missing key reads the same as on the server.
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  const resources: Resource = Object.fromEntries(languages.map((lng) => [lng, {}]));
  await Promise.all(
    languages.flatMap((lng) =>
      namespaces.map(async (namespace) => {
        const load = translations[`./locales/${lng}/${namespace}.json`];
        if (load) resources[lng]![namespace] = (await load()).default;
      }),
    ),
  );
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: language, ns: namespaces, resources });

  // Joy reads the colour scheme from localStorage first; the server's choice (cookie) wins.
  const mode = html.getAttribute('data-joy-color-scheme');
  if (mode === 'light' || mode === 'dark') localStorage.setItem('joy-mode', mode);

  const cache = await emotionCache;

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <CacheProvider value={cache}>
            <RemixBrowser />
          </CacheProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
