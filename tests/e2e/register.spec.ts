// Opening a customer account (both designs).
import { expect, test } from '@playwright/test';
import { BACKOFFICE_URL, CLIENT, HOME, newestMailTo, PORTAL_URL, signIn, uniqueEmail } from './support';

const sentTo = (email: string) =>
  `Thank you. We have sent a message to ${email}: follow it to finish. If it has not arrived in a few minutes, look in your spam folder.`;

test('a new customer registers, is mailed, signs in and is greeted by their full name', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'register');
  await page.goto('/auth/register');
  await expect(page).toHaveTitle('Create an account · Harbour Freight');
  await page.getByLabel('Full name').fill('Nadia Karim Saleh');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toHaveText(sentTo(email));
  await expect(page).toHaveURL('/auth/register');

  const mail = await newestMailTo(email);
  expect(mail.subject).toBe('Your Harbour Freight account is ready');
  expect(mail.link).toBe(`${PORTAL_URL}/auth/login`);
  await signIn(page, email, 'a-long-password-1');
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

test('registering an e-mail that already has an account answers the same, and mails its owner', async ({
  page,
}) => {
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill('Layla Someone Else');
  await page.getByLabel('E-mail').fill(CLIENT.email);
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toHaveText(sentTo(CLIENT.email));
  await expect(page.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/auth/register');

  const mail = await newestMailTo(CLIENT.email);
  expect(mail.subject).toBe('Someone tried to open an account with your address');
  expect(mail.link).toBe(`${PORTAL_URL}/auth/forgot-password`);
});

test('a password that is easy to guess is refused, keeping what was typed', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'weak');
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill('Sunny Weak');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('sunshine1');
  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password');
  await expect(password).toHaveAccessibleDescription(
    /^This password is too easy to guess: try a few unrelated words, or a longer one\./,
  );
  await expect(page.getByLabel('Full name')).toHaveValue('Sunny Weak');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
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
