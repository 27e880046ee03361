// Customers' requests: the client sends them (with attachments), staff review them, the client sees the
// answer; what is refused and who may see what.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  AGENT,
  CLIENT,
  CLIENT2,
  open,
  pathOf,
  registerDirectly,
  signInAs,
  smallPdf,
  switchTo,
  uniqueEmail,
  uniqueText,
} from './support';

/** Fills in the shipping form's required choices and numbers (not the description or attachments). */
async function fillShippingDetails(page: Page) {
  await page.getByLabel('Category').selectOption({ label: 'Electronics and accessories' });
  await page.getByLabel('Container type').selectOption({ label: 'Full Container Load' });
  await page.getByLabel('Origin').selectOption({ label: 'China' });
  await page.getByLabel('CBMs required').fill('12.5');
}

/** The request list's search form: fill in the words (and a status), apply. */
async function searchRequests(page: Page, words: string, status?: string) {
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Search' }).fill(words);
  if (status) await search.getByLabel('Status').selectOption({ label: status });
  await search.getByRole('button', { name: 'Apply' }).click();
  // The list answered the search: what is done next starts from the searched list's address (a newest
  // request shows on the unsearched first page too, before the search has arrived).
  await expect(page).toHaveURL(/[?&]q=/);
}

/** The id in "Your request #12 has been sent." and the like. */
async function idIn(notice: ReturnType<Page['getByRole']>): Promise<number> {
  const text = (await notice.textContent()) ?? '';
  const id = Number(/#(\d+)/.exec(text)?.[1]);
  expect(id, `a request number in "${text}"`).toBeGreaterThan(0);
  return id;
}

test('a client sends a shipping request with a PDF; staff approve it; only that client sees it', async ({
  page,
}, testInfo) => {
  // Four people's turns (send, download, review, look) on a busy machine.
  test.slow();
  const description = uniqueText(testInfo, 'LED lamps, 40 cartons, acceptance');
  const filename = `invoice-${testInfo.project.name}-${Date.now().toString(36)}.pdf`;
  const pdf = smallPdf(`Commercial invoice for ${description}`);
  const note = `Booked on the next sailing (${testInfo.project.name}).`;

  // The client sends the request.
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/request-for-shipping');
  await expect(page).toHaveTitle('Request for Shipping · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Request for Shipping' })).toBeVisible();
  await expect(page.getByLabel('Expected revenue')).toHaveValue('0.0');
  await fillShippingDetails(page);
  await page.getByLabel('Description').fill(description);
  await page
    .getByLabel('Attachments')
    .setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Send the request' }).click();

  await expect(page).toHaveURL(/\/apps\/send-client-requests$/);
  const sent = page.getByRole('status').filter({ hasText: 'has been sent' });
  await expect(sent).toHaveText(/^Your request #\d+ has been sent\. We will answer here\.$/);
  const id = await idIn(sent);
  // Said once: the address is clean, and a reload does not say it again.
  expect(pathOf(page)).toBe('/apps/send-client-requests');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'has been sent' })).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: `#${id}`, exact: true })).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  // Titled by its service and category in the reader's language, its other choices on a line below.
  await expect(
    row.getByRole('link', { name: 'Shipping — Electronics and accessories', exact: true }),
  ).toBeVisible();
  await expect(row).toContainText('China · Full Container Load · 12.5 m³');
  await expect(row).not.toContainText('Container type:');
  await expect(row.getByRole('cell', { name: 'Shipping', exact: true })).toBeVisible();
  const link = row.getByRole('link', { name: `Download ${filename}` });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/apps/requests/${id}/attachments/\\d+$`));

  // Downloading it gives the very bytes sent.
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(filename);
  expect((await readFile(await download.path())).equals(pdf), 'the downloaded file is the one sent').toBe(
    true,
  );

  // The agent finds it among the pending requests and approves it with a note.
  await switchTo(page, AGENT.email);
  const asStaff = await page.request.get(href!);
  expect(asStaff.status(), `${href} for ${AGENT.email}`).toBe(200);
  expect((await asStaff.body()).equals(pdf), 'the file staff download is the one sent').toBe(true);
  await open(page, '/apps/client-service-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer requests' })).toBeVisible();
  await searchRequests(page, description, 'Pending');
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
  const staffRow = page.getByRole('row').filter({ hasText: description });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText(CLIENT.email);
  await expect(staffRow.getByRole('link', { name: `Download ${filename}` })).toBeVisible();
  const review = staffRow.getByRole('form', { name: `Review request #${id}` });
  await review.getByLabel('Note to the customer (needed to reject)').fill(note);
  await review.getByRole('button', { name: 'Approve' }).click();
  // A second step: what the decision will be, with the note the customer will read.
  const confirm = staffRow.getByRole('form', { name: `Confirm the decision on request #${id}` });
  await expect(confirm).toContainText(`Approve request #${id}?`);
  await expect(confirm).toContainText(note);
  await confirm.getByRole('button', { name: 'Yes, approve' }).click();

  await expect(page.getByRole('status').filter({ hasText: `Request #${id} is now` })).toHaveText(
    `Request #${id} is now Approved.`,
  );
  await expect(page).not.toHaveURL(/reviewed=/);
  // It is no longer pending: the search (kept in the URL) finds it no more with that filter...
  await expect(page.getByText('No requests match.')).toBeVisible();
  // ...and without the filter it shows as approved, with no review form left.
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(description)}`);
  await expect(staffRow.getByText('Approved', { exact: true })).toBeVisible();
  await expect(staffRow.getByRole('form')).toHaveCount(0);

  // The client sees the answer and the note.
  await switchTo(page, CLIENT.email);
  await open(page, '/apps/send-client-requests');
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row).toContainText(note);
  await expect(row.getByText('Pending', { exact: true })).toHaveCount(0);

  // Another client neither sees it nor can download its attachment.
  await switchTo(page, CLIENT2.email);
  await open(page, '/apps/send-client-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'My requests' })).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(0);
  await open(page, `/apps/send-client-requests?q=${encodeURIComponent(description)}`);
  await expect(page.getByText('No requests match.')).toBeVisible();
  const stolen = await page.request.get(href!, { maxRedirects: 0 });
  expect(stolen.status(), `${href} for ${CLIENT2.email}`).toBe(404);
  expect((await stolen.body()).includes(pdf.subarray(0, 8))).toBe(false);
});

test('a request has its own page: the client reads it whole, staff decide there, the client sees the decision', async ({
  page,
}, testInfo) => {
  test.slow();
  const words = uniqueText(testInfo, 'Forty cartons of LED lamps');
  const description = `${words}\nSecond line: keep dry, no stacking.`;
  const reason = `No space before March (${testInfo.project.name}).`;

  await signInAs(page, CLIENT.email);
  await open(page, '/apps/request-for-shipping');
  await fillShippingDetails(page);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/apps\/send-client-requests$/);
  const id = await idIn(page.getByRole('status').filter({ hasText: 'has been sent' }));

  // From the list, by its number, to its page: the details as fields, the text whole.
  const row = page.getByRole('row').filter({ hasText: words });
  await row.getByRole('link', { name: `#${id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/requests/${id}$`));
  await expect(page).toHaveTitle(`Request #${id} · Harbour Freight`);
  await expect(page.getByRole('heading', { level: 1, name: `#${id}` })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Shipping — Electronics and accessories' }),
  ).toBeVisible();
  const details = page.getByRole('region', { name: 'What was asked' });
  await expect(details).toContainText('Electronics and accessories');
  await expect(details).toContainText('Full Container Load');
  await expect(details).toContainText('China');
  await expect(details).toContainText('12.5');
  const text = page.getByRole('region', { name: 'Description' });
  await expect(text).toContainText(words);
  await expect(text).toContainText('Second line: keep dry, no stacking.');
  await expect(text).not.toContainText('Container type:');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Sent by Nile Star Trading');
  // A customer reads it; the decision is not theirs.
  await expect(page.getByRole('region', { name: 'Decision' })).toHaveCount(0);

  // Staff open it from their list and reject it there, with the reason.
  await switchTo(page, AGENT.email);
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(words)}`);
  await page
    .getByRole('row')
    .filter({ hasText: words })
    .getByRole('link', { name: 'Shipping — Electronics and accessories' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/apps/requests/${id}$`));
  await expect(page.getByRole('region', { name: 'What was asked' })).toContainText('Nile Star Trading');
  const decision = page.getByRole('region', { name: 'Decision' });
  // A rejection says why: without a note it is refused, and the request stays pending.
  await decision.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('region', { name: 'Decision' }).getByRole('alert')).toHaveText(
    'Say why you reject the request: the customer reads the note.',
  );
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await decision.getByLabel('Note to the customer (needed to reject)').fill(reason);
  await decision.getByRole('button', { name: 'Reject' }).click();
  // Changing the decision brings the note back as typed; then reject, and confirm.
  await decision.getByRole('button', { name: 'Change the decision' }).click();
  await expect(decision.getByLabel('Note to the customer (needed to reject)')).toHaveValue(reason);
  await decision.getByRole('button', { name: 'Reject' }).click();
  await expect(decision).toContainText(`Reject request #${id}?`);
  await decision.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Request #${id} is now` })).toHaveText(
    `Request #${id} is now Rejected.`,
  );
  await expect(page).toHaveURL(new RegExp(`/apps/requests/${id}$`));
  await expect(page.getByRole('region', { name: 'Decision' })).toHaveCount(0);

  // The customer sees who decided and why.
  await switchTo(page, CLIENT.email);
  await open(page, `/apps/requests/${id}`);
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`Rejected by ${AGENT.name}`);
  await expect(history).toContainText(reason);

  // Staff reopen it with a note (refused without one), after a second step; it can be decided again.
  await switchTo(page, AGENT.email);
  await open(page, `/apps/requests/${id}`);
  const reopen = page.getByRole('region', { name: 'Reopen' });
  await reopen.getByRole('button', { name: 'Reopen the request' }).click();
  await expect(page.getByRole('region', { name: 'Reopen' }).getByRole('alert')).toHaveText(
    'Say why you reopen the request: the customer reads the note.',
  );
  const why = `The invoice arrived (${testInfo.project.name}).`;
  await reopen.getByLabel('Why it is reopened (the customer reads it)').fill(why);
  await reopen.getByRole('button', { name: 'Reopen the request' }).click();
  await expect(reopen.getByRole('status')).toContainText(`Reopen request #${id}?`);
  await reopen.getByRole('button', { name: 'Yes, reopen' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Request #${id} was reopened` })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decision' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reopen' })).toHaveCount(0);
  await switchTo(page, CLIENT.email);
  await open(page, `/apps/requests/${id}`);
  const steps = page.getByRole('region', { name: 'History' });
  await expect(steps).toContainText(`Rejected by ${AGENT.name}`);
  await expect(steps).toContainText(`Reopened by ${AGENT.name}`);
  await expect(steps).toContainText(why);

  // Another customer's request is not found.
  await switchTo(page, CLIENT2.email);
  const stolen = await page.request.get(`/apps/requests/${id}`, { maxRedirects: 0 });
  expect(stolen.status()).toBe(404);
});

