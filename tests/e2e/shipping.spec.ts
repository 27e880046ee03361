// Shipping orders end to end (JavaScript on and off): the client's own list with tabs, search and pages;
// an order's timeline; staff adding a tracking event the client then sees; containers for the admin only;
// drivers and suppliers; another customer's order is "Page not found".
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, CLIENT, CLIENT2, open, signInAs, switchTo, uniqueText } from './support';

const ORDERS = 'My Shipping Orders';

async function search(page: Page, words: string) {
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: 'Search' }).fill(words);
  await form.getByRole('button', { name: 'Apply' }).click();
}

function orderLinks(page: Page, table = ORDERS) {
  return page.getByRole('table', { name: table }).getByRole('link', { name: /^SO-\d{4}-\d{4}$/ });
}

test('a client sees its own orders, 10 a page, with tabs, search and pages in the URL', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping');
  await expect(page).toHaveTitle(`${ORDERS} · Harbour Freight`);
  await expect(page.getByRole('heading', { level: 1, name: ORDERS })).toBeVisible();
  await expect(orderLinks(page)).toHaveCount(10);
  await expect(page.getByRole('status').filter({ hasText: /orders$/ })).toHaveText(/^\d{2,} orders$/);

  const tabs = page.getByRole('navigation', { name: 'Order groups' });
  await expect(tabs.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: /^Completed/ }).click();
  await expect(page).toHaveURL('/apps/shipping?filter=completed');
  await expect(tabs.getByRole('link', { name: /^Completed/ })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: ORDERS });
  const statuses = await table.locator('tbody tr td:nth-child(6)').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(status).toBe('Delivered');

  await tabs.getByRole('link', { name: /^All/ }).click();
  await expect(page).toHaveURL('/apps/shipping?filter=show_all');
  // The address changes before the new list is shown: wait for the list itself.
  await expect(tabs.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/apps/shipping?filter=show_all&page=2');
  await expect(pages.getByText(/^Page 2 of [4-9]$/)).toBeVisible();

  const first = (await orderLinks(page).first().textContent())!;
  await search(page, first);
  // The GET form keeps the tab and puts the search in the URL.
  await expect(page).toHaveURL(new RegExp(`/apps/shipping\\?q=${first}&filter=show_all`));
  await expect(orderLinks(page)).toHaveText([first]);
});

test('an order shows its fields and the tracking timeline; another customer gets "Page not found"', async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping?filter=completed');
  const link = orderLinks(page).first();
  const number = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  for (const label of [
    'Order number',
    'Category',
    'Container type',
    'CBMs required',
    'Invoice status',
    'Total invoice',
  ]) {
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  const timeline = page.locator('#tracking').getByRole('list');
  await expect(timeline.getByRole('listitem').last()).toContainText('Delivered');
  await expect(page.getByRole('heading', { name: 'Add a tracking event' })).toHaveCount(0);
  const url = new URL(page.url()).pathname;

  await page.getByRole('link', { name: 'Clearance receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clearance receipt' })).toBeVisible();
  await expect(page.getByText(`CR-${number}`)).toBeVisible();

  await switchTo(page, CLIENT2.email);
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an agent adds a tracking event; the client then sees it on the timeline', async ({
  page,
}, testInfo) => {
  const place = uniqueText(testInfo, 'Jebel Ali berth');
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping?filter=in_progress');
  await orderLinks(page).first().click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  const url = new URL(page.url()).pathname;

  await switchTo(page, AGENT.email);
  await open(page, url);
  const form = page.getByRole('form', { name: 'Add a tracking event' });
  await form.getByLabel('Milestone').selectOption({ label: 'Delayed' });
  await form.getByLabel('Date and time (UTC)').fill('2026-11-21T06:15');
  await form.getByLabel('Place').fill(place);
  await form.getByLabel('Note').fill('Waiting for a berth');
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(page).toHaveURL(`${url}#tracking`);
  await expect(page.getByRole('status').filter({ hasText: 'tracking event was added' })).toBeVisible();

  await switchTo(page, CLIENT.email);
  await open(page, url);
  const event = page.locator('#tracking').getByRole('listitem').filter({ hasText: place });
  await expect(event).toContainText('Delayed');
  await expect(event).toContainText('Waiting for a berth');
  await expect(event).toContainText(`Recorded by ${AGENT.name}`);
});

