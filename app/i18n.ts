// Languages the portal speaks and how i18next is set up for them, shared by server and browser.
import type { FormatFunction } from 'i18next';
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
  'quotes',
  'billing',
  'pages',
  'social',
  'messaging',
  'workspace',
  'shop',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value);
}

/**
 * The namespaces a page needs: 'common' and those its matched routes declare in `handle.i18n` (a name
 * or a list), sorted so that the same set reads the same. The server loads these into the page's
 * translations and the browser loads them before it shows the page (ADR 036).
 */
export function routeNamespaces(handles: Iterable<unknown>): Namespace[] {
  const found = new Set<Namespace>(['common']);
  for (const handle of handles) {
    const declared = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const name of Array.isArray(declared) ? declared : [declared]) {
      if (isNamespace(name)) found.add(name);
    }
  }
  return NAMESPACES.filter((name) => found.has(name));
}

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

/**
 * Every value put into a sentence (`{{name}}`), in Arabic, is a run of its own (first strong isolate …
 * pop directional isolate): a Latin name, an order number or an address in an Arabic sentence keeps its
 * order and its punctuation, and does not carry the words beside it along. `{{count, number}}` is written
 * as i18next's own formatter writes it (this function replaces that formatter). The company's name is
 * isolated by the texts themselves (ADR 060), as the back office's mails do.
 */
export const formatValue: FormatFunction = (value: unknown, format, lng, options) => {
  if (format === 'number' && typeof value === 'number') return new Intl.NumberFormat(lng).format(value);
  if (
    lng === 'ar' &&
    typeof value === 'string' &&
    value !== '' &&
    options?.['interpolationkey'] !== 'company' &&
    !value.startsWith('\u2068')
  ) {
    return `\u2068${value}\u2069`;
  }
  // i18next turns what it is given back into text; a value is returned as it came.
  return value as string;
};

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false, alwaysFormat: true, format: formatValue },
  react: { useSuspense: false },
} as const;

/**
 * i18next's interpolation with the values every text may use: `{{company}}`, the company the product is
 * named by (the COMPANY_NAME setting, ADR 060). The server reads the setting; the browser gets it from
 * the page (root.tsx), so that both translate alike.
 */
export function interpolationFor(company: string) {
  return { ...i18nConfig.interpolation, defaultVariables: { company } };
}