test('the client corrects a pending request on its form, then withdraws it; then it is read-only for both sides', async ({
  page,
}, testInfo) => {
  test.slow();
  const words = uniqueText(testInfo, 'Spare parts for looms');
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/request-for-shipping');
  await fillShippingDetails(page);
  await page.getByLabel('Description').fill(words);
  await page.getByRole('button', { name: 'Send the request' }).click();
  const id = await idIn(page.getByRole('status').filter({ hasText: 'has been sent' }));
  await open(page, `/apps/requests/${id}`);

  // The form it was sent with, started from what was sent; a refusal keeps what was typed.
  await page.getByRole('link', { name: 'Correct the request' }).click();
  await expect(page).toHaveTitle(`Correct request #${id} · Harbour Freight`);
  await expect(page.getByLabel('CBMs required')).toHaveValue('12.5');
  await expect(page.getByLabel('Description')).toHaveValue(words);
  await page.getByLabel('CBMs required').fill('0');
  await page.getByLabel('Description').fill(`${words} (corrected)`);
  await page.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.getByLabel('CBMs required')).toHaveAccessibleDescription(/greater than zero/);
  await expect(page.getByLabel('Description')).toHaveValue(`${words} (corrected)`);
  await page.getByLabel('CBMs required').fill('9');
  await page.getByLabel('Origin').selectOption({ label: 'Vietnam' });
  await page.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/requests/${id}$`));
  await expect(page.getByRole('status').filter({ hasText: `Request #${id} was corrected.` })).toBeVisible();
  const details = page.getByRole('region', { name: 'What was asked' });
  await expect(details).toContainText('Vietnam');
  await expect(details).not.toContainText('12.5');
  await expect(page.getByRole('region', { name: 'Description' })).toContainText(`${words} (corrected)`);

  // Withdrawn after a second step.
  await page.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Withdraw request #${id}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Request #${id} was withdrawn.` })).toBeVisible();
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Withdrawn by');
  await expect(page.getByRole('link', { name: 'Correct the request' })).toHaveCount(0);
  await open(page, `/apps/requests/${id}/edit`);
  await expect(
    page.getByText('This request was decided or withdrawn: it can no longer be changed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the correction' })).toHaveCount(0);

  // Staff find it under Withdrawn, with nothing to decide.
  await switchTo(page, AGENT.email);
  await open(page, `/apps/client-service-requests?q=${encodeURIComponent(words)}&status=withdrawn`);
  await expect(page.getByRole('row').filter({ hasText: words })).toContainText('Withdrawn');
  await open(page, `/apps/requests/${id}`);
  await expect(page.getByRole('region', { name: 'Decision' })).toHaveCount(0);
});