test('a mistaken Delivered event is withdrawn: kept struck through, and the status goes back', async ({
  page,
}, testInfo) => {
  test.slow();
  const place = uniqueText(testInfo, 'Wrong warehouse gate');
  await signInAs(page, AGENT.email);
  await open(page, '/apps/shipping?filter=in_progress&origin=all');
  // Each project its own order (both may run at once).
  await orderLinks(page, 'Shipping Orders')
    .nth(testInfo.project.name === 'no-js' ? 3 : 2)
    .click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  const url = new URL(page.url()).pathname;
  const status = ((await page.getByRole('heading', { level: 1 }).locator('..').textContent()) ?? '').trim();

  // Dated in the future: refused, with what was typed kept.
  const form = page.getByRole('form', { name: 'Add a tracking event' });
  await form.getByLabel('Milestone').selectOption({ label: 'Delivered' });
  await form.getByLabel('Date and time (UTC)').fill('2030-01-01T10:00');
  await form.getByLabel('Place').fill(place);
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(
    page.getByRole('form', { name: 'Add a tracking event' }).getByLabel('Date and time (UTC)'),
  ).toHaveAccessibleDescription('The date cannot be in the future.');
  await expect(page.getByRole('form', { name: 'Add a tracking event' }).getByLabel('Place')).toHaveValue(
    place,
  );
  await page
    .getByRole('form', { name: 'Add a tracking event' })
    .getByLabel('Date and time (UTC)')
    .fill('2026-11-20T08:00');
  await page
    .getByRole('form', { name: 'Add a tracking event' })
    .getByRole('button', { name: 'Add event' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'tracking event was added' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Delivered');

  // Withdrawn: the event stays, struck through, and the order is back where it was.
  const mistaken = page.locator('#tracking').getByRole('listitem').filter({ hasText: place });
  await mistaken.getByRole('button', { name: 'Withdraw the event “Delivered”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The event was withdrawn' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${url}#tracking$`));
  const kept = page.locator('#tracking').getByRole('listitem').filter({ hasText: place });
  await expect(kept).toContainText(`Withdrawn by ${AGENT.name}`);
  await expect(kept.locator('s')).toHaveText('Delivered');
  await expect(kept.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).not.toContainText('Delivered');
  expect(status).not.toContain('Delivered');
});

test('a tracking event without a place comes back with the message and what was typed', async ({ page }) => {
  await signInAs(page, AGENT.email);
  // An order under way: a delivered or cancelled one takes no more events.
  await open(page, '/apps/shipping?filter=in_progress');
  await orderLinks(page, 'Shipping Orders').first().click();
  const form = page.getByRole('form', { name: 'Add a tracking event' });
  await form.getByLabel('Milestone').selectOption({ label: 'Customs cleared' });
  await form.getByLabel('Place').fill('');
  await form.getByLabel('Note').fill('Papers checked');
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(form.getByLabel('Place')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field is required.')).toBeVisible();
  await expect(form.getByLabel('Note')).toHaveValue('Papers checked');
  await expect(form.getByLabel('Milestone')).toHaveValue('customs_cleared');
});

test('containers are for the admin: an agent gets "Access denied"', async ({ page }) => {
  await signInAs(page, AGENT.email);
  const refused = await page.goto('/apps/shipping/container');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();

  await switchTo(page, ADMIN.email);
  await open(page, '/apps/shipping/container?origin=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Containers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Containers' });
  await expect(table.getByRole('progressbar').first()).toHaveAttribute('aria-valuetext', /of \d+ CBM/);
  await expect(table.getByRole('link', { name: /^SO-/ }).first()).toBeVisible();
});

test('staff add a driver and a supplier, then find them', async ({ page }, testInfo) => {
  const driver = uniqueText(testInfo, 'Driver');
  await signInAs(page, AGENT.email);
  await open(page, '/apps/shipping/drivers');
  await page.getByRole('link', { name: 'Add driver' }).click();
  await page.getByLabel('Name').fill(driver);
  await page.getByLabel('Phone').fill('+971 50 555 0101');
  await page.getByLabel('Licence number').fill(`LIC-${Date.now().toString(36)}-${testInfo.project.name}`);
  await page.getByLabel('Base').selectOption({ label: 'Dubai' });
  await page.getByRole('button', { name: 'Add driver' }).click();
  await expect(page).toHaveURL(/\/apps\/shipping\/drivers$/);
  await expect(page.getByRole('status').filter({ hasText: 'was saved' })).toContainText(driver);
  await search(page, driver);
  const row = page.getByRole('row').filter({ hasText: driver });
  await expect(row).toContainText('Active');

  const supplier = uniqueText(testInfo, 'Supplier');
  await open(page, '/apps/suppliers/new');
  await page.getByLabel('Name').fill(supplier);
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(supplier);
  await page.getByLabel('Email').fill('sales@supplier.example');
  await page.getByLabel('Location').fill('Shenzhen, China');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await expect(page).toHaveURL(/\/apps\/suppliers$/);
  await expect(page.getByRole('status').filter({ hasText: 'was saved' })).toContainText(supplier);
  await search(page, supplier);
  await expect(page.getByRole('row').filter({ hasText: supplier })).toContainText('Shenzhen, China');
});

test('clients may not open drivers or suppliers (403)', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  for (const path of ['/apps/shipping/drivers', '/apps/suppliers', '/apps/shipping/container']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
});

/**
 * A new order of the second customer, made by an agent from its approved shipping request (each test its
 * own, so that the projects running at once never share one). Ends signed in as the agent, on the order.
 */
async function orderFromNewRequest(page: Page, description: string, mark: string): Promise<string> {
  await signInAs(page, CLIENT2.email);
  const sent = await page.request.post('/apps/request-for-shipping', {
    multipart: {
      category: 'electronics_accessories',
      containerType: 'groupage',
      origin: 'vietnam',
      cbm: '7.5',
      expectedRevenue: '0.0',
      description,
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);

  await switchTo(page, AGENT.email);
  await open(page, `/apps/shipping/requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: description });
  await row.getByRole('button', { name: 'Approve' }).click();
  await row.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Create shipping order' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Shipping order from request #\d+$/ }),
  ).toBeVisible();
  // The form starts from what the customer chose.
  await expect(page.getByLabel('Origin')).toHaveValue('vietnam');
  await expect(page.getByLabel('CBMs required')).toHaveValue('7.5');
  await page.getByLabel('Shipping mark').fill(mark);
  await page.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'was created' })).toHaveText(
    /^Shipping order SO-\d{4}-\d{4} was created\.$/,
  );
  return new URL(page.url()).pathname;
}

test('an approved shipping request becomes an order the client can open', async ({ page }, testInfo) => {
  test.slow();
  const description = uniqueText(testInfo, 'Solar panels to ship');
  const orderPath = await orderFromNewRequest(page, description, 'JHI/E2E/01');

  await switchTo(page, CLIENT2.email);
  await open(page, `/apps/send-client-requests?q=${encodeURIComponent(description)}`);
  await page
    .getByRole('row')
    .filter({ hasText: description })
    .getByRole('link', { name: 'Open the shipping order' })
    .click();
  await expect(page).toHaveURL(orderPath);
  await expect(page.getByRole('definition').filter({ hasText: 'JHI/E2E/01' })).toBeVisible();
});

test('an agent moves an order on, gives it a driver and a container, then cancels it with a reason the client reads', async ({
  page,
}, testInfo) => {
  test.slow();
  const description = uniqueText(testInfo, 'Ceiling fans to ship');
  const reason = uniqueText(testInfo, 'The buyer called the shipment off');
  const orderPath = await orderFromNewRequest(page, description, 'JHI/E2E/02');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;

  await page.getByRole('link', { name: 'Edit order' }).click();
  await expect(page).toHaveURL(`${orderPath}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit order ${number}` })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('confirmed');

  // Moved on with nothing saying where the goods are: refused, with what was typed kept.
  await page.getByLabel('Status').selectOption({ label: 'In Transit' });
  await page.getByLabel('Shipping mark').fill('JHI/E2E/02-B');
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(page.getByLabel('Location')).toHaveAccessibleDescription(
    'Say where the goods are: the status change is recorded there.',
  );
  await expect(page.getByLabel('Shipping mark')).toHaveValue('JHI/E2E/02-B');
  await expect(page.getByLabel('Status')).toHaveValue('in_transit');

  await page.getByLabel('Location').fill('Hai Phong port');
  await page.getByLabel('Driver').selectOption({ label: 'Nguyen Van Hung' });
  const container = page.getByLabel('Container');
  await container.selectOption({ index: 1 });
  const containerName = ((await container.locator('option:checked').textContent()) ?? '').split(':')[0]!;
  await page.getByLabel('Handled by').selectOption({ label: AGENT.name });
  await page.getByLabel('Expected arrival').fill('2026-12-20');
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(page).toHaveURL(orderPath);
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} saved.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('In Transit');
  await expect(page.getByRole('definition').filter({ hasText: 'Nguyen Van Hung' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: containerName })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'JHI/E2E/02-B' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: AGENT.name })).toBeVisible();
  // The step is on the timeline: where, and who moved it.
  const step = page.locator('#tracking').getByRole('listitem').filter({ hasText: 'Hai Phong port' });
  await expect(step).toContainText('Departed origin');
  await expect(step).toContainText(`Recorded by ${AGENT.name}`);

  // Cancelled: a reason is needed, then the customer reads it.
  await page.getByRole('link', { name: 'Edit order' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('in_transit');
  await expect(page.getByLabel('Location')).toHaveValue('Hai Phong port');
  await page.getByLabel('Status').selectOption({ label: 'Cancelled' });
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(page.getByLabel('Reason for cancelling')).toHaveAccessibleDescription(
    'Give the reason for cancelling the order.',
  );
  await page.getByLabel('Reason for cancelling').fill(reason);
  await page.getByRole('button', { name: 'Save the order' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} saved.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Cancelled');

  await switchTo(page, CLIENT2.email);
  await open(page, orderPath);
  const notice = page.getByRole('status').filter({ hasText: 'This order is cancelled' });
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText(`Cancelled by ${AGENT.name}`);
  // The customer reads the order; editing it is staff work.
  await expect(page.getByRole('link', { name: 'Edit order' })).toHaveCount(0);
});

test("an order is delivered by its driver: planned on the edit, done with the receiver's name; the driver's page lists it", async ({
  page,
}, testInfo) => {
  test.slow();
  const description = uniqueText(testInfo, 'Water heaters to deliver');
  const receiver = uniqueText(testInfo, 'Hoda Samir');
  const orderPath = await orderFromNewRequest(page, description, 'JHI/E2E/03');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;

  // Moved on step by step to Cleared, with a driver and a day for the last mile.
  const steps = ['In Transit', 'Arrived', 'Cleared'] as const;
  for (const [index, status] of steps.entries()) {
    await page.getByRole('link', { name: 'Edit order' }).click();
    await page.getByLabel('Status').selectOption({ label: status });
    if (index === 0) {
      await page.getByLabel('Location').fill('Alexandria port');
      await page.getByLabel('Driver').selectOption({ label: 'Mahmoud Adel' });
      await page.getByLabel('Delivery date').fill('2026-12-03');
    }
    await page.getByRole('button', { name: 'Save the order' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${number} saved.` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(status);
  }

  // Done: who received the goods; the Delivered event is on the timeline.
  const form = page.getByRole('form', { name: 'Mark the delivery done' });
  await form.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(form.getByLabel('Received by')).toHaveAccessibleDescription('This field is required.');
  await form.getByLabel('Received by').fill(receiver);
  await form.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} is delivered.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Delivered');
  const delivered = page.locator('#tracking').getByRole('listitem').filter({ hasText: receiver });
  await expect(delivered).toContainText('Delivered');
  await expect(delivered).toContainText('Alexandria port');

  // The driver's page lists the order.
  await page.getByRole('link', { name: 'Mahmoud Adel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Deliveries' })).toBeVisible();
  await page.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(orderPath);
});

test('an agent checks orders in the list and adds one tracking event to each, then gives them one driver', async ({
  page,
}, testInfo) => {
  test.slow();
  // Two orders of this test's own, found by their shipping mark.
  const mark = `BULK/${testInfo.project.name}/${Date.now().toString(36)}`.toUpperCase();
  const first = await orderFromNewRequest(page, uniqueText(testInfo, 'Bulk one'), `${mark}/1`);
  const second = await orderFromNewRequest(page, uniqueText(testInfo, 'Bulk two'), `${mark}/2`);

  await open(page, `/apps/shipping?q=${encodeURIComponent(mark)}&origin=all`);
  const bulk = page.getByRole('form', { name: 'With the orders you check' });
  // Nothing checked: said, with what was typed kept.
  await bulk.getByLabel('Milestone').selectOption({ label: 'Loaded into container' });
  await bulk.getByLabel('Place').fill('Cat Lai CFS');
  await bulk.getByRole('button', { name: 'Apply to the checked orders' }).click();
  await expect(page.getByText('Check the orders to act on in the list.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'With the orders you check' }).getByLabel('Place')).toHaveValue(
    'Cat Lai CFS',
  );

  const table = page.getByRole('table', { name: 'Shipping Orders' });
  for (const name of await table.getByRole('link', { name: /^SO-\d{4}-\d{4}$/ }).allTextContents()) {
    await table.getByRole('checkbox', { name: `Choose ${name}` }).check();
  }
  await page
    .getByRole('form', { name: 'With the orders you check' })
    .getByRole('button', { name: 'Apply to the checked orders' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Done for 2 orders.' })).toBeVisible();
  // Back on the list as it was.
  expect(new URL(page.url()).searchParams.get('q')).toBe(mark);
  for (const path of [first, second]) {
    await open(page, path);
    const event = page.locator('#tracking').getByRole('listitem').filter({ hasText: 'Cat Lai CFS' });
    await expect(event).toContainText('Loaded into container');
  }

  // One driver for both.
  await open(page, `/apps/shipping?q=${encodeURIComponent(mark)}&origin=all`);
  for (const name of await table.getByRole('link', { name: /^SO-\d{4}-\d{4}$/ }).allTextContents()) {
    await table.getByRole('checkbox', { name: `Choose ${name}` }).check();
  }
  const form = page.getByRole('form', { name: 'With the orders you check' });
  await form.getByLabel('What to do').selectOption({ label: 'Give them a driver' });
  await form.getByLabel('Driver').selectOption({ label: 'Li Jun' });
  await form.getByLabel('Delivery date').fill(new Date().toISOString().slice(0, 10));
  await form.getByRole('button', { name: 'Apply to the checked orders' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done for 2 orders.' })).toBeVisible();
  await open(page, second);
  await expect(page.getByRole('link', { name: 'Li Jun' })).toBeVisible();

  // The dashboard counts what waits; "deliveries today" opens the orders to deliver today.
  await open(page, '/dashboards/modern');
  const waits = page.getByRole('list', { name: 'What waits' });
  await waits.getByRole('link', { name: /deliveries today$/ }).click();
  await expect(page.getByText('Orders to deliver today.')).toBeVisible();
  const secondName = await (async () => {
    await open(page, second);
    return (await page.getByRole('heading', { level: 1 }).textContent())!;
  })();
  await open(page, `/apps/shipping?attention=delivery_today&origin=all&q=${encodeURIComponent(mark)}`);
  await expect(
    page.getByRole('table', { name: 'Shipping Orders' }).getByRole('link', { name: secondName }),
  ).toBeVisible();
});

test("the admin adds a container, loads an order into it, and the container's departure reaches the order's timeline", async ({
  page,
}, testInfo) => {
  test.slow();
  const description = uniqueText(testInfo, 'Rattan chairs to ship');
  const orderPath = await orderFromNewRequest(page, description, 'JHI/E2E/04');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const containerNumber = `E2E ${testInfo.project.name.toUpperCase()} ${Date.now().toString().slice(-7)}`;

  await switchTo(page, ADMIN.email);
  await open(page, '/apps/shipping/container');
  await page.getByRole('link', { name: 'New container' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New container' })).toBeVisible();
  await page.getByLabel('Container number').fill(containerNumber);
  await page.getByLabel('Type').selectOption({ label: 'Dry' });
  await page.getByRole('combobox', { name: 'Size' }).selectOption({ label: '20 ft' });
  await page.getByLabel('Origin').selectOption({ label: 'Vietnam' });
  await page.getByLabel('Destination').fill('Port Said, Egypt');
  await page.getByLabel('Vessel').fill('Wan Hai 312');
  await page.getByLabel('Departure date').fill('2026-12-10');
  await page.getByLabel('Arrival date').fill('2026-12-01');
  await page.getByRole('button', { name: 'New container' }).click();
  // Refused with the reason under the field, and what was typed kept.
  await expect(page.getByLabel('Arrival date')).toHaveAccessibleDescription(
    'The arrival cannot be before the departure.',
  );
  await expect(page.getByLabel('Vessel')).toHaveValue('Wan Hai 312');
  await page.getByLabel('Arrival date').fill('2027-01-06');
  await page.getByRole('button', { name: 'New container' }).click();
  await expect(page).toHaveURL(/\/apps\/shipping\/container\/\d+$/);
  const containerPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: containerNumber })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '0 of 33 CBM' })).toBeVisible();

  // Loaded: the order is inside, the container is loading.
  const load = page.getByRole('form', { name: 'Load orders' });
  await load.getByRole('button', { name: 'Load into the container' }).click();
  await expect(load.getByText('Tick at least one order to load.')).toBeVisible();
  await load.getByRole('checkbox', { name: new RegExp(number) }).check();
  await load.getByRole('button', { name: 'Load into the container' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 order was loaded.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Loading');
  await expect(page.getByRole('button', { name: `Take ${number} out of the container` })).toBeVisible();

  // The departure, added once, is on the order's timeline; the container has departed.
  const event = page.getByRole('form', { name: 'Add an event' });
  await event.getByLabel('Milestone').selectOption({ label: 'Departed origin' });
  await event.getByLabel('Place').fill('Cat Lai port');
  await event.getByRole('button', { name: 'Add to every order inside' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The event was added to 1 order.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Departed');
  // A departed container gives no order back and takes none.
  await expect(page.getByRole('button', { name: `Take ${number} out of the container` })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Load orders' })).toHaveCount(0);

  await open(page, orderPath);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('In Transit');
  const step = page.locator('#tracking').getByRole('listitem').filter({ hasText: 'Cat Lai port' });
  await expect(step).toContainText('Departed origin');
  await expect(step).toContainText(`Container ${containerNumber}`);
  await expect(page.getByRole('definition').filter({ hasText: containerNumber })).toBeVisible();

  // A mistaken place is corrected on the order's timeline.
  // The disclosure's summary, named by its hidden text (works without JavaScript too).
  await step.locator('summary', { hasText: 'Edit the event “Departed origin”' }).click();
  const correction = step.getByRole('form', { name: 'Correct a tracking event' });
  await correction.getByLabel('Place').fill('Cat Lai terminal, Ho Chi Minh City');
  await correction.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The tracking event was corrected.' }),
  ).toBeVisible();
  await expect(
    page.locator('#tracking').getByRole('listitem').filter({ hasText: 'Cat Lai terminal' }),
  ).toContainText('Departed origin');

  // On to delivery: arrived and cleared by edits, then delivered with the receiver's name.
  for (const status of ['Arrived', 'Cleared'] as const) {
    await page.getByRole('link', { name: 'Edit order' }).click();
    await page.getByLabel('Status').selectOption({ label: status });
    await page.getByLabel('Location').fill('Port Said');
    await page.getByRole('button', { name: 'Save the order' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${number} saved.` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(status);
  }
  const delivery = page.getByRole('form', { name: 'Mark the delivery done' });
  await delivery.getByLabel('Received by').fill('Mona Aziz');
  await delivery.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Delivered');

  // The order's history tells who did what.
  const history = page.getByRole('heading', { level: 2, name: 'History' }).locator('..');
  await expect(history).toContainText(`Container: (none) → ${containerNumber}`);
  await expect(history).toContainText('Tracking event corrected');
  await expect(history).toContainText('Status: Arrived → Cleared');
  await expect(history).toContainText('Delivered');
  await expect(history).toContainText(ADMIN.name);

  // The container's page is the admin's.
  await switchTo(page, AGENT.email);
  const refused = await page.goto(containerPath);
  expect(refused?.status()).toBe(403);
});
