// The six colour palettes, each in the light and the dark mode, meet WCAG AA contrast: axe's
// color-contrast rule alone on the sign-in page, a client's dashboard and the shipping orders list
// (status chips, buttons, links, the menu). The appearance is set by its cookie, as the settings panel
// would set it. (JavaScript on only: axe runs in the page.)
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PALETTES, type PaletteName } from '../../app/theme/appearance';
import { CLIENT, PORTAL_URL, signInAs } from './support';

// One test per palette, side by side on both workers.
test.describe.configure({ mode: 'parallel' });

const MODES = ['light', 'dark'] as const;

/** The `appearance` cookie as the portal writes it (JSON, base64, URL-encoded; not signed). */
async function setAppearance(context: BrowserContext, theme: PaletteName, mode: (typeof MODES)[number]) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify({ theme, mode })).toString('base64'));
  await context.addCookies([{ name: 'appearance', value, url: PORTAL_URL }]);
}

async function contrastFailures(page: Page, path: string, theme: PaletteName, mode: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  // The page really is in this appearance.
  await expect(page.locator('html')).toHaveAttribute('data-joy-color-scheme', mode);
  await expect(page.locator(`link[rel="stylesheet"][href*="palette=${theme}"]`)).toHaveCount(1);
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).setLegacyMode(true).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes
      .slice(0, 5)
      .map((node) => `${theme} ${mode} ${path}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}

for (const theme of PALETTES) {
  test(`${theme} has AA contrast in the light and the dark mode`, async ({ browser }) => {
    test.setTimeout(120_000);
    const visitor = await browser.newContext({ baseURL: PORTAL_URL });
    const client = await browser.newContext({ baseURL: PORTAL_URL });
    const visitorPage = await visitor.newPage();
    const clientPage = await client.newPage();
    await signInAs(clientPage, CLIENT.email);
    const found: string[] = [];
    for (const mode of MODES) {
      // After signing in: the sign-in would bring the account's own saved appearance.
      await setAppearance(visitor, theme, mode);
      await setAppearance(client, theme, mode);
      found.push(...(await contrastFailures(visitorPage, '/auth/login', theme, mode)));
      for (const path of ['/dashboards/modern', '/apps/shipping']) {
        found.push(...(await contrastFailures(clientPage, path, theme, mode)));
      }
    }
    await visitor.close();
    await client.close();
    expect(found, found.join('\n')).toEqual([]);
  });
}
