// Trade finance end to end (JavaScript on and off): the client's own loans with tabs, search and pages;
// a loan's transactions, schedule and documents; staff see every client's; another client gets 404.
import { expect, test, type Page } from '@playwright/test';
import { AGENT, CLIENT, CLIENT2, open, signInAs, switchTo } from './support';

function loanLinks(page: Page, table = 'My Loans') {
  return page.getByRole('table', { name: table }).getByRole('link', { name: /^LN-\d{4}-\d{4}$/ });
}

test('a client sees its own loans, 10 a page, with tabs and search in the URL', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/loans');
  await expect(page).toHaveTitle('My Loans · Freight Portal');
  await expect(loanLinks(page)).toHaveCount(10);
  const tabs = page.getByRole('navigation', { name: 'Loan groups' });
  await tabs.getByRole('link', { name: /^Loans Denied/ }).click();
  await expect(page).toHaveURL('/apps/loans?tab=denied');
  await expect(tabs.getByRole('link', { name: /^Loans Denied/ })).toHaveAttribute('aria-current', 'page');
  const states = await page
    .getByRole('table', { name: 'My Loans' })
    .locator('tbody tr td:last-child')
    .allTextContents();
  expect(states.length).toBeGreaterThan(0);
  for (const state of states) expect(state).toBe('Denied');

  await tabs.getByRole('link', { name: /^All Loans/ }).click();
  await expect(page).toHaveURL('/apps/loans?tab=show_all');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/apps/loans?tab=show_all&page=2');
  const number = (await loanLinks(page).first().textContent())!;
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: 'Search' }).fill(number);
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(loanLinks(page)).toHaveText([number]);
});

test('a loan shows its transactions, schedule and documents; another client gets "Page not found"', async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/loans');
  await loanLinks(page).first().click();
  await expect(page).toHaveURL(/\/apps\/loan\/loan-details\/LN-\d{4}-\d{4}$/);
  const number = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Repayment schedule' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  await switchTo(page, CLIENT2.email);
  const response = await page.goto(`/apps/loan/loan-details/${number}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test("staff see every client's loans", async ({ page }) => {
  await signInAs(page, AGENT.email);
  await open(page, '/apps/loans');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Loans' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Client Loans' });
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: 'Search' }).fill('Jade Harbor');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Jade Harbor Imports' }).first()).toBeVisible();
  await form.getByRole('searchbox', { name: 'Search' }).fill('Nile Star');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Nile Star Trading' }).first()).toBeVisible();
});
