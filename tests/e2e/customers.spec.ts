// Staff's Customers Directory: pages, search, a customer's details, adding a customer and its refusals.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { displayPhone } from '@contract/phones';
import {
  AGENT,
  ADMIN,
  CLIENT,
  newestMailTo,
  open,
  signInAs,
  submitSignIn,
  switchTo,
  uniqueEmail,
  uniqueText,
} from './support';

interface NewCustomer {
  name: string;
  email: string;
  phone: string;
  nationalId: string;
  gender: string;
  dateOfBirth: string;
  clientType: string;
  businessIndustry: string;
  companyName: string;
  street: string;
  city: string;
  country: string;
}

function newCustomer(testInfo: TestInfo): NewCustomer {
  return {
    name: uniqueText(testInfo, 'Amal Test Customer'),
    email: uniqueEmail(testInfo, 'customer'),
    phone: '+20 100 555 0199',
    nationalId: `E2E-${Date.now().toString(36)}`,
    gender: 'Female',
    dateOfBirth: '1990-05-17',
    clientType: 'Company',
    businessIndustry: 'Textiles',
    companyName: 'Amal Textiles S.A.E.',
    street: '9 Tahrir Square',
    city: 'Cairo',
    country: 'Egypt',
  };
}

/** Fills in "Add New Customer", leaving out the fields named in `skip`. */
async function fillCustomer(page: Page, customer: NewCustomer, skip: (keyof NewCustomer)[] = []) {
  const text: [keyof NewCustomer, string][] = [
    ['name', 'Full name'],
    ['email', 'E-mail'],
    ['phone', 'Phone'],
    ['nationalId', 'National ID'],
    ['dateOfBirth', 'Date of birth'],
    ['businessIndustry', 'Business industry'],
    ['companyName', 'Company'],
    ['street', 'Street'],
    ['city', 'City'],
    ['country', 'Country'],
  ];
  for (const [key, label] of text) {
    if (!skip.includes(key)) await page.getByLabel(label).fill(customer[key]);
  }
  if (!skip.includes('gender')) await page.getByLabel('Gender').selectOption({ label: customer.gender });
  if (!skip.includes('clientType'))
    await page.getByLabel('Client type').selectOption({ label: customer.clientType });
}

async function searchCustomers(page: Page, words: string) {
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Search' }).fill(words);
  await search.getByRole('button', { name: 'Apply' }).click();
}

test('the directory shows 10 customers a page, with a link to the next page', async ({ page }) => {
  await signInAs(page, AGENT.email);
  await open(page, '/apps/customers');
  await expect(page).toHaveTitle('Customers Directory · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers Directory' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Customers Directory' });
  const customers = table.getByRole('link', { name: /^View / });
  await expect(customers).toHaveCount(10);
  const count = await page
    .getByRole('status')
    .filter({ hasText: /customers$/ })
    .textContent();
  // The seeded customers (14) and whatever other tests added.
  expect(Number(/^(\d+) customers$/.exec(count ?? '')?.[1])).toBeGreaterThanOrEqual(14);
  const firstPage = await customers.allTextContents();

  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/apps/customers?page=2');
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const secondPage = await customers.allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.length).toBeLessThanOrEqual(10);
  // Other tests may add customers meanwhile, moving the last of the first page onto the second.
  expect(secondPage, 'the second page starts after the first').not.toContain(firstPage[0]);
  await expect(pages.getByRole('link', { name: 'Previous page' })).toBeVisible();
});

test('searching finds "Nile Star Trading"; its page shows its details', async ({ page }, testInfo) => {
  await signInAs(page, ADMIN.email);
  await open(page, '/apps/customers');
  await searchCustomers(page, 'Nile Star');
  await expect(page).toHaveURL('/apps/customers?q=Nile+Star');
  await expect(page.getByRole('status').filter({ hasText: /customers?$/ })).toHaveText('1 customer');
  const table = page.getByRole('table', { name: 'Customers Directory' });
  await expect(table.getByRole('link', { name: /^View / })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Nile Star Trading' })).toContainText(CLIENT.email);
  await page.getByRole('link', { name: 'View Nile Star Trading' }).click();

  await expect(page).toHaveURL(/\/apps\/customers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nile Star Trading' })).toBeVisible();
  // Phones are shown grouped as their country writes them.
  for (const value of [
    CLIENT.email,
    displayPhone('+20 2 2735 4410'),
    CLIENT.company,
    'Consumer electronics',
    'Cairo',
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: value }).first(), value).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to the directory' }).click();
  await expect(page).toHaveURL('/apps/customers');

  // A search that matches nobody says so.
  await searchCustomers(page, uniqueText(testInfo, 'Nobody'));
  await expect(page.getByText('No customers match.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers Directory' })).toHaveCount(0);
});

