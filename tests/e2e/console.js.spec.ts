// With JavaScript on: the pages hydrate without errors (no console errors, no uncaught exceptions).
import { expect, test, type Page } from '@playwright/test';
import { CLIENT, DEMO_PASSWORD, HOME, submitSignIn } from './support';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  return errors;
}

/** Waits until React has taken over the page's heading, then until the network is quiet. */
async function waitForHydration(page: Page) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect
    .poll(
      () =>
        heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
      {
        message: 'React hydrated the page',
      },
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

test('the sign-in page and the dashboard load without console or hydration errors', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/auth/login');
  await waitForHydration(page);
  // Checking a field on leaving it happens only in the hydrated page (nothing is sent).
  await page.getByLabel('E-mail').fill('not an address');
  await page.getByLabel('Password').focus();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address.');
  expect(errors, 'errors on /auth/login').toEqual([]);

  await submitSignIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${CLIENT.name}` })).toBeVisible();
  await waitForHydration(page);
  expect(errors, 'errors after signing in (client-side navigation)').toEqual([]);

  await page.reload();
  await waitForHydration(page);
  expect(errors, 'errors on /dashboards/modern').toEqual([]);
});

test('the frame’s links open pages in the portal, without loading the page again', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/auth/login');
  await submitSignIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(HOME);
  await waitForHydration(page);
  // A page served with the frame kept as HTML (ADR 064) hydrates as any other.
  await page.goto('/apps/loans?page=1');
  await waitForHydration(page);
  expect(errors, 'errors on /apps/loans').toEqual([]);
  // Gone if the browser loads a page: only a navigation inside the portal keeps it.
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  const same = () =>
    page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument === true);

  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/apps\/notifications$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await same(), 'the bell opened the notifications in the portal').toBe(true);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Loans', exact: true })
    .click();
  await expect(page).toHaveURL(/\/apps\/loans$/);
  expect(await same(), 'the menu opened the loans in the portal').toBe(true);

  // A row's link (a plain anchor, RowLink) opens its page in the portal too.
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/apps\/loan\/loan-details\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await same(), 'the list opened the loan in the portal').toBe(true);

  await page.getByTitle(`Account menu for ${CLIENT.name}`).click();
  await page.getByRole('banner').getByRole('link', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/pages\/account-settings$/);
  expect(await same(), 'the account menu opened the settings in the portal').toBe(true);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/pages\/privacy-policy$/);
  expect(errors).toEqual([]);
});
