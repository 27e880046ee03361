// Quotes end to end (JavaScript on and off): a customer asks for a quotation; staff prepare a priced
// quote from the request and send it; the customer reads it, downloads its PDF and accepts it, which makes
// the shipping order; another customer gets 404. A declined quote carries its reason to staff, and a
// revision replaces the version sent.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, CLIENT, CLIENT2, open, signInAs, switchTo, uniqueText } from './support';

/** The customer sends a request for quotation (to Jebel Ali unless said); it opens on its page. Its number. */
async function askForQuotation(
  page: Page,
  words: string,
  destination = 'Jebel Ali, United Arab Emirates',
): Promise<number> {
  await open(page, '/apps/request-for-quotation');
  await page.getByLabel('Category').selectOption({ label: 'Toys and games' });
  await page.getByLabel('Container type').selectOption({ label: 'Groupage' });
  await page.getByLabel('Origin').selectOption({ label: 'China' });
  await page.getByLabel('Destination').selectOption({ label: destination });
  await page.getByLabel('CBMs required').fill('14');
  await page.getByLabel('Description').fill(words);
  await page.getByRole('button', { name: 'Send the request' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'has been sent' });
  await expect(sent).toBeVisible();
  const id = Number(/#(\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await expect(page).toHaveURL(new RegExp(`/apps/requests/${id}$`));
  return id;
}

/** Staff open the request and prepare its quote: the draft's page. */
async function prepareQuote(page: Page, requestId: number) {
  await open(page, `/apps/requests/${requestId}`);
  const quotes = page.getByRole('region', { name: 'Quotes' });
  await expect(quotes).toContainText('No quote yet.');
  await quotes.getByRole('button', { name: 'Prepare a quote' }).click();
  await expect(page).toHaveURL(/\/apps\/quotes\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'A draft quote was started.' })).toBeVisible();
}

/** One line of the editor, by its number. */
async function fillLine(
  page: Page,
  number: number,
  line: { kind: string; description: string; quantity: string; unit: string; price: string },
) {
  const group = page.getByRole('group', { name: `Line ${number}` });
  await group.getByLabel('Charge').selectOption({ label: line.kind });
  await group.getByLabel('Description').fill(line.description);
  await group.getByLabel('Quantity').fill(line.quantity);
  await group.getByLabel('Unit', { exact: true }).selectOption({ label: line.unit });
  await group.getByLabel('Unit price').fill(line.price);
}

