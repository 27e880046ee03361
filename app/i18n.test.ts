import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nConfig, interpolationFor } from './i18n';

async function translator(lng: string) {
  const i18n = createInstance();
  await i18n.init({
    ...i18nConfig,
    interpolation: interpolationFor('Harbour Freight'),
    lng,
    resources: {
      [lng]: {
        common: {
          terms: 'Pay before {{date}}, quoting invoice {{name}}.',
          count: '{{count, number}} orders',
          brand: '\u2068{{company}}\u2069 portal',
        },
      },
    },
  });
  return i18n.t.bind(i18n);
}

describe('a value in a sentence', () => {
  it('is its own bidi run in Arabic, so that "22 Corniche El Nil, Giza" keeps its order', async () => {
    const t = await translator('ar');
    expect(t('terms', { date: '2026/12/01', name: 'INV-2026-0007' })).toBe(
      'Pay before \u20682026/12/01\u2069, quoting invoice \u2068INV-2026-0007\u2069.',
    );
    // The company is isolated by the text itself, once.
    expect(t('brand')).toBe('\u2068Harbour Freight\u2069 portal');
  });

  it('is left as it is in the other languages, and counts are written as numbers of the language', async () => {
    const en = await translator('en');
    expect(en('terms', { date: '12/1/2026', name: 'INV-2026-0007' })).toBe(
      'Pay before 12/1/2026, quoting invoice INV-2026-0007.',
    );
    expect(en('count', { count: 12345 })).toBe('12,345 orders');
    const fr = await translator('fr');
    expect(fr('count', { count: 12345 })).toBe(`${new Intl.NumberFormat('fr').format(12345)} orders`);
  });
});
