// Language and appearance: chosen from the top bar, kept in cookies, applied by the server, and saved
// with the account so that they follow the user to another browser.
import { expect, test } from '@playwright/test';
import { HOME, registerDirectly, signInAs, uniqueEmail } from './support';

const NAME = 'Rania Preferences';
const PASSWORD = 'harbour-lights-42';

test('the language and the appearance change, stay after a reload, and follow the account', async ({
  page,
  browser,
}, testInfo) => {
  // A customer of its own: what it saves must not change the demo accounts of the other tests.
  const email = uniqueEmail(testInfo, 'preferences');
  await registerDirectly(page, NAME, email, PASSWORD);
  await page.goto(HOME);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'light');

  // Appearance: dark mode.
  await page.getByTitle('Appearance', { exact: true }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'dark');

  // Language: Arabic, right to left.
  await page.getByTitle('Language: English').click();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'dark');

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'dark');

  // Back to English, left to right (the switcher's name is in Arabic now, with the language's own name).
  await page.getByTitle(/العربية/).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTitle('Language: English')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${NAME}` })).toBeVisible();

  // Another browser (no cookies) signs in: the account's dark mode comes with it.
  const other = await browser.newPage({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  await signInAs(other, email, PASSWORD);
  await other.goto(HOME);
  await expect(other.locator('html')).toHaveAttribute('data-joy-color-scheme', 'dark');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.close();
});

test('the language can be chosen before signing in', async ({ page }) => {
  await page.goto('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  await page.getByTitle('Language: English').click();
  await page.getByRole('button', { name: 'العربية' }).click();
  // Back on the same page, query included.
  await expect(page).toHaveURL('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
