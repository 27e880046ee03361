// Language and appearance: chosen from the top bar, kept in cookies, applied by the server.
import { expect, test } from '@playwright/test';
import { CLIENT, HOME, signInDirectly } from './support';

test('the language and the appearance change and stay after a reload', async ({ page }) => {
  await signInDirectly(page, CLIENT.email);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'light');

  // Appearance: dark mode.
  await page.getByLabel('Appearance', { exact: true }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(html).toHaveAttribute('data-joy-color-scheme', 'dark');

  // Language: Arabic, right to left.
  await page.getByLabel('Language: English').click();
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
  await page.getByLabel(/العربية/).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(page.getByLabel('Language: English')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${CLIENT.name}` })).toBeVisible();
});

test('the language can be chosen before signing in', async ({ page }) => {
  await page.goto('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  await page.getByLabel('Language: English').click();
  await page.getByRole('button', { name: 'العربية' }).click();
  // Back on the same page, query included.
  await expect(page).toHaveURL('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
