// The FAQ, pricing and tree view pages, and the public legal pages (JavaScript on and off): questions open
// on a click or a key, the billing period and the tree's mode live in the URL, and the Terms of Service,
// the Privacy Policy and the accessibility statement open from the portal's footer and from the
// registration and sign-in pages without an account.
import { expect, test } from '@playwright/test';
import { AGENT, CLIENT, open, signInAs, translation } from './support';

test('FAQ questions open on a click or a key and show their answers', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/pages/faq');
  await expect(page).toHaveTitle('Frequently asked questions · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Trade finance' })).toBeVisible();
  expect(await page.getByRole('main').getByRole('group').count()).toBeGreaterThanOrEqual(10);

  const receipt = page.getByText(/^A clearance receipt confirms that customs have cleared your goods/);
  await expect(receipt).toBeHidden();
  await page.getByText('What is a clearance receipt?', { exact: true }).click();
  await expect(receipt).toBeVisible();

  const shareLinks = page.getByText('How do share links work?', { exact: true });
  await shareLinks.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/A link works for 7 days/)).toBeVisible();

  // An answer about a screen the client may open links to it.
  await page.getByText('How do I request shipping?', { exact: true }).click();
  await page.getByRole('link', { name: 'Open Request for Shipping' }).click();
  await expect(page).toHaveURL('/apps/request-for-shipping');
});

test('pricing switches between monthly and yearly prices in the URL', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/pages/pricing');
  await expect(page).toHaveTitle('Pricing · Harbour Freight');
  const billing = page.getByRole('navigation', { name: 'Billing period' });
  await expect(billing.getByRole('link', { name: 'Monthly' })).toHaveAttribute('aria-current', 'page');
  const business = page.getByRole('region', { name: 'Business' });
  await expect(business).toContainText('AED 1,490 per month');
  await expect(business.getByRole('list', { name: 'What Business includes' })).toContainText(
    'Trade finance up to AED 500,000',
  );

  await billing.getByRole('link', { name: 'Yearly' }).click();
  await expect(page).toHaveURL('/pages/pricing?billing=yearly');
  await expect(billing.getByRole('link', { name: 'Yearly' })).toHaveAttribute('aria-current', 'page');
  await expect(billing.getByRole('link', { name: 'Monthly' })).not.toHaveAttribute('aria-current', 'page');
  await expect(business).toContainText('AED 14,900 per year');
  await expect(business).toContainText('AED 1,242 a month, billed yearly');

  await billing.getByRole('link', { name: 'Monthly' }).click();
  await expect(page).toHaveURL('/pages/pricing?billing=monthly');
  await expect(business).toContainText('AED 1,490 per month');

  await page.getByRole('link', { name: 'Request a quotation' }).click();
  await expect(page).toHaveURL('/apps/request-for-quotation');
});

