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
  interpolationFor,
  isLanguage,
  type Language,
  type Namespace,
} from '~/i18n';
import { env } from './env.server';

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
      .init({
        ...i18nConfig,
        interpolation: interpolationFor(env().COMPANY_NAME),
        lng: language,
        ns: [...namespaces],
        resources: chosen,
      })
      .then(() => keepPlainTranslations(instance));
    instances.set(key, ready);
  }
  return ready;
}

/** The most plain translations one bound function keeps (the portal's keys are far fewer). */
const KEPT_PER_FUNCTION = 5_000;

/**
 * What a translation is kept under: the key, with its options when they are plain values (a count, a
 * name, a number), which decide the text entirely; null for anything else (an object or a function
 * among the options, several keys), which is translated every time.
 */
function textId(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  // A list or tree of translations is the caller's to change.
  if ('returnObjects' in options) return null;
  for (const value of Object.values(options)) {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

/**
 * A translation is the same every time for the same key, values, language, namespaces and prefix, and
 * the translations of a shared instance never change. So each instance gives one translation function
 * per language, namespaces and prefix, made once, and that function keeps the translations it gave:
 * the labels of every page are looked up once (ADR 056).
 */
function keepPlainTranslations(instance: I18n): I18n {
  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
  const functions = new Map<string, TFunction>();
  const keptGetFixedT = (language: unknown, namespace: unknown, keyPrefix?: unknown) => {
    const id = `${String(language)}\u0000${String(namespace)}\u0000${String(keyPrefix)}`;
    let kept = functions.get(id);
    if (!kept) {
      const translate = getFixedT(language, namespace, keyPrefix) as unknown as (
        ...args: unknown[]
      ) => unknown;
      const texts = new Map<string, unknown>();
      const keptTranslate = (key: unknown, ...rest: unknown[]) => {
        const id = rest.length <= 1 ? textId(key, rest[0]) : null;
        if (id === null) return translate(key, ...rest);
        let text = texts.get(id);
        if (text === undefined) {
          text = translate(key, ...rest);
          if (texts.size >= KEPT_PER_FUNCTION) texts.clear();
          texts.set(id, text);
        }
        return text;
      };
      // What the bound function says of itself (react-i18next's Trans reads its namespaces).
      const { lng, lngs, ns, keyPrefix: prefix } = translate as unknown as Record<string, unknown>;
      kept = Object.assign(keptTranslate, { lng, lngs, ns, keyPrefix: prefix }) as unknown as TFunction;
      functions.set(id, kept);
    }
    return kept;
  };
  instance.getFixedT = keptGetFixedT as unknown as I18n['getFixedT'];
  return instance;
}

/** The translation function of the request's language for one namespace (others by prefix). */
export async function translator(
  request: Request,
  namespace: Namespace | Namespace[] = 'common',
): Promise<TFunction> {
  const language = await getLanguage(request);
  return (await i18nFor(language)).getFixedT(language, namespace);
}
