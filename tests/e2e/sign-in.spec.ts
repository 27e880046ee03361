// Signing in (both designs), its errors, and signing out.
import { expect, test } from '@playwright/test';
import {
  CLIENT,
  CLIENT2,
  DEMO_PASSWORD,
  HOME,
  pathOf,
  signIn,
  signInDirectly,
  submitSignIn,
} from './support';

test('a customer signs in and sees the dashboard with their account', async ({ page }) => {
  await signIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveTitle('Dashboard · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${CLIENT.name}` })).toBeVisible();
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account.getByRole('definition').filter({ hasText: CLIENT.company })).toBeVisible();
  await expect(account.getByRole('definition').filter({ hasText: CLIENT.email })).toBeVisible();
  // Signed in, the sign-in page itself leads to the dashboard.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(HOME);
});

test('a wrong password is refused with a message, keeping the e-mail', async ({ page }) => {
  await page.goto('/auth/login');
  await submitSignIn(page, CLIENT2.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password, please try again');
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByLabel('E-mail')).toHaveValue(CLIENT2.email);
});

test('an empty form shows which fields are required', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('This field is required.');
  await expect(page).toHaveURL('/auth/login');
});

// Screen readers would read a message twice if aria-describedby named it twice.
test('a field refers to its error message once', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await email.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size, `aria-describedby="${ids.join(' ')}"`).toBe(ids.length);
});

test('an e-mail address that is not one is refused on the field', async ({ page }) => {
  await page.goto('/auth/login');
  // The browser accepts "someone@localhost"; the portal wants a domain with a dot.
  await submitSignIn(page, 'someone@localhost', 'whatever');
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
  await expect(email).toHaveValue('someone@localhost');
});

test('the second design /auth/login2 signs in too', async ({ page }) => {
  await page.goto('/auth/login2');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/auth/forgot-password2',
  );
  await submitSignIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${CLIENT.name}` })).toBeVisible();
});

test('signing out from the account menu ends the session', async ({ page }) => {
  await signInDirectly(page, CLIENT.email, DEMO_PASSWORD);
  await page.getByTitle(`Account menu for ${CLIENT.name}`).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await page.goto(HOME);
  expect(pathOf(page)).toBe('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
