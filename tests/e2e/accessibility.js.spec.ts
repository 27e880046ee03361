// axe-core (WCAG 2.2 A and AA rules) on every page of the portal, public and signed-in: each page in
// English in the light appearance and in Arabic (right to left) in the dark one, so that every page is
// checked in both languages and both modes (tests/e2e/palettes.js.spec.ts adds every palette in both
// modes). A violation fails the test and is named with the elements it concerns. (JavaScript on only:
// axe runs in the page.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { AGENT, CLIENT, PORTAL_URL, registerDirectly, signInAs, uniqueEmail } from './support';

// WCAG 2.2 adds target-size (wcag22aa); its other new criteria are not machine-checked by axe.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// Each test has its own browser context and user: they may run side by side on both workers.
test.describe.configure({ mode: 'parallel' });

async function violationsOn(
  page: Page,
  path: string,
  language: Language,
  mode: 'light' | 'dark',
): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('html'), path).toHaveAttribute('lang', language);
  await expect(page.locator('html'), path).toHaveAttribute('data-joy-color-scheme', mode);
  // The only frame is the e-mail body's, sandboxed without scripts: nothing can run inside it, axe
  // included (it would wait for it forever). It must have a title; then it is taken out before axe runs.
  const frames = page.locator('iframe[sandbox]');
  for (const frame of await frames.all()) expect(await frame.getAttribute('title'), path).toBeTruthy();
  await frames.evaluateAll((elements) => elements.forEach((element) => element.remove()));
  // With no frame left, axe runs in the page itself (legacy mode): the default would open a blank tab
  // per check to merge the frames' results, which on two busy cores Chromium sometimes refuses.
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) =>
      `${path}: ${violation.id} (${violation.impact}) — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

async function check(
  page: Page,
  paths: string[],
  language: Language,
  mode: 'light' | 'dark' = MODE[language],
) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsOn(page, path, language, mode)));
  expect(found, found.join('\n')).toEqual([]);
}

type Language = 'en' | 'ar';
/** The appearance each language is checked in. */
const MODE = { en: 'light', ar: 'dark' } as const;

/**
 * A browser that asks for `language` (its locale too, or Chromium sends its own Accept-Language), in
 * the language's appearance. `inMode` sets it again after a sign-in, which brings the account's own.
 */
async function contextIn(browser: Browser, language: Language) {
  const context = await browser.newContext({
    baseURL: PORTAL_URL,
    locale: language,
    extraHTTPHeaders: { 'Accept-Language': language },
  });
  await inMode(context, language);
  return context;
}

/** The `appearance` cookie as the portal writes it (JSON, base64, URL-encoded; not signed). */
async function inMode(context: BrowserContext, language: Language) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify({ mode: MODE[language] })).toString('base64'));
  await context.addCookies([{ name: 'appearance', value, url: PORTAL_URL }]);
}

const PUBLIC = ['/auth/login', '/auth/login2', '/auth/register', '/auth/forgot-password', '/auth/404'];

const CLIENT_PAGES = [
  '/dashboards/modern',
  '/apps/shipping',
  '/apps/loans',
  '/apps/invoice',
  '/apps/statement',
  '/apps/send-client-requests',
  '/apps/request-for-shipping',
  '/apps/request-for-trade-finance',
  '/pages/account-settings',
  '/pages/account-settings/two-step',
];

const DEMO_APPS = [
  '/apps/blog/posts',
  '/apps/blog/detail/incoterms-explained-for-first-time-importers',
  '/user-profile',
  '/user-profile?tab=followers',
  '/user-profile?tab=gallery',
  '/apps/tickets',
  '/apps/contacts?new=1',
  '/apps/chats',
  '/apps/email',
  '/apps/email?id=1',
  '/apps/notes',
  '/apps/ecommerce/shop',
  '/apps/ecommerce/detail/1',
  '/apps/ecommerce/checkout',
];

const TEMPLATE_PAGES = [
  '/pages/faq',
  '/pages/pricing',
  '/pages/treeview?expand=all',
  '/pages/terms-of-service',
  '/pages/privacy-policy',
  '/pages/accessibility',
];

const STAFF_PAGES = [
  '/apps/customers',
  '/apps/client-service-requests',
  '/apps/shipping/requests',
  '/apps/shipping/drivers',
  '/apps/suppliers',
  '/pages/account-settings-warehouse',
];

for (const language of ['en', 'ar'] as const) {
  test(`public pages have no WCAG violations (${language}, ${MODE[language]})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await contextIn(browser, language);
    await check(await context.newPage(), PUBLIC, language);
    await context.close();
  });

  test(`a client's pages have no WCAG violations (${language}, ${MODE[language]})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await contextIn(browser, language);
    const page = await context.newPage();
    await signInAs(page, CLIENT.email);
    await inMode(context, language);
    await page.goto('/apps/shipping');
    const order = await page.getByRole('link', { name: /^SO-/ }).first().getAttribute('href');
    await page.goto('/apps/invoice');
    const invoice = await page.getByRole('link', { name: /^INV-/ }).first().getAttribute('href');
    await check(
      page,
      [...CLIENT_PAGES, order!, invoice!, `/apps/shipping/clearance-receipt/${order!.split('/').at(-1)}`],
      language,
    );
    await context.close();
  });

  test(`demo modules have no WCAG violations (${language}, ${MODE[language]})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await contextIn(browser, language);
    const page = await context.newPage();
    await signInAs(page, CLIENT.email);
    await inMode(context, language);
    await check(page, DEMO_APPS, language);
    await context.close();
  });

  test(`template pages have no WCAG violations (${language}, ${MODE[language]})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await contextIn(browser, language);
    const page = await context.newPage();
    await signInAs(page, CLIENT.email);
    await inMode(context, language);
    await check(page, TEMPLATE_PAGES, language);
    await context.close();
  });

  test(`staff pages have no WCAG violations (${language}, ${MODE[language]})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await contextIn(browser, language);
    const page = await context.newPage();
    await signInAs(page, AGENT.email);
    await inMode(context, language);
    await check(page, STAFF_PAGES, language);
    await context.close();
  });
}

test('the dark appearance has no WCAG violations', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // A customer of its own: the appearance is saved with the account.
  await registerDirectly(page, 'Dana Dark', uniqueEmail(testInfo, 'dark'), 'a-long-password-3');
  const saved = await page.request.post('/preferences', {
    form: {
      intent: 'appearance',
      theme: 'BLUE_THEME',
      mode: 'dark',
      dir: 'ltr',
      layout: 'boxed',
      horizontal: 'false',
      cardShadow: 'true',
      borderRadius: '7',
      redirectTo: '/dashboards/modern',
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await page.goto('/dashboards/modern');
  await expect(page.locator('html')).toHaveAttribute('data-joy-color-scheme', 'dark');
  await check(
    page,
    ['/dashboards/modern', '/apps/request-for-shipping', '/pages/account-settings', '/auth/404'],
    'en',
    'dark',
  );
});
