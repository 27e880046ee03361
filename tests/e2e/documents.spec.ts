// Invoices, statements and documents end to end (JavaScript on and off): the client's invoices; PDF and
// PNG rendered on the server (valid files poppler opens, in English, Arabic and Chinese); a share link
// that opens /invoice without an account and is refused once changed; another client gets nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { AGENT, CLIENT, CLIENT2, PORTAL_URL, open, signInAs, switchTo, translation } from './support';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let scratch: string;
test.beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'documents-e2e-'));
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes the PDF, checks pdftoppm renders its first page, and answers the text pdftotext reads. */
function openPdf(pdf: Buffer, name: string): string {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(scratch, `${name}-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, `${file}-page`]);
  expect(readFileSync(`${file}-page-1.png`).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** Where a word starts on the first page, in points from the left edge (pdftotext -bbox). */
function wordStart(pdf: Buffer, word: string): number {
  const file = path.join(scratch, `bbox-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  const match = new RegExp(`<word xMin="([\\d.]+)"[^>]*>${word}</word>`).exec(html);
  expect(match, `${word} on the first page`).not.toBeNull();
  return Number(match![1]);
}

async function downloaded(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

function invoiceLinks(page: Page) {
  return page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: /^INV-\d{4}-\d{4}$/ });
}

/** The client's first invoice: its number and id. */
async function firstInvoice(page: Page): Promise<{ name: string; id: string }> {
  await open(page, '/apps/invoice');
  const link = invoiceLinks(page).first();
  const name = (await link.textContent())!;
  const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
  return { name, id };
}

test('a client sees its invoices with totals, filters and search in the URL', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/invoice');
  await expect(page).toHaveTitle('Invoices · Harbour Freight');
  await expect(page.getByRole('definition').first()).toBeVisible();
  await expect(invoiceLinks(page)).toHaveCount(10);
  const filters = page.getByRole('navigation', { name: 'Invoice groups' });
  const statuses = () =>
    page.getByRole('table', { name: 'Invoices' }).locator('tbody tr td:last-child').allTextContents();
  await filters.getByRole('link', { name: /^Paid/ }).click();
  await expect(page).toHaveURL(/filter=paid/);
  await expect
    .poll(
      async () => {
        const shown = await statuses();
        return shown.length > 0 && shown.every((state) => state === 'Paid');
      },
      { message: 'only paid invoices are listed' },
    )
    .toBe(true);
  await filters.getByRole('link', { name: /^Unpaid/ }).click();
  await expect(page).toHaveURL(/filter=unpaid/);
  await expect
    .poll(
      async () => {
        const shown = await statuses();
        return shown.length > 0 && shown.every((state) => /^(Unpaid|Partially paid)/.test(state));
      },
      { message: 'only unpaid and partly paid invoices are listed' },
    )
    .toBe(true);

  const number = (await invoiceLinks(page).first().textContent())!;
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: 'Search' }).fill(number);
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(invoiceLinks(page)).toHaveText([number]);
});

