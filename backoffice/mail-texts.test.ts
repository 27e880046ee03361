// The mails' texts (the account mails, and the notification mails of ADR 058): every language has every
// key of English, with the same placeholders and the plural forms its language needs; every kind of
// notification and every milestone has its line.
import { describe, expect, it } from 'vitest';
import { MILESTONES, NOTIFICATION_KINDS } from '@contract';
import { MAIL_TEXTS } from './mailTexts';
import { flatten, placeholders, PLURAL, type Tree } from '../tests/unit/locale-tree';

const base = (key: string) => key.replace(PLURAL, '');
const english = flatten(MAIL_TEXTS.en as Tree);

describe.each(['fr', 'ar', 'zh'] as const)('mail texts in %s', (language) => {
  const theirs = flatten(MAIL_TEXTS[language] as Tree);

  it('have every key of English and no other, with the plural forms of the language', () => {
    expect([...new Set([...theirs.keys()].map(base))].sort()).toEqual(
      [...new Set([...english.keys()].map(base))].sort(),
    );
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
    const plural = [...theirs.keys()].filter((key) => key.startsWith('digest.subject_'));
    expect(plural.map((key) => PLURAL.exec(key)![1]).sort()).toEqual(categories);
  });

  it('keep the placeholders of English', () => {
    for (const [key, text] of theirs) {
      const source = english.get(key) ?? english.get(`${base(key)}_other`)!;
      expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(source));
    }
  });
});

describe('mail texts in English', () => {
  it('name every kind of notification and every milestone', () => {
    for (const kind of NOTIFICATION_KINDS) expect(english.has(`kinds.${kind}`), kind).toBe(true);
    for (const milestone of MILESTONES) expect(english.has(`milestones.${milestone}`), milestone).toBe(true);
  });
});
