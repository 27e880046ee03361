// Trade finance end to end (JavaScript on and off): the client's own loans with tabs, search and pages;
// a loan's transactions, schedule and documents; staff see every client's; another client gets 404.
import { expect, test, type Page } from '@playwright/test';
import { AGENT, CLIENT, CLIENT2, open, signInAs, switchTo, uniqueText } from './support';

function loanLinks(page: Page, table = 'My Loans') {
  return page.getByRole('table', { name: table }).getByRole('link', { name: /^LN-\d{4}-\d{4}$/ });
}

/** A money figure of the loan's field list, as a number (e.g. "Outstanding" → 42420). */
async function figure(page: Page, label: string): Promise<number> {
  const row = page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
  const text = (await row.getByRole('definition').first().textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

test('a client sees its own loans, 10 a page, with tabs and search in the URL', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/loans');
  await expect(page).toHaveTitle('My Loans · Harbour Freight');
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
  await expect(page).toHaveURL(/q=Jade\+Harbor/);
  await expect(table.getByRole('row').filter({ hasText: 'Jade Harbor Imports' }).first()).toBeVisible();
  await form.getByRole('searchbox', { name: 'Search' }).fill('Nile Star');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=Nile\+Star/);
  await expect(table.getByRole('row').filter({ hasText: 'Nile Star Trading' }).first()).toBeVisible();
});