test('a quotation request is priced by staff, and the customer accepts the quote, which makes the order', async ({
  page,
}, testInfo) => {
  test.slow();
  const words = uniqueText(testInfo, 'Wooden toys, 300 cartons');
  await signInAs(page, CLIENT.email);
  const requestId = await askForQuotation(page, words);
  // No rate for the lane: a price will come from staff.
  await expect(page.getByRole('region', { name: 'Quotes' })).toContainText(
    'No quote yet: we will send you a price.',
  );

  // Staff prepare the quote: the shipment comes from the request; they price it.
  await switchTo(page, AGENT.email);
  await prepareQuote(page, requestId);
  const editor = page.getByRole('form', { name: 'Prepare the quote' });
  const shipment = editor.getByRole('group', { name: 'Shipment' });
  await expect(shipment.getByLabel('Category')).toHaveValue('toys_games');
  await expect(shipment.getByLabel('Volume (CBM)')).toHaveValue('14');
  // Sending without a priced line is refused, and says why; what was typed stays.
  await page.getByLabel('Transit time (days)').fill('28');
  await editor.getByRole('button', { name: 'Save and send to the customer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Add at least one line with a price' }),
  ).toBeVisible();
  await expect(page.getByLabel('Transit time (days)')).toHaveValue('28');

  await fillLine(page, 1, {
    kind: 'Freight',
    description: 'Ocean freight Shenzhen to Jebel Ali',
    quantity: '14',
    unit: 'CBM',
    price: '85.50',
  });
  await fillLine(page, 2, {
    kind: 'Customs',
    description: 'Import clearance',
    quantity: '1',
    unit: 'Shipment',
    price: '240',
  });
  await page.getByLabel('Transit time (days)').fill('28');
  await page.getByLabel('Incoterm').selectOption('FOB');
  await page.getByRole('button', { name: 'Save and send to the customer' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The quote was sent to Nile Star Trading.' }),
  ).toBeVisible();
  const quoteUrl = new URL(page.url()).pathname;
  const sheet = page.getByRole('article');
  await expect(sheet).toContainText('$1,437.00');
  await expect(page.getByRole('form', { name: 'Prepare the quote' })).toHaveCount(0);
  const number = (/QT-\d{4}-\d{4}/.exec(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  ) ?? [''])[0];
  expect(number).toMatch(/^QT-/);

  // Another customer cannot open it.
  await switchTo(page, CLIENT2.email);
  const refused = await page.goto(quoteUrl);
  expect(refused?.status()).toBe(404);

  // The customer finds it in the quotes list and on the request, reads it, downloads it and accepts it.
  await switchTo(page, CLIENT.email);
  await open(page, '/apps/quotes');
  await expect(page).toHaveTitle('Quotes · Harbour Freight');
  const row = page.getByRole('row').filter({ hasText: `#${requestId}` });
  await expect(row).toContainText('Awaiting answer');
  await row.getByRole('link', { name: `${number} v1` }).click();
  await expect(page).toHaveURL(quoteUrl);
  await expect(page.getByRole('article')).toContainText('Ocean freight Shenzhen to Jebel Ali');
  await expect(page.getByRole('article')).toContainText('Transit time: 28 days');

  const pdf = await page.request.get(`${quoteUrl}/download?format=pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`${number}-v1.pdf`);

  await page.getByRole('button', { name: 'Accept and book the shipment' }).click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`You accepted quote ${number}: here is your shipping order SO-`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SO-');

  // Staff see the decision on the quote.
  await switchTo(page, AGENT.email);
  await open(page, quoteUrl);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Accepted');
  await expect(page.getByRole('status').filter({ hasText: 'Accepted: shipping order' })).toBeVisible();
});

test('a declined quote tells staff why; a revision replaces the version sent', async ({ page }, testInfo) => {
  test.slow();
  const words = uniqueText(testInfo, 'Board games, 40 cartons');
  const reason = `Found a faster sailing (${testInfo.project.name}).`;
  await signInAs(page, CLIENT.email);
  const requestId = await askForQuotation(page, words);

  await switchTo(page, AGENT.email);
  await prepareQuote(page, requestId);
  await fillLine(page, 1, {
    kind: 'Freight',
    description: 'Ocean freight',
    quantity: '14',
    unit: 'CBM',
    price: '90',
  });
  await page.getByRole('button', { name: 'Save and send to the customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The quote was sent' })).toBeVisible();
  const firstUrl = new URL(page.url()).pathname;

  // The customer declines: a reason is required.
  await switchTo(page, CLIENT.email);
  await open(page, firstUrl);
  await page.getByRole('button', { name: 'Decline the quote' }).click();
  await expect(page.getByText('Say why you decline the quote.')).toBeVisible();
  await page.getByLabel('Why are you declining? (required)').fill(reason);
  await page.getByRole('button', { name: 'Decline the quote' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You declined the quote.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept and book the shipment' })).toHaveCount(0);

  // Staff read the reason and revise: version 2, with the lines of version 1, sent in its place.
  await switchTo(page, AGENT.email);
  await open(page, firstUrl);
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible();
  await page.getByRole('button', { name: 'Revise the quote' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A new version of the quote was started.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('v2');
  const line = page.getByRole('group', { name: 'Line 1' });
  await expect(line.getByLabel('Description')).toHaveValue('Ocean freight');
  await line.getByLabel('Unit price').fill('80');
  await page.getByRole('button', { name: 'Save and send to the customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The quote was sent' })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Declined');
  await expect(page.getByRole('article')).toContainText('$1,120.00');
});

test('an administrator keeps the rate table; a quotation request on a rated lane gets an indicative price at once', async ({
  page,
}, testInfo) => {
  test.slow();
  // A lane of its own per project: both run against one back office, and a lane's periods never overlap.
  const destination = testInfo.project.name === 'no-js' ? 'Alexandria, Egypt' : 'Dammam, Saudi Arabia';
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await signInAs(page, ADMIN.email);
  await open(page, '/apps/rates');
  await expect(page).toHaveTitle('Rates · Harbour Freight');
  const add = page.getByRole('form', { name: 'Add a rate' });
  const fill = async (from: string, to: string, price: string) => {
    await add.getByLabel('Origin').selectOption({ label: 'China' });
    await add.getByLabel('Destination').selectOption({ label: destination });
    await add.getByLabel('Container type').selectOption({ label: 'Groupage' });
    await add.getByLabel('Price').fill(price);
    await add.getByLabel('Minimum charge').fill('300');
    await add.getByLabel('Valid from').fill(from);
    await add.getByLabel('Valid until').fill(to);
    await add.getByRole('button', { name: 'Add the rate' }).click();
  };
  await fill(day(-1), day(30), '85');
  await expect(page.getByRole('status').filter({ hasText: 'The rate was added.' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Rates' }).getByRole('row').filter({ hasText: destination }),
  ).toContainText('$85.00 per CBM');
  // A second period of the lane may not overlap the first; what was typed stays.
  await fill(day(10), day(60), '90');
  await expect(page.getByText('Another rate of this lane is valid on some of these days')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a rate' }).getByLabel('Price')).toHaveValue('90');

  // The customer's request on that lane is priced on its page at once, as indicative.
  await switchTo(page, CLIENT.email);
  await askForQuotation(page, uniqueText(testInfo, 'Plush toys'), destination);
  const indicative = page.getByRole('note', { name: 'Indicative price' });
  await expect(indicative).toContainText('Indicative price: $1,190.00');
  await expect(indicative).toContainText('14 CBM at $85.00 per CBM');
  await expect(indicative).toContainText('indicative until we send you the quote');

  // Staff (not administrators) may not open the rate table.
  await switchTo(page, AGENT.email);
  const refused = await page.goto('/apps/rates');
  expect(refused?.status()).toBe(403);
});