test('staff add a customer and invite them; the customer sets a password from the mail, signs in, and staff can disable the access', async ({
  page,
}, testInfo) => {
  test.slow();
  const customer = { ...newCustomer(testInfo), clientType: 'Individual' };
  await signInAs(page, AGENT.email);
  await open(page, '/apps/customers');
  await page.getByRole('link', { name: 'Add New Customer' }).click();
  await expect(page).toHaveURL('/apps/customers/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Customer' })).toBeVisible();
  await fillCustomer(page, customer);
  // A phone without its country code is refused, with what was typed kept.
  await page.getByLabel('Phone').fill('0100 555 0199');
  await page.getByRole('button', { name: 'Add the customer' }).click();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
    'Enter the number with its country code, e.g. +20 100 731 2284.',
  );
  await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
  await page.getByLabel('Phone').fill(customer.phone);
  await expect(page.getByLabel('Send an invitation to the portal now')).toBeChecked();
  await page.getByLabel('Language of the invitation').selectOption({ label: 'Français' });
  await page.getByRole('button', { name: 'Add the customer' }).click();

  await expect(page).toHaveURL(/\/apps\/customers\/\d+$/);
  const customerPath = new URL(page.url()).pathname;
  await expect(page.getByRole('status').filter({ hasText: 'was added' })).toHaveText(
    `${customer.name} was added and the invitation mailed to ${customer.email}.`,
  );
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  const details: [string, string | RegExp][] = [
    ['E-mail', customer.email],
    ['Phone', displayPhone(customer.phone)],
    ['Company', customer.companyName],
    ['National ID', customer.nationalId],
    ['Gender', customer.gender],
    ['Date of birth', /1990/],
    ['Client type', customer.clientType],
    ['Business industry', customer.businessIndustry],
    ['City', customer.city],
  ];
  const terms = await page.getByRole('term').allTextContents();
  const definitions = await page.getByRole('definition').allTextContents();
  for (const [term, value] of details) {
    const index = terms.indexOf(term);
    expect(index, `the term "${term}"`).toBeGreaterThanOrEqual(0);
    if (typeof value === 'string') expect(definitions[index], term).toBe(value);
    else expect(definitions[index], term).toMatch(value);
  }
  const access = page.getByRole('heading', { level: 2, name: 'Portal access' }).locator('..');
  await expect(access).toContainText('Invited');

  // The invitation, in French, from the outbox: the customer chooses a password and signs in.
  const mail = await newestMailTo(customer.email);
  expect(mail.subject).toBe('Vous êtes invité sur le portail client Harbour Freight');
  const link = new URL(mail.link!);
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome: choose your password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('amal-cargo-passphrase-42');
  await page.getByLabel('Repeat the new password').fill('amal-cargo-passphrase-42');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password is set' })).toBeVisible();
  await signInAs(page, customer.email, 'amal-cargo-passphrase-42');
  await open(page, '/apps/shipping');
  // In the language staff invited them in.
  await expect(page.getByRole('heading', { level: 1, name: /^Mes ordres d.expédition$/ })).toBeVisible();

  // Staff see the access active, then disable it: the customer can no longer sign in.
  await switchTo(page, AGENT.email);
  await open(page, customerPath);
  await expect(access).toContainText('Active');
  await page.getByRole('button', { name: 'Disable access' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'can no longer sign in' })).toBeVisible();
  await expect(access).toContainText('Disabled');
  await page.context().clearCookies();
  await open(page, '/auth/login');
  await submitSignIn(page, customer.email, 'amal-cargo-passphrase-42');
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('staff correct a customer: a national ID another customer of the country has is refused', async ({
  page,
}, testInfo) => {
  await signInAs(page, ADMIN.email);
  await open(page, '/apps/customers?q=Nile+Star');
  await page.getByRole('link', { name: 'View Nile Star Trading' }).click();
  await page.getByRole('link', { name: 'Edit details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Nile Star Trading' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue(displayPhone('+20 2 2735 4410'));
  const industry = uniqueText(testInfo, 'Consumer electronics');
  await page.getByLabel('Business industry').fill(industry);
  await page.getByRole('button', { name: 'Save the customer' }).click();
  await expect(page).toHaveURL(/\/apps\/customers\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'was saved' })).toHaveText(
    'Nile Star Trading was saved.',
  );
  await expect(page.getByRole('definition').filter({ hasText: industry })).toBeVisible();
});

test('adding a customer with a required field empty says all must be filled, keeping the rest', async ({
  page,
}, testInfo) => {
  const customer = newCustomer(testInfo);
  await signInAs(page, AGENT.email);
  await open(page, '/apps/customers/new');
  await fillCustomer(page, customer, ['phone']);
  await page.getByRole('button', { name: 'Add the customer' }).click();

  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('This field is required.');
  await expect(page).toHaveURL('/apps/customers/new');
  await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
  await expect(page.getByLabel('E-mail')).toHaveValue(customer.email);
  await expect(page.getByLabel('National ID')).toHaveValue(customer.nationalId);
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await expect(page.getByLabel('Date of birth')).toHaveValue(customer.dateOfBirth);
  await expect(page.getByLabel('City')).toHaveValue(customer.city);
  await expect(page.getByRole('alert').filter({ hasText: 'All required' })).toHaveText(
    'All required fields must be filled.',
  );

  // Nothing was added.
  await open(page, `/apps/customers?q=${encodeURIComponent(customer.email)}`);
  await expect(page.getByText('No customers match.')).toBeVisible();
});

test('a customer whose e-mail is already known is refused on the e-mail field', async ({
  page,
}, testInfo) => {
  const customer = { ...newCustomer(testInfo), email: 'karim.elsayed@example.com' };
  await signInAs(page, ADMIN.email);
  await open(page, '/apps/customers/new');
  // The required fields only: the address and company are optional.
  await fillCustomer(page, customer, ['companyName', 'street', 'city', 'country']);
  await page.getByRole('button', { name: 'Add the customer' }).click();

  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('A customer with this e-mail already exists.');
  await expect(page).toHaveURL('/apps/customers/new');
  await expect(email).toHaveValue(customer.email);
  await expect(page.getByLabel('Full name')).toHaveValue(customer.name);
  await expect(page.getByLabel('Client type')).toHaveValue('company');

  await open(page, `/apps/customers?q=${encodeURIComponent(customer.name)}`);
  await expect(page.getByText('No customers match.')).toBeVisible();
});

test('clients may not open the directory (403); an unknown customer is "Page not found"', async ({
  page,
}) => {
  await signInAs(page, CLIENT.email);
  for (const path of ['/apps/customers', '/apps/customers/new']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' }), path).toBeVisible();
  }
  await switchTo(page, AGENT.email);
  const response = await page.goto('/apps/customers/987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