test('an empty shipping form shows the errors on the fields and keeps what was typed', async ({ page }) => {
  await signInAs(page, CLIENT2.email);
  await open(page, '/apps/request-for-shipping');
  await page.getByLabel('Description').fill('Only a description so far');
  await page.getByLabel('Expected revenue').fill('250');
  await page.getByRole('button', { name: 'Send the request' }).click();

  for (const label of ['Category', 'Container type', 'Origin']) {
    const select = page.getByLabel(label);
    await expect(select, label).toHaveAttribute('aria-invalid', 'true');
    await expect(select, label).toHaveAccessibleDescription('Choose one of the options.');
  }
  const cbm = page.getByLabel('CBMs required');
  await expect(cbm).toHaveAttribute('aria-invalid', 'true');
  await expect(cbm).toHaveAccessibleDescription('This field is required.');
  await expect(page).toHaveURL('/apps/request-for-shipping');
  await expect(page.getByLabel('Description')).toHaveValue('Only a description so far');
  await expect(page.getByLabel('Expected revenue')).toHaveValue('250');
});

test('a file of a forbidden type is refused by name; the form keeps the rest', async ({ page }, testInfo) => {
  const description = uniqueText(testInfo, 'Forbidden attachment');
  await signInAs(page, CLIENT2.email);
  await open(page, '/apps/request-for-shipping');
  await fillShippingDetails(page);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Attachments').setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ\x90\x00 not a document', 'latin1'),
  });
  const message = 'tool.exe: this type of file is not accepted. Use PDF, images, office documents or CSV.';
  const attachments = page.getByLabel('Attachments');
  if (testInfo.project.use.javaScriptEnabled !== false) {
    // With JavaScript the browser refuses the file as it is chosen, before anything is sent.
    await expect(page.getByRole('alert').filter({ hasText: 'tool.exe' })).toHaveText(
      `${message} The files were not added: choose them again.`,
    );
    await expect(attachments).toHaveValue('');
  } else {
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'tool.exe' })).toHaveText(message);
    await expect(attachments).toHaveAccessibleDescription(
      /Attachments are not kept when the form comes back: choose them again\.$/,
    );
  }
  await expect(attachments).toHaveAttribute('aria-invalid', 'true');
  await expect(attachments).toHaveAccessibleDescription(new RegExp(`^${message.replace(/\./g, '\\.')}`));
  await expect(page).toHaveURL('/apps/request-for-shipping');
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await expect(page.getByLabel('Category')).toHaveValue('electronics_accessories');
  await expect(page.getByLabel('CBMs required')).toHaveValue('12.5');

  // A file named like a PDF that is not one is refused too.
  await attachments.setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text, not a PDF'),
  });
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(attachments).toHaveAccessibleDescription(
    /^One of the files does not contain what its name says\. Check the attachments and try again\./,
  );
  await expect(page.getByLabel('Description')).toHaveValue(description);

  // Nothing was sent.
  await open(page, `/apps/send-client-requests?q=${encodeURIComponent(description)}`);
  await expect(page.getByText('No requests match.')).toBeVisible();
});

