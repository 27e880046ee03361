// Hydrates the server's page in the language the server used. (Emotion's cache comes with the few Joy
// components that need it: app/components/ui/joy.tsx.)
import { RemixBrowser } from '@remix-run/react';
import i18next, { type BackendModule } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { DEFAULT_LANGUAGE, i18nConfig, interpolationFor, isLanguage, routeNamespaces } from './i18n';

const translations = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Loads one namespace of one language, each a chunk of its own, when i18next asks for it. */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = translations[`./locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error.message : String(error), false),
    );
  },
};

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
  // The company the texts name (COMPANY_NAME), as the server rendered the page with it (root.tsx).
  const company = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content ?? '';
  // The namespaces the page's routes declare, in its language and in English (the fallback, so a
  // missing key reads as on the server); the next pages load theirs as they are opened (root.tsx).
  const namespaces = routeNamespaces([{ i18n: getInitialNamespaces() }]);
  await i18next
    .use(initReactI18next)
    .use(lazyTranslations)
    .init({
      ...i18nConfig,
      interpolation: interpolationFor(company),
      lng: language,
      ns: namespaces,
      // A page whose namespaces are still loading waits for them, the previous page staying on screen.
      react: { useSuspense: true },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <RemixBrowser />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
