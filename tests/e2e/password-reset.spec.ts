// "Forgot your password?": the mail, the link, the new password.
import { expect, test } from '@playwright/test';
import {
  CLIENT2,
  HOME,
  newestMailTo,
  PORTAL_URL,
  register,
  signIn,
  submitSignIn,
  uniqueEmail,
} from './support';

test('asking for a reset link confirms it was sent; a tampered link is refused', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await expect(page).toHaveTitle('Forgot your password? · Harbour Freight');
  await page.getByLabel('E-mail').fill(CLIENT2.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If an account exists for ${CLIENT2.email}, we have sent it a link to choose a new password. The link is valid for one hour.`,
  );
  const mail = await newestMailTo(CLIENT2.email);
  expect(mail.link?.startsWith(`${PORTAL_URL}/auth/reset-password?`)).toBe(true);

  // The same link with one character of its token changed (the real link stays unused: demo1234 stays).
  const link = new URL(mail.link!);
  const token = link.searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThanOrEqual(16);
  link.searchParams.set('token', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'));
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-new-password-1');
  await page.getByLabel('Repeat the new password').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
  await expect(page).toHaveURL(/\/auth\/reset-password\?/);
});

test('a customer resets a forgotten password with the mailed link', async ({ page, context }, testInfo) => {
  // The whole journey (register, mail, three submissions, two sign-ins) on a busy 2-core machine.
  test.slow();
  const email = uniqueEmail(testInfo, 'reset');
  await register(page, 'Reset Tester', email, 'the-first-password');
  await context.clearCookies();

  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  const mail = await newestMailTo(email);
  expect(mail.subject).not.toBe('');
  expect(mail.link).toBeDefined();
  expect(mail.text).toContain(mail.link!);
  const link = new URL(mail.link!);
  expect(link.origin).toBe(PORTAL_URL);
  expect(link.pathname).toBe('/auth/reset-password');

  // The two passwords must match.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('the-second-password');
  await page.getByLabel('Repeat the new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Repeat the new password')).toHaveAccessibleDescription(
    'The two passwords are not the same.',
  );
  await expect(page).toHaveURL(/\/auth\/reset-password\?/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('the-second-password');
  await page.getByLabel('Repeat the new password').fill('the-second-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with the new one.',
  );

  // The old password no longer works; the new one does.
  await submitSignIn(page, email, 'the-first-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password, please try again');
  await signIn(page, email, 'the-second-password');
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Reset Tester' })).toBeVisible();

  // The link was for one use only.
  await context.clearCookies();
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('the-third-password');
  await page.getByLabel('Repeat the new password').fill('the-third-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
});

test('a reset link without its token says it is invalid', async ({ page }) => {
  await page.goto('/auth/reset-password?email=someone%40example.com');
  await expect(page.getByRole('status')).toHaveText(
    'This link is invalid or has expired. Ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
});
