// Opening a customer account (both designs).
import { expect, test } from '@playwright/test';
import { BACKOFFICE_URL, CLIENT, HOME, uniqueEmail } from './support';

test('a new customer registers and is greeted by their full name', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'register');
  await page.goto('/auth/register');
  await expect(page).toHaveTitle('Create an account · Freight Portal');
  await page.getByLabel('Full name').fill('Nadia Karim Saleh');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Nadia Karim Saleh' })).toBeVisible();
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account.getByRole('definition').filter({ hasText: email })).toBeVisible();

  // The back office keeps the name split at the first space, and the chosen password.
  const login = await request.post(`${BACKOFFICE_URL}/login`, {
    data: { email, password: 'a-long-password-1' },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ firstName: 'Nadia', lastName: 'Karim Saleh', email });
});

test('registering an e-mail that already has an account is refused, keeping the form', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill('Layla Someone Else');
  await page.getByLabel('E-mail').fill(CLIENT.email);
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(
    'An account with this e-mail already exists. Sign in or ask for a new password.',
  );
  await expect(page).toHaveURL('/auth/register');
  await expect(page.getByLabel('Full name')).toHaveValue('Layla Someone Else');
  await expect(email).toHaveValue(CLIENT.email);
});

test('the second design /auth/register2 shows the registration form', async ({ page }) => {
  await page.goto('/auth/register2');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  for (const label of ['Full name', 'E-mail', 'Password', 'Referral code (optional)']) {
    await expect(page.getByLabel(label)).toBeEditable();
  }
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login2');
});
