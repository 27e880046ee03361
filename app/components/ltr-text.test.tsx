// E-mail addresses and phone numbers inside translated sentences come out isolated left to right.
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LtrTokens, splitLtrTokens } from './ltr-text';
import { SUPPORT_EMAIL } from './pages/legal-content';
import { TextBlocks } from './pages/text-blocks';

const ISOLATED = (token: string) => `<bdi dir="ltr" class="ltr-token">${token}</bdi>`;

describe('splitLtrTokens', () => {
  it('finds an address with a hyphen, leaving the sentence’s punctuation outside', () => {
    expect(splitLtrTokens(`فراسلنا على ${SUPPORT_EMAIL}، واذكر عنوان الصفحة.`)).toEqual([
      'فراسلنا على ',
      SUPPORT_EMAIL,
      '، واذكر عنوان الصفحة.',
    ]);
    expect(splitLtrTokens('Write to first.last-name@mail.example.co.uk.')).toEqual([
      'Write to ',
      'first.last-name@mail.example.co.uk',
      '.',
    ]);
  });

  it('finds a phone number written with its country code', () => {
    expect(splitLtrTokens('اتصل بنا على +20 2 2735 4410 من الأحد إلى الخميس')).toEqual([
      'اتصل بنا على ',
      '+20 2 2735 4410',
      ' من الأحد إلى الخميس',
    ]);
  });

  it('leaves text without either alone (numbers, dates, prices)', () => {
    for (const text of ['نردّ خلال يومَي عمل.', 'Order SO-2026-0042 of 12.5 m³, $1,250.00', '1 + 1 = 2']) {
      expect(splitLtrTokens(text)).toEqual([text]);
    }
  });
});

describe('LtrTokens', () => {
  it('wraps each address in <bdi dir="ltr">, in one span', () => {
    const html = renderToString(
      <LtrTokens text={`إذا كان هناك حساب مرتبط بالعنوان a-b@example.com، فقد أرسلنا`} />,
    );
    expect(html).toBe(
      `<span>إذا كان هناك حساب مرتبط بالعنوان ${ISOLATED('a-b@example.com')}، فقد أرسلنا</span>`,
    );
  });

  it('does so in the Arabic accessibility statement’s contact section', () => {
    const pages = JSON.parse(readFileSync(new URL('../locales/ar/pages.json', import.meta.url), 'utf8')) as {
      accessibility: { sections: { report: { body: string } } };
    };
    const body = pages.accessibility.sections.report.body.replace('{{email}}', SUPPORT_EMAIL);
    expect(renderToString(<TextBlocks text={body} />)).toContain(ISOLATED(SUPPORT_EMAIL));
  });
});