test('a client downloads an invoice as a PDF and a PNG, in English, Arabic and Chinese', async ({ page }) => {
  test.slow();
  await signInAs(page, CLIENT.email);
  const invoice = await firstInvoice(page);
  await invoiceLinks(page).first().click();
  await expect(page).toHaveURL(`/apps/invoice/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
  await expect(page).toHaveTitle(`Invoice ${invoice.name} · Harbour Freight`);

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PDF of Invoice ${invoice.name}` }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toBe(`${invoice.name}.pdf`);
  const english = await downloaded(pdfDownload);
  const text = openPdf(english, 'invoice-en');
  // Left to right: the issuer's name starts on the left half of the A4 page (595 pt wide).
  expect(wordStart(english, 'Harbour')).toBeLessThan(595 / 2);
  expect(text).toContain(invoice.name);
  expect(text).toContain('Bill to');

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PNG of Invoice ${invoice.name}` }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe(`${invoice.name}.png`);
  expect((await downloaded(pngDownload)).subarray(0, 8)).toEqual(PNG_SIGNATURE);

  for (const language of ['ar', 'zh']) {
    const response = await page.request.get(`/apps/invoice/${invoice.id}/download?format=pdf`, {
      headers: { 'Accept-Language': language },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain(`attachment; filename="${invoice.name}.pdf"`);
    const pdf = await response.body();
    const localized = openPdf(pdf, `invoice-${language}`);
    // Arabic lays the page out right to left: the issuer's name moves to the right half.
    if (language === 'ar') expect(wordStart(pdf, 'Harbour')).toBeGreaterThan(595 / 2);
    // (The title has no lam-alef ligature, which PDF text extraction splits.)
    expect(localized).toContain(translation(language, 'billing', 'invoice.documentTitle'));
    expect(localized).toContain(invoice.name);
  }
  const png = await page.request.get(`/apps/invoice/${invoice.id}/download?format=png`, {
    headers: { 'Accept-Language': 'ar' },
  });
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(0, 8)).toEqual(PNG_SIGNATURE);
});

test('a shared invoice opens without an account; the link with one character changed is refused', async ({
  page,
  browser,
}) => {
  await signInAs(page, CLIENT.email);
  const invoice = await firstInvoice(page);
  await open(page, `/apps/invoice/${invoice.id}`);
  await page.getByRole('button', { name: `Share Invoice ${invoice.name}` }).click();
  const field = page.getByRole('textbox', { name: `Link to Invoice ${invoice.name}` });
  await expect(field).toBeVisible();
  const link = await field.inputValue();
  expect(link.startsWith(`${PORTAL_URL}/invoice?share=`)).toBe(true);

  const stranger = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  try {
    const visitor = await stranger.newPage();
    const opened = await visitor.goto(link);
    expect(opened?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
    await expect(visitor.getByText(invoice.name).first()).toBeVisible();
    const pdf = await visitor.request.get(
      `/invoice/download?${new URLSearchParams({ share: new URL(link).searchParams.get('share')!, format: 'pdf' })}`,
    );
    expect(pdf.status()).toBe(200);
    openPdf(await pdf.body(), 'shared-invoice');

    const share = new URL(link).searchParams.get('share')!;
    const changedAt = 5;
    const tampered = `${share.slice(0, changedAt)}${share[changedAt] === 'a' ? 'b' : 'a'}${share.slice(changedAt + 1)}`;
    const refused = await visitor.goto(`/invoice?share=${encodeURIComponent(tampered)}`);
    expect(refused?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
    await expect(visitor.getByText(invoice.name)).toHaveCount(0);
    const refusedFile = await visitor.request.get(
      `/invoice/download?${new URLSearchParams({ share: tampered, format: 'pdf' })}`,
    );
    expect(refusedFile.status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test('a shared link is listed under the invoice and, once revoked there, opens nothing', async ({
  page,
  browser,
}) => {
  await signInAs(page, CLIENT.email);
  const invoice = await firstInvoice(page);
  await open(page, `/apps/invoice/${invoice.id}`);
  await page.getByRole('button', { name: `Share Invoice ${invoice.name}` }).click();
  const field = page.getByRole('textbox', { name: `Link to Invoice ${invoice.name}` });
  await expect(field).toBeVisible();
  const link = await field.inputValue();

  const stranger = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  try {
    const visitor = await stranger.newPage();
    const opened = await visitor.goto(link);
    expect(opened?.status()).toBe(200);
    // The last policy a browser reads is the one it applies (the server's default may come first).
    expect(opened?.headers()['referrer-policy']).toMatch(/(^|,\s*)no-referrer$/);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');

    // Newest first: the link just made heads the list.
    await open(page, `/apps/invoice/${invoice.id}`);
    const links = page.getByRole('region', { name: 'Shared links' });
    await expect(links.getByRole('row')).not.toHaveCount(0);
    await links
      .getByRole('button', { name: /^Revoke the link made / })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'The link was revoked' })).toBeVisible();

    const refused = await visitor.goto(link);
    expect(refused?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
    await expect(visitor.getByText(invoice.name)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("another client cannot read a client's invoice by id or by number", async ({ page }) => {
  await signInAs(page, CLIENT.email);
  const invoice = await firstInvoice(page);

  await switchTo(page, CLIENT2.email);
  const view = await page.goto(`/apps/invoice/${invoice.id}`);
  expect(view?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const file = await page.request.get(`/apps/invoice/${invoice.id}/download?format=pdf`);
  expect(file.status()).toBe(404);
  await open(page, '/apps/invoice');
  await page.getByRole('textbox', { name: 'Invoice number' }).fill(invoice.name);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toHaveText(`No invoice numbered ${invoice.name} was found.`);
  await expect(page).toHaveURL(/\/apps\/invoice\?number=/);
  await expect(invoiceLinks(page).filter({ hasText: invoice.name })).toHaveCount(0);
});

test("staff open any customer's invoice by its number and list a chosen customer's invoices", async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  const invoice = await firstInvoice(page);
  await switchTo(page, AGENT.email);
  await open(page, '/apps/invoice');
  await expect(page.getByText('Choose a customer to see their invoices')).toBeVisible();
  await page.getByRole('textbox', { name: 'Invoice number' }).fill(invoice.name.toLowerCase());
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`/apps/invoice/${invoice.id}`);
  await expect(page.getByText(invoice.name).first()).toBeVisible();

  await open(page, '/apps/invoice');
  await page.getByRole('combobox', { name: 'Customer' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Show invoices' }).click();
  await expect(page).toHaveURL(/customer=\d+/);
  await expect(page.getByRole('navigation', { name: 'Invoice groups' })).toBeVisible();
});

test('a statement over a period shows its balances, downloads as PDF, and a wrong period is explained', async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/statement');
  await expect(page).toHaveTitle('Statement of account · Harbour Freight');
  await expect(page.getByText('Opening balance').first()).toBeVisible();
  await expect(page.getByText('Closing balance').first()).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download PDF of Statement of account / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(openPdf(await downloaded(download), 'statement')).toContain('Closing balance');

  // The demo customer's whole history: several pages, each with its number; the totals once, at the end.
  const history = await page.request.get('/apps/statement/download?from=2020-01-01&to=2030-12-31&format=pdf');
  expect(history.status()).toBe(200);
  const pdf = Buffer.from(await history.body());
  const text = openPdf(pdf, 'statement-history');
  // Laid out as printed, each page ends with its footer: its number and how many there are.
  const file = path.join(scratch, `statement-layout-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const laidOut = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const pages = laidOut.split('\f').filter((sheet) => sheet.trim() !== '');
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((sheet, index) =>
    expect(sheet.trim()).toMatch(new RegExp(`${index + 1}\\s*/\\s*${pages.length}$`)),
  );
  // Once in the summary at the top, once under the lines: never at the foot of each page.
  expect(text.match(/Closing balance/g)).toHaveLength(2);
  expect(pages.at(-1)).toContain('Closing balance');

  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-06-30');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Show statement' }).click();
  await expect(page.getByRole('alert')).toHaveText('The start of the period must come before its end.');
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('2026-06-30');
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue('2026-01-01');
});

