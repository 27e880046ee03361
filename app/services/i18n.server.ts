// Language detection (cookie, then Accept-Language) and translations for loaders and actions.
import { createCookie } from '@remix-run/node';
import { createInstance, type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RemixI18Next } from 'remix-i18next/server';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  NAMESPACES,
  i18nConfig,
  isLanguage,
  type Language,
  type Namespace,
} from '~/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** Every translation, by language and namespace, loaded once into the server build. */
export const resources: Resource = {};
for (const [file, module] of Object.entries(files)) {
  const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = module.default;
}

export const languageCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ['cookie', 'header'],
  },
  i18next: { ...i18nConfig, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const detected = await i18next.getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

/**
 * One i18next instance per language and set of namespaces, made on first use and shared by every
 * request: the translations are in memory already, and nothing on the server changes an instance's
 * language. Loaders, actions and documents use every namespace; a page gets only those its routes
 * declare (ADR 036), as the browser does, so that a route that forgets one shows it on the server too.
 */
const instances = new Map<string, Promise<I18n>>();

export function i18nFor(language: Language, namespaces: readonly Namespace[] = NAMESPACES): Promise<I18n> {
  const key = `${language}:${namespaces.join(',')}`;
  let ready = instances.get(key);
  if (!ready) {
    const instance = createInstance();
    const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
    const chosen: Resource = Object.fromEntries(
      languages.map((lng) => [
        lng,
        Object.fromEntries(namespaces.map((ns) => [ns, resources[lng]?.[ns] ?? {}])),
      ]),
    );
    ready = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language, ns: [...namespaces], resources: chosen })
      .then(() => instance);
    instances.set(key, ready);
  }
  return ready;
}

/** The translation function of the request's language for one namespace (others by prefix). */
export async function translator(
  request: Request,
  namespace: Namespace | Namespace[] = 'common',
): Promise<TFunction> {
  const language = await getLanguage(request);
  return (await i18nFor(language)).getFixedT(language, namespace);
}
