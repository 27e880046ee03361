// A browser that asks for Arabic (Accept-Language: ar) and has no language cookie yet.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CLIENT, DEMO_PASSWORD, HOME, signInDirectly, translation } from './support';

const arabicAuth = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../app/locales/ar/auth.json',
);
const t = (key: string) => translation('ar', 'auth', key);

test('the sign-in page is served in Arabic, right to left', async ({ page }) => {
  await page.goto('/auth/login');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const submit = page.getByRole('button', { name: t('login.submit'), exact: true });
  await expect(submit).toBeVisible();
  test.info().annotations.push({
    type: 'locale',
    description: existsSync(arabicAuth)
      ? 'app/locales/ar/auth.json present'
      : 'app/locales/ar/auth.json missing',
  });
  if (existsSync(arabicAuth)) {
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expect(submit).not.toHaveAccessibleName('Sign in');
  }
});

test('signing in works in Arabic', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel(t('login.email')).fill(CLIENT.email);
  await page.getByLabel(t('login.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(HOME);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(CLIENT.name);
});

test('a wrong password is refused in Arabic', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel(t('login.email')).fill(CLIENT.email);
  await page.getByLabel(t('login.password')).fill('not-the-password');
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(t('login.wrongCredentials'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('the Arabic sign-in page and dashboard hydrate without errors, with no untranslated keys', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  const heading = page.getByRole('heading', { level: 1 });
  const hydrated = () =>
    heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

  await page.goto('/auth/login');
  await expect.poll(hydrated, { message: 'React hydrated /auth/login' }).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(heading).toHaveText(t('login.heading'));
  expect(errors, 'errors on /auth/login').toEqual([]);

  await signInDirectly(page);
  await expect.poll(hydrated, { message: 'React hydrated /dashboards/modern' }).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // A missing translation shows as its key ("menu.sendRequest"): neither in links nor in headings.
  const looksLikeKey = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;
  for (const name of [
    ...(await page.getByRole('link').allInnerTexts()),
    ...(await page.getByRole('heading').allInnerTexts()),
  ]) {
    expect(name.trim(), 'an untranslated key').not.toMatch(looksLikeKey);
  }
  expect(errors, 'errors on /dashboards/modern').toEqual([]);
});

test('pages in Arabic and Chinese reach the browser as whole UTF-8 text, without NUL bytes', async ({
  page,
}) => {
  // React 18's streaming renderer could put a NUL into non-ASCII text that straddled one of its buffers.
  await signInDirectly(page);
  const pages = ['/dashboards/modern', '/apps/shipping', '/apps/loans', '/apps/invoice', '/pages/faq'];
  for (const language of ['ar', 'zh']) {
    for (const path of pages) {
      const response = await page.request.get(path, { headers: { 'Accept-Language': language } });
      expect(response.status(), path).toBe(200);
      const body = await response.body();
      expect(body.includes(0), `${language} ${path}`).toBe(false);
      expect(body.toString('utf8'), `${language} ${path}`).not.toContain('\uFFFD');
    }
  }
});