test("clients may not open the staff lists, staff may not open the clients' forms (403)", async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  for (const path of ['/apps/client-service-requests', '/apps/request-for-service']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' }), path).toBeVisible();
  }
  // Nor may a client post a decision (to a request that does not exist: nothing could change).
  const review = await page.request.post('/apps/client-service-requests', {
    form: { id: '999999', decision: 'approved' },
    maxRedirects: 0,
  });
  expect(review.status(), 'a review posted by a client').toBe(403);

  await switchTo(page, AGENT.email);
  for (const path of ['/apps/request-for-shipping', '/apps/send-client-requests']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' }), path).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  const sent = await page.request.post('/apps/send-request-for-service', {
    multipart: { service: 'other', description: 'Posted by staff' },
    maxRedirects: 0,
  });
  expect(sent.status(), 'a client request posted by staff').toBe(403);
});

test('a client sends a request for service and finds it in their list', async ({ page }, testInfo) => {
  const description = uniqueText(testInfo, 'Customs advice for cosmetics');
  await signInAs(page, CLIENT2.email);
  await open(page, '/apps/send-request-for-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Send a request for service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request for Shipping' }).last()).toHaveAttribute(
    'href',
    '/apps/request-for-shipping',
  );
  await page.getByLabel('Service').selectOption({ label: 'Other service' });
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send the request' }).click();

  await expect(page).toHaveURL(/\/apps\/send-client-requests$/);
  const id = await idIn(page.getByRole('status').filter({ hasText: 'has been sent' }));
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row.getByRole('cell', { name: `#${id}`, exact: true })).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Other service', exact: true })).toBeVisible();
});

