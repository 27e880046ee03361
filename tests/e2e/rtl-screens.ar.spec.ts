// Key screens in Arabic compared with approved screenshots (tests/e2e/rtl-screens.ar.spec.ts-snapshots/),
// so that a layout that stops being mirrored, or text that overflows in Arabic, is seen. What changes from
// one run or one day to the next (dates, numbers that carry the year, amounts that depend on today, the
// referral code) is masked. The layout is also checked by its boxes: the menu stands on the right.
//
// After an intended change of these screens: `npx playwright test tests/e2e/rtl-screens.ar.spec.ts
// --update-snapshots=all` (without `=all`, an image within the tolerance is kept), look at the new
// images, and commit them.
import {
  expect,
  test,
  type Locator,
  type Page,
  type PageAssertionsToHaveScreenshotOptions,
} from '@playwright/test';
import { CLIENT, open, signInAs, translation } from './support';

const SCREENSHOT: PageAssertionsToHaveScreenshotOptions = {
  fullPage: true,
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.02,
};

/** Dates as Intl writes them in Arabic: day, month and year with right-to-left marks (shown 2026/10/18). */
const DATE = /\d{1,4}\u200f?\/\d{1,2}\u200f?\/\d{1,4}/;
/** Document and order numbers carry the year (SO-2026-0053, NST/2026/044); payment references are drawn. */
const GENERATED = /\b(?:SO|INV|PAY|LN|TRF)-\d|\b[A-Z]{2,4}\/\d{4}\//;

function volatile(page: Page): Locator[] {
  const main = page.getByRole('main');
  // The unread count follows what other tests do to the customer's records.
  return [main.getByText(DATE), main.getByText(GENERATED), page.locator('.notification-count')];
}

async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
}

/** The page is right to left, and its main menu stands on the right of the main content. */
async function expectMirrored(page: Page) {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const menu = await page
    .getByRole('navigation', { name: translation('ar', 'common', 'nav.mainMenu') })
    .boundingBox();
  const main = await page.getByRole('main').boundingBox();
  expect(menu && main, 'the menu and the main content are on screen').toBeTruthy();
  expect(menu!.x, 'the menu is right of the main content').toBeGreaterThan(main!.x);
  expect(menu!.x, 'the menu starts where the main content ends').toBeGreaterThanOrEqual(
    main!.x + main!.width - 1,
  );
}

/**
 * Every isolated run of Latin text on the page (an address, a typed note: `<bdi>` in main) reads left to
 * right inside the Arabic page: its first character stands left of the next, its last right of the one
 * before, so that a sentence keeps its full stop at its end ("… 6 monthly instalments." not
 * ".… 6 monthly instalments"). Returns how many were seen.
 */
async function expectLatinRunsInOrder(page: Page): Promise<number> {
  const wrong = await page.getByRole('main').evaluate((main) => {
    const found: string[] = [];
    let seen = 0;
    for (const run of main.querySelectorAll('bdi')) {
      const text = run.textContent ?? '';
      if (!/^[A-Za-z0-9]/.test(text) || !text.includes(' ')) continue;
      const node = run.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE || node.textContent !== text) continue;
      seen += 1;
      const at = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect();
      };
      // Each end in order with its neighbour (a run may wrap onto several lines).
      const end = text.length - 1;
      if (!(at(0).left < at(1).left && at(end - 1).left < at(end).left)) found.push(text);
    }
    return { found, seen };
  });
  expect(wrong.found, 'Latin runs drawn out of order').toEqual([]);
  return wrong.seen;
}

test('the sign-in page', async ({ page }) => {
  await open(page, '/auth/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // A label stands at the start of its field: on the right.
  const label = page.locator('label').filter({ hasText: translation('ar', 'auth', 'login.email') });
  const field = page.getByLabel(translation('ar', 'auth', 'login.email'));
  const [labelBox, fieldBox] = [await label.boundingBox(), await field.boundingBox()];
  expect(labelBox!.x + labelBox!.width).toBeGreaterThan(fieldBox!.x + fieldBox!.width * 0.75);
  await settled(page);
  await expect(page).toHaveScreenshot('sign-in.png', SCREENSHOT);
});

test.describe('signed in as the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, CLIENT.email);
  });

  test('the dashboard', async ({ page }) => {
    await open(page, '/dashboards/modern');
    await expectMirrored(page);
    // Trade-finance figures follow the repayment schedules, which run against today's date.
    const finance = page.getByRole('region', { name: translation('ar', 'dashboard', 'finance.title') });
    await expect(finance).toBeVisible();
    await settled(page);
    await expect(page).toHaveScreenshot('dashboard.png', {
      ...SCREENSHOT,
      mask: [
        ...volatile(page),
        // Each figure's box (the element around its label: its colour says whether anything is overdue), and the chart.
        ...['outstanding', 'nextDue', 'overdue'].map((key) =>
          finance.getByText(translation('ar', 'dashboard', `finance.${key}`), { exact: true }).locator('..'),
        ),
        finance.locator('figure'),
        // The referral code is drawn at random, and its width with it: its whole row is masked.
        page.locator('dl > div').filter({ has: page.locator('dd', { hasText: /^[A-HJ-NP-Z2-9]{8}$/ }) }),
      ],
    });
  });

  test('the shipping orders list', async ({ page }) => {
    // The delivered orders: no other test changes them.
    await open(page, '/apps/shipping?filter=completed');
    await expectMirrored(page);
    await expect(page.getByRole('link', { name: /^SO-/ })).toHaveCount(10);
    await settled(page);
    await expect(page).toHaveScreenshot('shipping-orders.png', { ...SCREENSHOT, mask: volatile(page) });
  });

  test('an invoice is mirrored (no screenshot: which invoice is newest depends on the other tests)', async ({
    page,
  }) => {
    await open(page, '/apps/invoice');
    const href = await page.getByRole('link', { name: /^INV-/ }).first().getAttribute('href');
    await open(page, href!);
    await expectMirrored(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The customer's address and the lines' descriptions keep their order ("14 Corniche El Nil, Cairo").
    expect(await expectLatinRunsInOrder(page)).toBeGreaterThan(0);
    // The lines' table reads from the right: its first column (the description) stands right of the last.
    const headers = page.getByRole('columnheader');
    const first = await headers.first().boundingBox();
    const last = await headers.last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
  });

  test("a loan's English staff note keeps its order and its full stop", async ({ page }) => {
    await open(page, '/apps/loans');
    const label = translation('ar', 'finance', 'fields.staffNote');
    // The customer's first loan with a note from the team.
    for (const href of await page
      .getByRole('link', { name: /^LN-/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      await open(page, href);
      const note = page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('bdi');
      if ((await note.count()) === 0) continue;
      await expectMirrored(page);
      await expect(note).toHaveText(/\.$/);
      expect(await expectLatinRunsInOrder(page)).toBeGreaterThan(0);
      return;
    }
    throw new Error('no loan of the demo customer has a note from the team');
  });
});
