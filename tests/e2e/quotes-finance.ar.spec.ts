// Quotations and trade finance in Arabic, right to left, found by their Arabic labels, with JavaScript
// and without: a quotation request priced at once from the rate table, then by staff, and accepted by
// the customer (its PDF downloads); a finance application approved with terms into a loan that a
// repayment then services.
import { formatMoney } from '../../app/components/format';
import { expect, test, type Page } from '@playwright/test';
import { AGENT, CLIENT, CLIENT2, open, signInAs, switchTo, translation, uniqueText } from './support';

/** A text in Arabic with its values put in as the portal does: a written value is isolated (FSI … PDI). */
const t = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) =>
      text.replaceAll(`{{${name}}}`, typeof value === 'string' ? `\u2068${value}\u2069` : String(value)),
    translation('ar', namespace, key),
  );

async function rightToLeft(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

test('in Arabic, staff price a quotation request and the customer downloads and accepts the quote', async ({
  page,
}, testInfo) => {
  test.slow();
  const words = uniqueText(testInfo, 'ألعاب خشبية');
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/request-for-quotation');
  await rightToLeft(page);
  await page.getByLabel(t('requests', 'fields.category')).selectOption('toys_games');
  await page.getByLabel(t('requests', 'fields.containerType')).selectOption('groupage');
  await page.getByLabel(t('requests', 'fields.origin')).selectOption('china');
  // A lane the demo rate table prices: $88 per CBM, $400 at least.
  await page.getByLabel(t('requests', 'fields.destination')).selectOption('port_said');
  await page.getByLabel(t('requests', 'fields.cbm')).fill('6');
  await page.getByLabel(t('requests', 'fields.description')).fill(words);
  await page.getByRole('button', { name: t('requests', 'fields.submit') }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/\d+$/);
  const requestPath = new URL(page.url()).pathname;
  // Priced at once from the rate table, in Arabic, as indicative: 6 CBM at $88.
  const money = (value: number) => formatMoney(value, 'USD', 'ar');
  const indicative = page.getByRole('note', { name: t('quotes', 'indicative.title') });
  await expect(indicative).toContainText(t('quotes', 'indicative.price', { price: money(528) }));
  await expect(indicative).toContainText(
    t('quotes', 'indicative.per_cbm', { quantity: '6', price: money(88) }),
  );

  await switchTo(page, AGENT.email);
  await open(page, requestPath);
  await page.getByRole('button', { name: t('quotes', 'request.prepare') }).click();
  await expect(page).toHaveURL(/\/apps\/quotes\/\d+$/);
  await rightToLeft(page);
  const line = page.getByRole('group', { name: t('quotes', 'editor.line', { number: 1 }) });
  await line.getByLabel(t('quotes', 'lines.kind')).selectOption('freight');
  await line.getByLabel(t('quotes', 'lines.description')).fill('شحن بحري');
  await line.getByLabel(t('quotes', 'lines.quantity')).fill('6');
  await line.getByLabel(t('quotes', 'lines.unit'), { exact: true }).selectOption('cbm');
  await line.getByLabel(t('quotes', 'lines.unitPrice')).fill('100');
  await page.getByRole('button', { name: t('quotes', 'editor.send') }).click();
  await expect(page.getByRole('article')).toContainText('600');
  const quotePath = new URL(page.url()).pathname;

  await switchTo(page, CLIENT.email);
  await open(page, quotePath);
  await rightToLeft(page);
  const pdf = await page.request.get(`${quotePath}/download?format=pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await page.getByRole('button', { name: t('quotes', 'decision.accept') }).click();
  await expect(page).toHaveURL(/\/apps\/shipping-details\/\d+$/);
  await rightToLeft(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SO-');
});

test('in Arabic, a finance application is approved with terms into a loan, and a repayment follows', async ({
  page,
}, testInfo) => {
  test.slow();
  const purpose = uniqueText(testInfo, 'تمويل شحنة قطن');
  await signInAs(page, CLIENT2.email);
  await open(page, '/apps/request-for-trade-finance');
  await rightToLeft(page);
  await page.getByLabel(t('requests', 'finance.amount')).fill('18000');
  await page.getByLabel(t('requests', 'finance.tenor')).fill('3');
  // The supplier's name, not its country (whose label begins alike); the asterisk marks it required.
  await page.getByLabel(new RegExp(`^${t('requests', 'finance.supplierName')}[\\s*]*$`)).fill('مصانع القطن');
  await page.getByLabel(t('requests', 'finance.supplierCountry')).fill('مصر');
  await page.getByLabel(t('requests', 'finance.purpose')).fill(purpose);
  // An order of its own that no other journey finances: the last one listed with JavaScript, the one
  // before it without (the English journeys take the first ones; an order is financed by one loan).
  const orders = page.getByRole('group', { name: t('requests', 'finance.orders') }).getByRole('checkbox');
  const count = await orders.count();
  await orders.nth(testInfo.project.name === 'arabic-no-js' ? count - 2 : count - 1).check();
  await page.getByRole('button', { name: t('requests', 'fields.submit') }).click();
  await expect(page).toHaveURL(/\/apps\/requests\/\d+$/);
  const requestPath = new URL(page.url()).pathname;

  await switchTo(page, AGENT.email);
  await open(page, requestPath);
  await page.getByRole('link', { name: t('requests', 'review.approveWithTerms') }).click();
  await rightToLeft(page);
  await expect(page.getByLabel(t('finance', 'newLoan.principal'))).toHaveValue('18000');
  await page.getByRole('button', { name: t('finance', 'newLoan.submit') }).click();
  await page.getByRole('button', { name: t('finance', 'newLoan.yes') }).click();
  await expect(page).toHaveURL(/\/apps\/loan\/loan-details\/LN-\d{4}-\d{4}$/);
  const loanPath = new URL(page.url()).pathname;
  // Three monthly instalments, as the application's tenor.
  const schedule = page.getByRole('table', { name: t('finance', 'detail.schedule') });
  await expect(schedule.locator('tbody tr')).toHaveCount(3);
  // The pay-out's line the back office wrote reads in Arabic: three months, the "few" form.
  const paidOut = t('finance', 'transaction.notes.disbursement_few').split('{{')[0]!.trim();
  await expect(page.getByText(paidOut)).toBeVisible();
  await expect(page.getByText('Principal paid out')).toHaveCount(0);

  // A repayment is recorded in Arabic; the customer sees it on the loan.
  const payment = page.getByRole('form', { name: t('finance', 'transaction.title') });
  await payment.getByLabel(t('finance', 'transaction.amount')).fill('500');
  await payment.getByLabel(t('finance', 'transaction.reference')).fill('WIRE-AR-1');
  await payment.getByRole('button', { name: t('finance', 'transaction.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`${loanPath}$`));
  await expect(
    page.getByRole('status').filter({ hasText: t('finance', 'transaction.recorded_repayment') }),
  ).toBeVisible();
  await switchTo(page, CLIENT2.email);
  await open(page, loanPath);
  await rightToLeft(page);
  await expect(page.getByText('WIRE-AR-1')).toBeVisible();
});
