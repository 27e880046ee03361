// No English left on a translated page: each screen is opened in French, Arabic and Chinese, and no line
// of its visible text may be an English UI string (from app/locales/en) that the language translates
// differently. Sample content (names, posts, mails, products) is data and is not in the locale files.
// Then each is opened on a phone (390 px wide): none may scroll sideways. The demo customer's and the
// staff's lists and records (with their data) are walked on a phone too: there every list shows its rows as
// cards, each row's last field in view.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, CLIENT, PORTAL_URL, registerDirectly, signInAs, uniqueEmail } from './support';

type Tree = { [key: string]: string | Tree };
const LOCALES = path.resolve('app/locales');

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else flatten(value, name, out);
  }
  return out;
}

function strings(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, language))) {
    const tree = JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) all.set(`${file}:${key}`, value);
  }
  return all;
}

/** English strings that `language` says differently, and that are not that language's words anywhere. */
function englishOnly(language: string): Set<string> {
  const english = strings('en');
  const theirs = strings(language);
  const own = new Set(theirs.values());
  const found = new Set<string>();
  for (const [key, value] of english) {
    if (value.includes('{{') || value.length < 4 || !/[a-z]/i.test(value)) continue;
    const translated = theirs.get(key) ?? theirs.get(key.replace(/_(one|other)$/, '_other'));
    if (translated === value || own.has(value)) continue;
    found.add(value.trim());
  }
  return found;
}

const PAGES = [
  '/dashboards/modern',
  '/apps/shipping',
  '/apps/loans',
  '/apps/invoice',
  '/apps/statement',
  '/apps/send-client-requests',
  '/apps/request-for-shipping',
  '/apps/request-for-trade-finance',
  '/apps/request-for-quotation',
  '/apps/quotes',
  '/apps/tickets',
  '/apps/contacts?new=1',
  '/apps/chats',
  '/apps/email',
  '/apps/notes',
  '/apps/ecommerce/shop',
  '/apps/ecommerce/checkout',
  '/apps/blog/posts',
  '/user-profile',
  '/pages/faq',
  '/pages/pricing',
  '/pages/treeview',
  '/pages/account-settings',
  '/pages/account-settings/notifications',
  '/apps/notifications',
  '/apps/conversations',
  '/pages/privacy-policy',
  '/pages/accessibility',
];

for (const language of ['fr', 'ar', 'zh'] as const) {
  test(`no English UI string on a page in ${language}, and no page wider than a phone`, async ({
    page,
  }, testInfo) => {
    test.slow();
    await registerDirectly(
      page,
      'Lina Languages',
      uniqueEmail(testInfo, `lang${language}`),
      'quay-side-lang-7',
    );
    const saved = await page.request.post('/preferences', {
      form: { intent: 'language', lng: language, redirectTo: '/dashboards/modern' },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const english = englishOnly(language);
    // The check knows the English it looks for (a menu entry every language translates).
    expect(english.size).toBeGreaterThan(300);
    expect(english.has('Shipping Orders')).toBe(true);
    const found: string[] = [];
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const lines = (await page.locator('body').innerText())
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const title = await page.title();
      for (const line of [...lines, title]) if (english.has(line)) found.push(`${path}: "${line}"`);
    }
    expect(found, found.join('\n')).toEqual([]);

    // On a phone (390 px), no page scrolls sideways: wide tables scroll within their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    const wide: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${path}: ${width} px`);
    }
    expect(wide, wide.join('\n')).toEqual([]);
    // The measure would see a page that does scroll sideways.
    const probe = await page.evaluate(() => {
      const block = document.createElement('div');
      block.style.width = '600px';
      block.style.height = '1px';
      document.querySelector('main')?.append(block);
      return document.documentElement.scrollWidth;
    });
    expect(probe).toBeGreaterThan(390);
  });
}

/** Lists whose rows open the records walked after them (each list's first row; the demo data has no quote). */
const LISTS = {
  customer: ['/apps/shipping', '/apps/loans', '/apps/invoice', '/apps/send-client-requests'],
  staff: [
    '/apps/client-service-requests',
    '/apps/shipping',
    '/apps/loans',
    '/apps/customers',
    '/apps/shipping/container',
    '/apps/shipping/drivers',
    '/apps/suppliers',
    '/apps/rates',
  ],
};

/** The staff's forms and other screens the lists do not lead to; a record's edit form is `<record>/edit`. */
const STAFF_SCREENS = [
  '/dashboards/modern',
  '/apps/customers/new',
  '/apps/shipping/container/new',
  '/apps/shipping/drivers/new',
  '/apps/suppliers/new',
  '/apps/invoice',
  '/apps/quotes',
  '/apps/conversations',
  '/apps/notifications',
  '/pages/account-settings',
  '/pages/account-settings/notifications',
];
const EDITABLE = /^\/apps\/(customers|shipping-details|shipping\/container)\/\d+$/;

for (const language of ['fr', 'ar', 'zh'] as const) {
  for (const [side, email] of [
    ['customer', CLIENT.email],
    ['staff', ADMIN.email],
  ] as const) {
    test(`the ${side}'s lists, records and forms on a phone in ${language}: translated, as cards, none wider`, async ({
      page,
      context,
    }) => {
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, email);
      // The language for this browser only (the demo account's saved language stays as it is).
      const value = encodeURIComponent(Buffer.from(JSON.stringify(language)).toString('base64'));
      await context.addCookies([{ name: 'lng', value, url: PORTAL_URL }]);
      const english = englishOnly(language);
      const found: string[] = [];
      const wide: string[] = [];
      const check = async (path: string) => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const lines = (await page.locator('main').innerText()).split('\n').map((line) => line.trim());
        // What people typed is isolated (<bdi>) and stays as typed: a place "Dubai" is data.
        const typed = new Set((await page.locator('main bdi').allInnerTexts()).map((text) => text.trim()));
        for (const line of [...lines, await page.title()]) {
          if (english.has(line) && !typed.has(line)) found.push(`${path}: "${line}"`);
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) wide.push(`${path}: ${width} px`);
      };
      const records: string[] = [];
      for (const list of LISTS[side]) {
        await check(list);
        const row = page.locator('main table tbody tr').first();
        await expect(row, `${list} has rows`).toBeVisible();
        // A card: the row's last field is on the screen, not off to the side of a scrolling table.
        const last = await row.locator('td').last().boundingBox();
        expect(last, list).not.toBeNull();
        expect(last!.x, list).toBeGreaterThanOrEqual(0);
        expect(last!.x + last!.width, list).toBeLessThanOrEqual(390);
        const href = await row.locator('a[href^="/apps/"]').first().getAttribute('href');
        if (href && !records.includes(href)) records.push(href);
      }
      expect(records.length).toBeGreaterThanOrEqual(LISTS[side].length - 1);
      for (const record of records) await check(record);
      if (side === 'customer') await check('/apps/statement');
      else {
        for (const screen of STAFF_SCREENS) await check(screen);
        for (const record of records.filter((path) => EDITABLE.test(path))) await check(`${record}/edit`);
      }
      expect(found, found.join('\n')).toEqual([]);
      expect(wide, wide.join('\n')).toEqual([]);
    });
  }
}
