// Every language has every key, with the same placeholders and the plural forms its language needs;
// every key the code asks for exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '~/i18n';
import { SCREENS } from '~/services/access';
import { flatten, placeholders, PLURAL, type Tree } from './locale-tree';

const root = path.resolve(import.meta.dirname, '../..');

function load(language: string, namespace: string): Tree {
  return JSON.parse(
    readFileSync(path.join(root, 'app/locales', language, `${namespace}.json`), 'utf8'),
  ) as Tree;
}

/** Base key → the plural suffixes present (empty for a key without plural forms). */
function byBase(keys: Iterable<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of keys) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = out.get(base) ?? new Set<string>();
    if (match) forms.add(match[1]!);
    out.set(base, forms);
  }
  return out;
}

const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(load('en', ns))]));

describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s translations', (language) => {
  const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

  it.each(NAMESPACES)('%s has every key, no extra, with the plural forms of the language', (namespace) => {
    expect(existsSync(path.join(root, 'app/locales', language, `${namespace}.json`))).toBe(true);
    const theirs = byBase(flatten(load(language, namespace)).keys());
    const ours = byBase(english[namespace]!.keys());
    expect([...theirs.keys()].sort()).toEqual([...ours.keys()].sort());
    for (const [base, forms] of ours) {
      if (forms.size === 0) continue;
      expect([...(theirs.get(base) ?? [])].sort(), `${namespace}:${base}`).toEqual([...categories].sort());
    }
  });

  it.each(NAMESPACES)('%s keeps the placeholders and leaves nothing empty', (namespace) => {
    const theirs = flatten(load(language, namespace));
    const englishByBase = new Map<string, string[]>();
    for (const [key, text] of english[namespace]!)
      englishByBase.set(key.replace(PLURAL, ''), placeholders(text));
    for (const [key, text] of theirs) {
      expect(text.trim(), `${namespace}:${key}`).not.toBe('');
      const expected = (englishByBase.get(key.replace(PLURAL, '')) ?? []).filter((name) => name !== 'count');
      const found = placeholders(text).filter((name) => name !== 'count');
      expect(found, `${namespace}:${key}`).toEqual(expected);
    }
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

function exists(namespace: string, key: string): boolean {
  const keys = english[namespace];
  if (!keys) return false;
  return keys.has(key) || [...keys.keys()].some((k) => k.replace(PLURAL, '') === key);
}

describe('keys used by the code', () => {
  const files = sourceFiles(path.join(root, 'app'));

  it('every qualified key ("auth:login.title") exists in English', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const [, namespace, key] of readFileSync(file, 'utf8').matchAll(
        new RegExp(`['"\`](${NAMESPACES.join('|')}):([\\w.]+)['"\`|]`, 'g'),
      )) {
        if (!exists(namespace!, key!)) missing.push(`${path.relative(root, file)}: ${namespace}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every literal t("...") key exists in the namespace its translation function was made for', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // `const { t } = useTranslation('ns')`, `const { t: tc } = useTranslation()`,
      // `const { t, title, common } = await pageTools(request, 'ns')` (common: the common namespace).
      const bindings = new Map<string, string>();
      for (const [, names, ns] of text.matchAll(/const \{([^}]*)\} = useTranslation\((?:'(\w+)')?\)/g)) {
        const alias = /\bt(?:\s*:\s*(\w+))?\b/.exec(names!);
        if (alias) bindings.set(alias[1] ?? 't', ns ?? 'common');
      }
      for (const [, names, ns] of text.matchAll(
        /const \{([^}]*)\} = await pageTools\(request(?:, '(\w+)')?\)/g,
      )) {
        if (/\bt\b/.test(names!)) bindings.set('t', ns ?? 'common');
        if (/\bcommon\b/.test(names!)) bindings.set('common', 'common');
      }
      for (const [, fn, key] of text.matchAll(/\b(t\w*|common)\(\s*'([\w.]+)'/g)) {
        const namespace = bindings.get(fn!);
        if (namespace && !exists(namespace, key!))
          missing.push(`${path.relative(root, file)}: ${fn}('${key}') in ${namespace}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every validation message and menu label exists', () => {
    const used = new Set<string>();
    for (const file of files)
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/'(validation\.\w+)'/g)) used.add(key!);
    for (const screen of SCREENS) if (screen.menu) used.add(screen.menu.label);
    for (const key of used) expect(exists('common', key), key).toBe(true);
  });
});
