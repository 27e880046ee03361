// Relative times in the reader's language, and the switch to a date a week away; amounts in Arabic.
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRelative } from './format';

const NOW = '2026-11-23T12:00:00.000Z';
const before = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it.each([
    ['en', 30, '30 seconds ago'],
    ['en', 5 * 60, '5 minutes ago'],
    ['en', 3 * 3600, '3 hours ago'],
    ['en', 26 * 3600, 'yesterday'],
    ['fr', 5 * 60, 'il y a 5 minutes'],
    ['fr', 26 * 3600, 'hier'],
    ['zh', 3 * 3600, '3小时前'],
    ['ar', 26 * 3600, 'أمس'],
  ])('%s, %i seconds before: %s', (language, seconds, expected) => {
    expect(formatRelative(before(seconds), NOW, language)).toBe(expected);
  });

  it('says "now" for the same second, and names a time ahead', () => {
    expect(formatRelative(NOW, NOW, 'en')).toBe('now');
    expect(formatRelative(new Date(Date.parse(NOW) + 2 * 3600 * 1000).toISOString(), NOW, 'en')).toBe(
      'in 2 hours',
    );
  });

  it('gives the date itself a week or more away, and the text back when it is not a date', () => {
    const old = before(9 * 24 * 3600);
    expect(formatRelative(old, NOW, 'en')).toBe(formatDate(old, 'en'));
    expect(formatRelative('soon', NOW, 'en')).toBe('soon');
  });
});

describe('formatMoney', () => {
  it('keeps a Latin currency symbol whole among Arabic text, and leaves other languages as Intl writes them', () => {
    const arabic = formatMoney(17706.65, 'USD', 'ar');
    expect(arabic).toContain('\u2066US$\u2069');
    expect(arabic.replace(/[\u2066\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(17706.65),
    );
    // A symbol in Arabic script needs no isolation.
    expect(formatMoney(10, 'EGP', 'ar')).not.toContain('\u2066');
    expect(formatMoney(17706.65, 'USD', 'en')).toBe('$17,706.65');
    expect(formatMoney(17706.65, 'USD', 'fr')).toBe(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(17706.65),
    );
  });
});
