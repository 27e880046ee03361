// Languages the portal speaks and how i18next is set up for them, shared by server and browser.
export const LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The namespaces (one JSON file per language each, in app/locales). */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'catalog',
  'requests',
  'customers',
  'account',
  'shipping',
  'finance',
  'billing',
  'pages',
  'social',
  'messaging',
  'workspace',
  'shop',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The language's own name, shown in the switcher whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
  zh: '中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