test('staff are offered the customers directory instead of a quotation', async ({ page }) => {
  await signInAs(page, AGENT.email);
  await open(page, '/pages/pricing?billing=yearly');
  await expect(page.getByRole('link', { name: 'Request a quotation' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Customers directory' }).click();
  await expect(page).toHaveURL('/apps/customers');
});

test('tree view: a branch opens on a click, "Expand all" shows the deepest leaves', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/pages/treeview');
  await expect(page).toHaveTitle('Tree view · Harbour Freight');
  const map = page.getByRole('region', { name: 'Portal map' });
  const requestShipping = map.getByRole('link', { name: 'Request for shipping' });
  await expect(requestShipping).toBeHidden();
  await map.getByText('Requests', { exact: true }).click();
  await expect(requestShipping).toBeVisible();
  // A screen the client may not open is listed without a link.
  await expect(map.getByText('Customer requests', { exact: true })).toBeVisible();
  await expect(map.getByRole('link', { name: 'Customer requests' })).toHaveCount(0);

  const receipt = map.getByText('Clearance receipt', { exact: true });
  await expect(receipt).toBeHidden();
  await page.getByRole('link', { name: 'Expand all' }).click();
  await expect(page).toHaveURL('/pages/treeview?expand=all');
  await expect(receipt).toBeVisible();
  await expect(map.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

  await page.getByRole('link', { name: 'Collapse all' }).click();
  await expect(page).toHaveURL('/pages/treeview?expand=none');
  await expect(receipt).toBeHidden();
  await expect(requestShipping).toBeHidden();
});

test('the legal pages open from the portal footer', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/pages/faq');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/pages/terms-of-service');
  await expect(page).toHaveTitle('Terms of Service · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Trade finance/ })).toBeVisible();
  await expect(page.getByText(/^Last updated:/)).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/pages/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  await expect(page).toHaveURL('/dashboards/modern');
});

test('the legal pages open from the registration pages without an account', async ({ page }) => {
  await open(page, '/auth/register');
  const agreement = page.getByText(/^By creating an account you agree to/);
  await agreement.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/pages/privacy-policy');
  await expect(page).toHaveTitle('Privacy Policy · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const cookies = page.getByRole('table', { name: 'Cookies set by the portal' });
  await expect(cookies.getByRole('rowheader')).toHaveText(['__session', 'lng', 'appearance']);
  await expect(cookies.getByRole('row', { name: /__session/ })).toContainText('12 hours');

  await open(page, '/auth/register2');
  await page
    .getByText(/^By creating an account you agree to/)
    .getByRole('link', { name: 'Terms of Service' })
    .click();
  await expect(page).toHaveURL('/pages/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/auth/login');
  // The sign-in pages' footer links them too.
  const legal = page.getByRole('navigation', { name: 'Legal and accessibility' });
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
});

test('the accessibility statement opens from the footers, signed in or not', async ({ page }) => {
  await signInAs(page, CLIENT.email);
  await open(page, '/apps/shipping');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL('/pages/accessibility');
  await expect(page).toHaveTitle('Accessibility statement · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByText(/^Last updated:/)).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await expect(contents.getByRole('link')).toHaveText([
    'Our target',
    'What we do for accessibility',
    'How we test',
    'Known exceptions',
    'Report a problem',
  ]);
  await expect(
    page.getByText(/Web Content Accessibility Guidelines \(WCAG\) 2\.2 at level AA/),
  ).toBeVisible();
  const report = page.getByRole('region', { name: /Report a problem/ });
  await expect(report).toContainText('support@harbour-freight.example');
  await expect(report).toContainText('within two working days');
  await expect(page.getByRole('region', { name: /Known exceptions/ }).getByRole('listitem')).toHaveCount(2);
  // The footer marks the page it is on.
  await expect(
    page
      .getByRole('navigation', { name: 'Legal and accessibility' })
      .getByRole('link', { name: 'Accessibility' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  await expect(page).toHaveURL('/dashboards/modern');

  // Without an account: from the sign-in page's footer, and back to sign in.
  await page.context().clearCookies();
  await open(page, '/auth/login');
  await page
    .getByRole('navigation', { name: 'Legal and accessibility' })
    .getByRole('link', { name: 'Accessibility' })
    .click();
  await expect(page).toHaveURL('/pages/accessibility');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/auth/login');
});

test.describe('in Arabic', () => {
  // The browser's own language setting decides its Accept-Language header.
  test.use({ locale: 'ar', extraHTTPHeaders: { 'Accept-Language': 'ar' } });

  test('a legal page reads right to left', async ({ page }) => {
    await open(page, '/pages/privacy-policy');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    const title = translation('ar', 'pages', 'privacy.title');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The page's and the company's names isolated in the Arabic title (FSI … PDI).
    await expect(page).toHaveTitle(`\u2068${title}\u2069 · \u2068Harbour Freight\u2069`);
  });

  test('the accessibility statement is written in Arabic', async ({ page }) => {
    await open(page, '/pages/accessibility');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const title = translation('ar', 'pages', 'accessibility.title');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const report = translation('ar', 'pages', 'accessibility.sections.report.title');
    await expect(page.getByRole('region', { name: new RegExp(report) })).toContainText(
      'support@harbour-freight.example',
    );
    await expect(
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: translation('ar', 'common', 'footer.accessibility') }),
    ).toBeVisible();
  });
});
