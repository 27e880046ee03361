// The content of the template and legal pages: every text they ask for exists in the four languages,
// the tree and the FAQ point only to real screens, and the small helpers behave.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pricingParams, treeParams } from '~/forms/pages';
import { LANGUAGES } from '~/i18n';
import { rolesFor, SCREENS } from '~/services/access';
import { FAQ_GROUPS, FAQ_LINK_PATHS } from './faq-content';
import { ACCESSIBILITY_SECTIONS, PRIVACY_SECTIONS, TERMS_SECTIONS } from './legal-content';
import { ACCESSIBILITY_PATH, openablePaths, PUBLIC_PATHS, TERMS_PATH } from './openable';
import { PORTAL_TREE, TREE_PATHS, treeNodes } from './portal-tree';
import { formatPlanMoney, monthlyEquivalent, PLANS } from './pricing-plans';
import { textBlocks } from './text-blocks';

type Tree = { [key: string]: string | Tree };

const locale = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../locales', language, `${namespace}.json`), 'utf8'),
  ) as Tree;

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `key` in every language, non-empty (plural keys: their `_other` form). */
function expectEverywhere(namespace: string, keys: readonly string[]) {
  for (const language of LANGUAGES) {
    const tree = locale(language, namespace);
    const missing = keys.filter((key) => !(lookup(tree, key) ?? lookup(tree, `${key}_other`))?.trim());
    expect(missing, `${language}/${namespace}.json`).toEqual([]);
  }
}

const isScreen = (path: string) =>
  PUBLIC_PATHS.includes(path) || SCREENS.some((screen) => screen.path === path);

describe('the FAQ', () => {
  const questions = FAQ_GROUPS.flatMap((group) => group.questions);

  it('has at least ten questions, each asked and answered in every language', () => {
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expectEverywhere('pages', [
      ...FAQ_GROUPS.map((group) => `faq.groups.${group.id}`),
      ...questions.flatMap((q) => [`faq.questions.${q.id}.question`, `faq.questions.${q.id}.answer`]),
    ]);
  });

  it('points only to screens of the access table, by their menu labels', () => {
    for (const path of FAQ_LINK_PATHS) expect(() => rolesFor(path), path).not.toThrow();
    expectEverywhere(
      'common',
      questions.flatMap((q) => (q.link ? [q.link.label] : [])),
    );
  });

  it('says that share links last 7 days, from the number it is given', () => {
    const answer = lookup(locale('en', 'pages'), 'faq.questions.shareLinks.answer')!;
    expect(answer).toContain('{{days}} days');
  });
});

describe('the portal tree', () => {
  const nodes = treeNodes();

  it('has a label for every node in every language, and unique ids', () => {
    expect(new Set(nodes.map((node) => node.id)).size).toBe(nodes.length);
    expectEverywhere('pages', [...nodes.map((node) => `tree.nodes.${node.id}`), 'tree.items']);
  });

  it('links only from leaves, and only to real screens', () => {
    for (const node of nodes) {
      if (node.children) expect(node.path, node.id).toBeUndefined();
      if (node.path) expect(isScreen(node.path), node.path).toBe(true);
    }
    expect(TREE_PATHS.length).toBeGreaterThan(10);
    // Deep enough that "Expand all" shows something a first click does not.
    const depth = (list: typeof PORTAL_TREE): number =>
      Math.max(0, ...list.map((node) => 1 + depth(node.children ?? [])));
    expect(depth(PORTAL_TREE)).toBeGreaterThanOrEqual(4);
  });
});

describe('openablePaths', () => {
  it('follows the access table, and opens the legal pages and the accessibility statement to everyone', () => {
    const paths = ['/apps/request-for-quotation', '/apps/customers', '/pages/faq', TERMS_PATH, '/nowhere'];
    expect(openablePaths(['client'], paths)).toEqual([
      '/apps/request-for-quotation',
      '/pages/faq',
      TERMS_PATH,
    ]);
    expect(openablePaths(['warehouse_agent'], paths)).toEqual(['/apps/customers', '/pages/faq', TERMS_PATH]);
    expect(openablePaths([], paths)).toEqual([TERMS_PATH]);
    expect(openablePaths([], [ACCESSIBILITY_PATH])).toEqual([ACCESSIBILITY_PATH]);
  });
});

