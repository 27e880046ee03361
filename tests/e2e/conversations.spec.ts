// A conversation on a shipping order, with JavaScript and without: the customer asks with a file, staff
// find it among their unread conversations, open the file, add an internal note and answer; the customer
// is told, reads the answer and never the note; reading clears the unread count.
import { expect, test, type Page } from '@playwright/test';
import { AGENT, CLIENT, open, signInAs, smallPdf, switchTo, uniqueText } from './support';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function write(page: Page, text: string, internal = false, file?: { name: string; buffer: Buffer }) {
  const form = page.getByRole('form', { name: 'Write a message' });
  await form.getByRole('textbox', { name: 'Message' }).fill(text);
  if (file) await form.getByLabel('Attachments').setInputFiles({ ...file, mimeType: 'application/pdf' });
  if (internal) await form.getByRole('checkbox', { name: /Internal note/ }).check();
  await form.getByRole('button', { name: 'Send' }).click();
}

test('the customer asks about an order, staff answer with an internal note aside; unread counts follow', async ({
  page,
}, testInfo) => {
  test.slow();
  const question = uniqueText(testInfo, 'When does it leave Shenzhen?');
  const note = uniqueText(testInfo, 'Booked on the 12th; check the seal');
  const answer = uniqueText(testInfo, 'It leaves on the 12th');

  // An order of its own per project, so that the two runs keep apart.
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping');
  const orders = page.getByRole('table').first().getByRole('link');
  await orders.nth(testInfo.project.name === 'no-js' ? 1 : 0).click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+/);
  const orderPath = new URL(page.url()).pathname;
  // With JavaScript the URL changes before the order's page shows: wait for its heading.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/SO-/);
  const orderName = (await heading.textContent())?.match(/SO-[\w-]+/)?.[0];
  expect(orderName).toBeTruthy();

  // Nothing typed: refused, nothing sent.
  await page.getByRole('form', { name: 'Write a message' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('form', { name: 'Write a message' }).getByText(/required/i)).toBeVisible();
  const packing = {
    name: `packing-${testInfo.project.name}.pdf`,
    buffer: smallPdf(`Packing list ${question}`),
  };
  await write(page, question, false, packing);
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent.' })).toBeVisible();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem').filter({ hasText: question })).toContainText('Customer');
  await expect(thread.getByRole('link', { name: packing.name })).toBeVisible();

  // Staff find it among their unread conversations.
  await switchTo(page, AGENT.email);
  await open(page, '/dashboards/modern');
  await expect(menu(page).getByRole('link', { name: /^Messages.*unread/ })).toBeVisible();
  await open(page, '/apps/conversations?show=unread');
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('unread');
  await row.getByRole('link', { name: `Shipping order ${orderName}` }).click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}`));
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(question);
  // The customer's file, as it was sent.
  const file = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: packing.name });
  const href = await file.getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(packing.buffer)).toBe(true);
  await write(page, note, true);
  await expect(page.getByRole('status').filter({ hasText: 'The internal note was added.' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: note }),
  ).toContainText('Internal note');
  await write(page, answer);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(answer);
  // Read by staff: it no longer waits among their unread conversations.
  await open(page, '/apps/conversations?show=unread');
  await expect(page.getByRole('row').filter({ hasText: question })).toHaveCount(0);

  // The customer is told, reads the answer, never the note.
  await switchTo(page, CLIENT.email);
  await open(page, '/apps/notifications');
  await expect(page.getByRole('link', { name: `New message on ${orderName}` }).first()).toBeVisible();
  await open(page, '/apps/conversations?show=unread');
  await expect(page.getByRole('row').filter({ hasText: answer })).toContainText('1 unread');
  await open(page, orderPath);
  const seen = page.getByRole('list', { name: 'Messages' });
  await expect(seen).toContainText(answer);
  await expect(seen.getByRole('listitem').filter({ hasText: answer })).toContainText('Staff');
  await expect(page.getByText(note)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Internal note/ })).toHaveCount(0);
  await open(page, '/apps/conversations?show=unread');
  await expect(page.getByRole('row').filter({ hasText: answer })).toHaveCount(0);
});
