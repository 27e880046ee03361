// Language detection (cookie, then Accept-Language) and translations for loaders and actions.
import { createCookie } from '@remix-run/node';
import type { Resource } from 'i18next';
import { RemixI18Next } from 'remix-i18next/server';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nConfig, isLanguage, type Language } from '~/i18n';

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