test("the client's list pages by 10 in the URL, searches and filters by status", async ({
  page,
}, testInfo) => {
  test.slow();
  // A new customer, so that the count is known: eleven requests, sent without the form.
  await registerDirectly(page, 'Paging Tester', uniqueEmail(testInfo, 'paging'), 'a-long-password-1');
  const tag = uniqueText(testInfo, 'Paged');
  for (let n = 1; n <= 11; n++) {
    const response = await page.request.post('/apps/send-request-for-service', {
      multipart: { service: 'other', description: `${tag} number ${n}` },
      maxRedirects: 0,
    });
    expect(response.status(), `request ${n}`).toBe(302);
  }

  await open(page, '/apps/send-client-requests');
  const table = page.getByRole('table', { name: 'My requests' });
  await expect(page.getByRole('status').filter({ hasText: 'requests' })).toHaveText('11 requests');
  await expect(table.getByText(/ number \d+$/)).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByText('Page 1 of 2')).toBeVisible();
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/apps/send-client-requests?page=2');
  await expect(pages.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByText(/ number \d+$/)).toHaveCount(1);
  // The oldest is on the last page.
  await expect(table.getByText(`${tag} number 1`, { exact: true })).toBeVisible();
  await pages.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL('/apps/send-client-requests');
  await expect(table.getByText(`${tag} number 11`, { exact: true })).toBeVisible();

  // A search, then a status filter, both in the URL.
  await searchRequests(page, `${tag} number 7`);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('status').filter({ hasText: 'request' })).toHaveText('1 request');
  await expect(table.getByText(`${tag} number 7`, { exact: true })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`${tag} number 7`);
  await open(page, '/apps/send-client-requests');
  await searchRequests(page, '', 'Approved');
  await expect(page).toHaveURL(/[?&]status=approved(&|$)/);
  await expect(page.getByText('No requests match.')).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Status')).toHaveValue('approved');
  await page.getByRole('search').getByRole('link', { name: 'Clear' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'requests' })).toHaveText('11 requests');
});

