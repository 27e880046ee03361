// Warehouse settings for staff (JavaScript on and off): saved, then the staff lists open on the
// warehouse's origin with a way to see every origin; a client gets "Access denied".
import { expect, test } from '@playwright/test';
import { ADMIN, CLIENT, open, signInAs, switchTo, uniqueText } from './support';

test('a client may not open warehouse settings (403)', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  const response = await page.goto('/pages/account-settings-warehouse');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

test('staff set their warehouse; their order list then opens on its origin', async ({ page }, testInfo) => {
  // A request that names no origin, for the queue below.
  const words = uniqueText(testInfo, 'Advice on labelling rules');
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/send-request-for-service');
  await page.getByLabel('Service').selectOption({ label: 'Other service' });
  await page.getByLabel('Description').fill(words);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'has been sent' })).toBeVisible();
  await switchTo(page, ADMIN.email);

  // The admin's warehouse, so that the agent's lists in other tests keep every origin.
  await open(page, '/pages/account-settings-warehouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Settings' })).toBeVisible();
  // India in both projects: the admin's lists in tests running meanwhile still find their Indian goods.
  const origin = 'India';
  await page.getByLabel('Warehouse name').fill(`${origin} hub`);
  await page.getByLabel('Origin').selectOption({ label: origin });
  await page.getByLabel('Address').fill('');
  await page.getByRole('button', { name: 'Save warehouse' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByLabel('Warehouse name')).toHaveValue(`${origin} hub`);
  await page.getByLabel('Address').fill('Lot 4, Port Road');
  await page.getByLabel('Opening hours').fill('Sunday to Thursday, 8:00–17:00');
  await page.getByRole('button', { name: 'Save warehouse' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your warehouse was saved' })).toBeVisible();

  await open(page, '/apps/shipping');
  await expect(page.getByRole('status').filter({ hasText: `Showing ${origin}` })).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Origin')).toHaveValue(origin.toLowerCase());
  await page.getByRole('link', { name: 'Show every origin' }).click();
  await expect(page).toHaveURL(/origin=all/);
  await expect(page.getByRole('search').getByLabel('Origin')).toHaveValue('all');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveCount(0);

  // The request queue on the warehouse's origin still shows the requests that name no origin.
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(words)}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Requests that name no origin are shown too.' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: words })).toBeVisible();

  // Removing the warehouse brings every origin back (and leaves the admin's lists as they were).
  await open(page, '/pages/account-settings-warehouse');
  await page.getByRole('button', { name: 'Remove warehouse' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your warehouse was removed' })).toBeVisible();
  await open(page, '/apps/shipping');
  await expect(page.getByRole('search').getByLabel('Origin')).toHaveValue('all');
});