describe('the pricing plans', () => {
  it('name, describe and list the features of every plan in every language', () => {
    expectEverywhere('pages', [
      ...PLANS.flatMap((plan) => [`pricing.plans.${plan.id}.name`, `pricing.plans.${plan.id}.summary`]),
      ...PLANS.flatMap((plan) => plan.features.map((feature) => `pricing.feature.${feature.key}`)),
    ]);
  });

  it('make a year cheaper than twelve months, and say so in whole dirhams', () => {
    for (const plan of PLANS) {
      if (!plan.price) continue;
      expect(plan.price.yearly).toBeLessThan(plan.price.monthly * 12);
      expect(monthlyEquivalent(plan.price.yearly)).toBeLessThan(plan.price.monthly);
    }
    expect(monthlyEquivalent(4900)).toBe(408);
    expect(formatPlanMoney(1490, 'en').replace(/\s/g, ' ')).toBe('AED 1,490');
  });

  it('read the billing period from the URL, monthly for anything else', () => {
    expect(pricingParams.parse({}).billing).toBe('monthly');
    expect(pricingParams.parse({ billing: 'yearly' }).billing).toBe('yearly');
    expect(pricingParams.parse({ billing: 'weekly' }).billing).toBe('monthly');
    expect(treeParams.parse({}).expand).toBe('none');
    expect(treeParams.parse({ expand: 'all' }).expand).toBe('all');
    expect(treeParams.parse({ expand: 'some' }).expand).toBe('none');
  });
});

describe('the legal pages', () => {
  it('have a title and a text for every section in every language', () => {
    expectEverywhere('pages', [
      'terms.title',
      'terms.intro',
      'privacy.title',
      'privacy.intro',
      'legal.updated',
      'legal.address',
      'legal.agreement',
      ...TERMS_SECTIONS.flatMap((id) => [`terms.sections.${id}.title`, `terms.sections.${id}.body`]),
      ...PRIVACY_SECTIONS.flatMap((id) => [`privacy.sections.${id}.title`, `privacy.sections.${id}.body`]),
      ...['session', 'language', 'appearance', 'days', 'years'].map((key) => `privacy.cookieTable.${key}`),
    ]);
  });

  it('include the accessibility statement, its sections in every language and a way to report a problem', () => {
    expectEverywhere('pages', [
      'accessibility.title',
      'accessibility.intro',
      ...ACCESSIBILITY_SECTIONS.flatMap((id) => [
        `accessibility.sections.${id}.title`,
        `accessibility.sections.${id}.body`,
      ]),
    ]);
    expectEverywhere('common', ['footer.accessibility']);
    for (const language of LANGUAGES) {
      const tree = locale(language, 'pages');
      expect(lookup(tree, 'accessibility.sections.report.body'), language).toContain('{{email}}');
      expect(lookup(tree, 'accessibility.sections.target.body'), language).toMatch(/WCAG\W{0,2}2\.2\b/);
    }
  });

  it('keep the links of the registration agreement in every language', () => {
    for (const language of LANGUAGES) {
      const agreement = lookup(locale(language, 'pages'), 'legal.agreement')!;
      expect(agreement, language).toMatch(/<terms>.+<\/terms>/);
      expect(agreement, language).toMatch(/<privacy>.+<\/privacy>/);
    }
  });
});

describe('textBlocks', () => {
  it('makes paragraphs of blank-line-separated text and lists of "- " lines', () => {
    expect(textBlocks('One\nline.\n\n- a\n- b\n\nLast.')).toEqual([
      { kind: 'paragraph', text: 'One line.' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
    expect(textBlocks('  ')).toEqual([]);
  });
});