test('an administrator rejects a shipping request with a note; the client sees why', async ({
  page,
}, testInfo) => {
  const description = uniqueText(testInfo, 'Tiles to be rejected');
  const note = 'Please attach the packing list.';
  // The client's request, sent without the form (the form has its own test).
  await signInAs(page, CLIENT2.email);
  const sent = await page.request.post('/apps/request-for-shipping', {
    multipart: {
      category: 'building_construction_material',
      containerType: 'groupage',
      origin: 'india',
      cbm: '3',
      expectedRevenue: '0.0',
      description,
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);

  await switchTo(page, ADMIN.email);
  await open(page, '/apps/shipping/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping requests' })).toBeVisible();
  // The shipping list has no type filter: it is shipping only.
  await expect(page.getByRole('search').getByLabel('Type')).toHaveCount(0);
  await searchRequests(page, description);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Jade Harbor Imports');
  const form = row.getByRole('form', { name: /^Review request #\d+$/ });
  await form.getByLabel('Note to the customer (needed to reject)').fill(note);
  await form.getByRole('button', { name: 'Reject' }).click();
  await row.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now' })).toHaveText(
    /^Request #\d+ is now Rejected\.$/,
  );
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/^[^#]*\/apps\/shipping\/requests\?/);

  await switchTo(page, CLIENT2.email);
  await open(page, `/apps/send-client-requests?q=${encodeURIComponent(description)}`);
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(row).toContainText(note);
});

test('staff file a request for a customer chosen on the customer page', async ({ page }, testInfo) => {
  const description = uniqueText(testInfo, 'Filed by staff');
  await signInAs(page, AGENT.email);
  await open(page, '/apps/customers?q=Jade%20Harbor');
  await page.getByRole('link', { name: 'View Jade Harbor Imports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jade Harbor Imports' })).toBeVisible();
  await page.getByRole('link', { name: 'File a request for this customer' }).click();

  await expect(page).toHaveURL(/\/apps\/request-for-service\?customer=\d+$/);
  const customerId = new URL(page.url()).searchParams.get('customer')!;
  await expect(page.getByRole('heading', { level: 1, name: 'Request for Service' })).toBeVisible();
  const customer = page.getByRole('combobox', { name: 'Customer', exact: true });
  await expect(customer).toHaveValue(customerId);
  await expect(
    customer.getByRole('option', { name: 'Jade Harbor Imports (Jade Harbor Imports Co., Ltd.)' }),
  ).toHaveAttribute('value', customerId);
  await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'Quotation' });
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'File the request' }).click();
  // A quotation names the shipment, as the customer's own form does; what was typed is kept.
  const category = page.getByRole('combobox', { name: 'Category', exact: true });
  await expect(category).toHaveAccessibleDescription('Choose one of the options.');
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await category.selectOption({ label: 'Furniture and home decor' });
  await page
    .getByRole('combobox', { name: 'Container type', exact: true })
    .selectOption({ label: 'Groupage' });
  await page.getByRole('combobox', { name: 'Origin', exact: true }).selectOption({ label: 'China' });
  await page.getByRole('combobox', { name: 'Destination', exact: true }).selectOption({ index: 1 });
  await page.getByRole('spinbutton', { name: 'CBMs required' }).fill('12.5');
  await page.getByRole('button', { name: 'File the request' }).click();

  await expect(page).toHaveURL(/\/apps\/request-for-service$/);
  const notice = page.getByRole('status').filter({ hasText: 'has been filed' });
  await expect(notice).toHaveText(/^Request #\d+ has been filed for the customer\.$/);
  const id = await idIn(notice);

  // It is the customer's request.
  await switchTo(page, CLIENT2.email);
  await open(page, `/apps/send-client-requests?q=${encodeURIComponent(description)}`);
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row.getByRole('cell', { name: `#${id}`, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Quotation', exact: true })).toBeVisible();
});

test('staff filing a request must choose the customer and the service', async ({ page }) => {
  await signInAs(page, ADMIN.email);
  await open(page, '/apps/request-for-service');
  await page.getByLabel('Description').fill('Kept after the refusal');
  await page.getByRole('button', { name: 'File the request' }).click();
  for (const label of ['Customer', 'Service']) {
    const select = page.getByRole('combobox', { name: label, exact: true });
    await expect(select, label).toHaveAttribute('aria-invalid', 'true');
    await expect(select, label).toHaveAccessibleDescription('Choose one of the options.');
  }
  await expect(page.getByLabel('Description')).toHaveValue('Kept after the refusal');
});
