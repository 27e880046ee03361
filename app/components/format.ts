// Dates, numbers and money in the reader's language, the same on the server and in the browser. The
// Intl formatters are built once per language and options (building one costs far more than using it).

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(formats: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Bounded: languages × the handful of option sets this module uses.
    if (formats.size > 200) formats.clear();
    format = make();
    formats.set(key, format);
  }
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, language, options, () => new Intl.DateTimeFormat(language, options));
}

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, language, options, () => new Intl.NumberFormat(language, options));
}

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // UTC on both sides: the server cannot know the reader's time zone when JavaScript is off.
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatNumber(
  value: number,
  language: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(language, options).format(value);
}

export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: units[unit],
    // "656 bytes", "1.2 MB": bytes read better spelled out.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/**
 * An amount in the reader's language. In Arabic the currency's Latin symbol ("US$") is isolated
 * left-to-right (LRI … PDI): among right-to-left text it would otherwise read "$US".
 */
export function formatMoney(value: number, currency: string, language: string): string {
  const format = numberFormat(language, { style: 'currency', currency });
  if (!language.startsWith('ar')) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) =>
      part.type === 'currency' && /[A-Za-z$]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value,
    )
    .join('');
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago (or ahead) `iso` is from `now`, in the reader's language ("5 minutes ago", "yesterday");
 * a week or more away, the date itself. `now` comes from the server with the page, so that the page reads
 * the same when the browser takes it over.
 */
export function formatRelative(iso: string, now: string, language: string): string {
  const date = new Date(iso);
  const reference = new Date(now);
  if (Number.isNaN(date.getTime()) || Number.isNaN(reference.getTime())) return iso;
  let value = (date.getTime() - reference.getTime()) / 1000;
  const format = cached(
    relativeFormats,
    language,
    { numeric: 'auto' },
    () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
  );
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso, language);
}