test('a clearance receipt and a loan summary download as PDF and PNG; a failed download says so', async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping');
  const order = page
    .getByRole('table', { name: 'My Shipping Orders' })
    .getByRole('link', { name: /^SO-/ })
    .first();
  const orderId = (await order.getAttribute('href'))!.split('/').at(-1)!;
  const receipt = await page.request.get(`/apps/shipping/clearance-receipt/${orderId}/download?format=pdf`);
  expect(receipt.status()).toBe(200);
  expect(openPdf(await receipt.body(), 'receipt')).toContain('Clearance receipt');

  await open(page, '/apps/loans');
  const loan = (await page
    .getByRole('table', { name: 'My Loans' })
    .getByRole('link', { name: /^LN-/ })
    .first()
    .textContent())!;
  await open(page, `/apps/loan/loan-details/${loan}`);
  await page.getByRole('link', { name: 'Loan summary (view, PDF, PNG, share)' }).click();
  await expect(page).toHaveURL(`/apps/loan/loan-details/${loan}/summary`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan summary' })).toBeVisible();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PNG of Loan summary ${loan}` }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`${loan}-summary.png`);
  expect((await downloaded(png)).subarray(0, 8)).toEqual(PNG_SIGNATURE);

  await open(page, `/apps/loan/loan-details/${loan}/summary?download_failed=pdf`);
  await expect(page.getByRole('alert')).toHaveText(
    'The PDF could not be prepared. Please try again in a moment.',
  );
  const wrongFormat = await page.request.get(`/apps/loan/loan-details/${loan}/summary/download?format=docx`);
  expect(wrongFormat.status()).toBe(404);
});