test('staff approve a finance application with terms into a paid-out loan; a repayment is recorded; the client sees it', async ({
  page,
}, testInfo) => {
  test.slow();
  const description = uniqueText(testInfo, 'Finance for cotton bales');
  await signInAs(page, CLIENT2.email);
  // The application: amount, tenor, supplier, purpose, and one of the customer's own orders.
  await open(page, '/apps/request-for-trade-finance');
  await expect(page).toHaveTitle('Trade Finance · Harbour Freight');
  await page.getByLabel('Amount requested').fill('42000');
  await page.getByLabel('Tenor (months)').fill('4');
  await page.getByLabel(/^Supplier[\s*]*$/).fill('Coimbatore Cotton Mills');
  await page.getByLabel("Supplier's country").fill('India');
  // Sent without a purpose: refused, with what was typed kept.
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByLabel('Purpose')).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Amount requested')).toHaveValue('42000');
  await page.getByLabel('Purpose').fill(description);
  const orders = page.getByRole('group', { name: 'Shipping orders it finances' });
  // Each project its own order (an order is financed once; the projects may run at once).
  const pick = testInfo.project.name === 'no-js' ? 1 : 0;
  const box = orders.getByRole('checkbox').nth(pick);
  const orderName = /SO-\d{4}-\d{4}/.exec((await orders.locator('label').nth(pick).textContent()) ?? '')?.[0];
  expect(orderName).toBeTruthy();
  await box.check();
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/\d+$/);
  const requestPath = new URL(page.url()).pathname;
  const asked = page.getByRole('region', { name: 'What was asked' });
  await expect(asked).toContainText('$42,000.00');
  await expect(asked).toContainText('Coimbatore Cotton Mills (India)');
  await expect(asked.getByRole('link', { name: orderName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Description' })).toContainText(description);

  await switchTo(page, AGENT.email);
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: description });
  // A finance application is approved with the loan's terms, on its assessment page.
  await row.getByRole('link', { name: 'Approve with terms…' }).click();
  await expect(page).toHaveTitle(/^Assess finance application #\d+ · /);
  // The application's amount and tenor start the terms; the fee is 1 % of the amount.
  await expect(page.getByLabel('Principal (USD)')).toHaveValue('42000');
  await expect(page.getByLabel('Monthly instalments')).toHaveValue('4');
  await expect(page.getByLabel('Arrangement fee (USD)')).toHaveValue('420');
  const terms = page.getByRole('region', { name: 'Approve with terms' });
  // A first instalment today is refused, with what was typed kept.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('First instalment due on').fill(today);
  await page.getByLabel('Interest rate (% a year)').fill('9.5');
  await terms.getByRole('button', { name: 'Review the terms' }).click();
  await expect(page.getByLabel('First instalment due on')).toHaveAccessibleDescription(
    'Choose a day after today and within a year.',
  );
  await expect(page.getByLabel('Interest rate (% a year)')).toHaveValue('9.5');
  const firstDue = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('First instalment due on').fill(firstDue);
  await terms.getByRole('button', { name: 'Review the terms' }).click();
  // The second step says what the approval does; changing the terms brings them back as typed.
  await expect(terms.getByRole('status')).toContainText('pay out $42,000.00 today?');
  await terms.getByRole('button', { name: 'Change the terms' }).click();
  await expect(page.getByLabel('First instalment due on')).toHaveValue(firstDue);
  await terms.getByRole('button', { name: 'Review the terms' }).click();
  await terms.getByRole('button', { name: 'Yes, approve and pay out' }).click();
  await expect(page).toHaveURL(/\/apps\/loan\/loan-details\/LN-\d{4}-\d{4}$/);
  await expect(page.getByRole('status').filter({ hasText: 'was approved and paid out' })).toBeVisible();
  const loanPath = new URL(page.url()).pathname;
  // Paid out with the fee charged, and financing the order the application named.
  await expect(page.getByText('Arrangement fee').first()).toBeVisible();
  await expect(page.getByRole('link', { name: orderName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Repayment schedule' })).toBeVisible();
  const schedule = page.getByRole('table', { name: 'Repayment schedule' });
  await expect(schedule.locator('tbody tr')).toHaveCount(4);

  // Staff record the first instalment as repaid: refused without an amount, then recorded.
  const firstLine = schedule.locator('tbody tr').first();
  const instalment = Number(
    ((await firstLine.locator('td').nth(3).textContent()) ?? '').replace(/[^\d.]/g, ''),
  );
  expect(instalment).toBeGreaterThan(0);
  const paidBefore = await figure(page, 'Paid amount');
  const outstandingBefore = await figure(page, 'Outstanding');
  expect(outstandingBefore).toBeGreaterThan(42_000);
  const payment = page.getByRole('form', { name: 'Record a payment or a fee' });
  await payment.getByLabel('Amount').fill('0');
  await payment.getByRole('button', { name: 'Record it' }).click();
  await expect(
    page.getByRole('form', { name: 'Record a payment or a fee' }).getByLabel('Amount'),
  ).toHaveAccessibleDescription('Enter a number greater than zero.');
  const reference = `WIRE-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  await page
    .getByRole('form', { name: 'Record a payment or a fee' })
    .getByLabel('Amount')
    .fill(String(instalment));
  await page
    .getByRole('form', { name: 'Record a payment or a fee' })
    .getByLabel('Reference (optional)')
    .fill(reference);
  await page
    .getByRole('form', { name: 'Record a payment or a fee' })
    .getByRole('button', { name: 'Record it' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'repayment has been recorded' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${loanPath}$`));
  await expect(schedule.locator('tbody tr').first()).toContainText('Paid');
  // The loan's figures follow the repayment at once.
  expect(await figure(page, 'Paid amount')).toBeCloseTo(paidBefore + instalment, 2);
  expect(await figure(page, 'Outstanding')).toBeCloseTo(outstandingBefore - instalment, 2);

  // The customer's request leads to its loan.
  await switchTo(page, CLIENT2.email);
  await open(page, requestPath);
  await page.getByRole('link', { name: 'Open the loan' }).click();
  await expect(page).toHaveURL(loanPath);
  await expect(page.getByText('Disbursement', { exact: false }).first()).toBeVisible();
  // The customer sees the repayment with its reference, and the instalment paid; no form to record one.
  await expect(page.getByText(reference)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Repayment schedule' }).locator('tbody tr').first(),
  ).toContainText('Paid');
  await expect(page.getByRole('form', { name: 'Record a payment or a fee' })).toHaveCount(0);
  await switchTo(page, CLIENT.email);
  const refused = await page.goto(loanPath);
  expect(refused?.status()).toBe(404);
});

test('staff deny a finance application with a reason, confirmed; the client reads it', async ({
  page,
}, testInfo) => {
  const purpose = uniqueText(testInfo, 'Working capital for dates');
  await signInAs(page, CLIENT2.email);
  await open(page, '/apps/request-for-trade-finance');
  await page.getByLabel('Amount requested').fill('9000');
  await page.getByLabel('Tenor (months)').fill('3');
  await page.getByLabel(/^Supplier[\s*]*$/).fill('Siwa Oasis Farms');
  await page.getByLabel("Supplier's country").fill('Egypt');
  await page.getByLabel('Purpose').fill(purpose);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/\d+$/);
  const requestPath = new URL(page.url()).pathname;

  await switchTo(page, AGENT.email);
  await open(page, requestPath);
  await page.getByRole('link', { name: 'Approve with terms…' }).click();
  const deny = page.getByRole('region', { name: 'Deny the application' });
  // A denial says why: refused without a reason.
  await deny.getByRole('button', { name: 'Reject' }).click();
  await expect(deny.getByRole('alert')).toContainText('Say why you reject the request');
  await deny
    .getByLabel('Note to the customer (needed to reject)')
    .fill('The supplier could not be verified.');
  await deny.getByRole('button', { name: 'Reject' }).click();
  await deny.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByText('This application was denied.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Approve with terms' })).toHaveCount(0);

  await switchTo(page, CLIENT2.email);
  await open(page, requestPath);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Rejected');
  await expect(history).toContainText('The supplier could not be verified.');
});

test('a client shares a loan document; the link opens without an account; a changed link is refused', async ({
  page,
  browser,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/loans');
  test.slow();
  // A loan with documents (several approved loans of the seed have them), found from the list's links.
  const hrefs = await Promise.all((await loanLinks(page).all()).map((link) => link.getAttribute('href')));
  let found: string | undefined;
  for (const href of hrefs) {
    await page.goto(href!);
    if ((await page.getByRole('button', { name: /^Share / }).count()) > 0) {
      found = href!;
      break;
    }
  }
  expect(found, 'a loan with documents on the first page').toBeDefined();
  await open(page, found!);
  const share = page.getByRole('button', { name: /^Share / }).first();
  const filename = (await share.getAttribute('aria-label'))!.replace(/^Share /, '');
  await share.click();
  const field = page.getByLabel(`Link to ${filename}`);
  await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]{32,}$/);
  const link = await field.inputValue();

  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Shared document' })).toBeVisible();
  await expect(stranger.getByText(filename)).toBeVisible();
  const download = await stranger.request.get(`${link}/file`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  const changed = await stranger.goto(`${link.slice(0, -2)}${link.endsWith('AA') ? 'BB' : 'AA'}`);
  expect(changed?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
  await stranger.close();
});
