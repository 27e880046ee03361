// What a request is called in the lists and on its page, in the reader's language.
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import arCatalog from '~/locales/ar/catalog.json';
import enCatalog from '~/locales/en/catalog.json';
import { requestDetails } from '~/request-details';
import { requestChoices, requestTitle } from './request-title';

async function catalog(language: 'en' | 'ar') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    ns: ['catalog'],
    defaultNS: 'catalog',
    resources: { en: { catalog: enCatalog }, ar: { catalog: arCatalog } },
  });
  return i18n.getFixedT(language, 'catalog');
}

describe('a request’s title', () => {
  it('names the service and the category in the reader’s language, not the stored English name', async () => {
    const details = { category: 'toys_games', containerType: 'groupage', origin: 'china', cbm: 14 } as const;
    const request = { service: 'quotation', name: 'toys and games' } as const;
    const en = await catalog('en');
    expect(requestTitle(en, request, details)).toBe(
      `${en('services.quotation')} — ${en('categories.toys_games')}`,
    );
    expect(requestChoices(en, details, { origin: null, destination: null }, 'en')).toBe(
      `${en('origins.china')} · ${en('containerTypes.groupage')} · 14 m³`,
    );
    // A quotation request's lane: where from and where to.
    expect(requestChoices(en, details, { origin: 'china', destination: 'jebel_ali' }, 'en')).toBe(
      'China → Jebel Ali, United Arab Emirates · Groupage · 14 m³',
    );
    const ar = await catalog('ar');
    const arabic = requestTitle(ar, request, details);
    expect(arabic).toContain(ar('categories.toys_games'));
    expect(arabic).not.toContain('toys and games');
    // In Arabic the lane reads from right to left, its arrow too.
    const lane = requestChoices(ar, details, { origin: 'china', destination: 'jebel_ali' }, 'ar')!;
    expect(lane.startsWith(`${ar('origins.china')} ← ${ar('destinations.jebel_ali')}`)).toBe(true);
  });

  it('says what a finance application asks: the amount and the supplier', async () => {
    const en = await catalog('en');
    const finance = {
      amount: 42000,
      currency: 'USD',
      tenor_months: 4,
      purpose: 'Cotton',
      supplier_name: 'Coimbatore Cotton Mills',
      supplier_country: 'India',
      orders: [],
    };
    expect(requestChoices(en, {}, { origin: null, destination: null, finance }, 'en')).toBe(
      '$42,000.00 · Coimbatore Cotton Mills',
    );
  });

  it("says the back office's codes, and the description's lines only when it returns none", async () => {
    const en = await catalog('en');
    const request = {
      service: 'shipping',
      name: 'toys and games',
      origin: 'vietnam',
      destination: null,
      description:
        'Category: toys and games\nContainer type: Housebill\nOrigin: China\nCBMs required: 6\n\nToys.',
    } as const;
    const coded = {
      ...request,
      details: { category: 'footwear', container_type: 'groupage', cbm: 2.5 },
    } as const;
    expect(requestTitle(en, coded, requestDetails(coded))).toBe(
      `${en('services.shipping')} — ${en('categories.footwear')}`,
    );
    expect(requestChoices(en, requestDetails(coded), coded, 'en')).toBe('Vietnam · Groupage · 2.5 m³');
    // A back office that ignores the extension: what the portal wrote in the description.
    for (const plain of [request, { ...request, details: null }]) {
      expect(requestTitle(en, plain, requestDetails(plain))).toBe(
        `${en('services.shipping')} — ${en('categories.toys_games')}`,
      );
      expect(requestChoices(en, requestDetails(plain), plain, 'en')).toBe('China · Housebill · 6 m³');
    }
  });

  it('falls back to the service, then to the stored name', async () => {
    const en = await catalog('en');
    expect(requestTitle(en, { service: 'other', name: 'Other Service' }, {})).toBe(en('services.other'));
    expect(requestTitle(en, { service: null, name: 'Imported' }, {})).toBe('Imported');
    expect(requestChoices(en, {}, { origin: null, destination: null }, 'en')).toBeNull();
  });
});
