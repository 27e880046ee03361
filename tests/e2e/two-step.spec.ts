// Two-step verification end to end (JavaScript on and off): a customer turns it on with an
// authenticator app (the key from the page, codes computed here as the app would), keeps the
// recovery codes, then signs in with the password and a code; wrong codes are refused; it is turned
// off with the password and a recovery code.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, AGENT, newestMailTo, open, registerDirectly, switchTo, uniqueEmail } from './support';

const PASSWORD = 'a-long-password-2';

/** The authenticator app: the code for `key` at `when` (30-second steps). */
function codeFor(key: string, when: number = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30 });
  return totp.generate({ timestamp: when });
}

async function submitPassword(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a customer turns on two-step verification; sign-in then asks for a code', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'two-step');
  await registerDirectly(page, 'Tariq Steps', email, PASSWORD);

  // Nothing to verify without a pending sign-in.
  await page.goto('/auth/two-steps');
  await expect(page).toHaveURL('/dashboards/modern');

  await open(page, '/pages/account-settings');
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card).toContainText('Off: signing in asks for your password only.');
  await card.getByRole('link', { name: 'Manage two-step verification' }).click();
  await expect(page).toHaveURL('/pages/account-settings/two-step');
  await expect(page).toHaveTitle('Two-step verification · Harbour Freight');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add your account to an authenticator app' }),
  ).toBeVisible();
  const key = await page.getByRole('textbox', { name: 'Key to type into the app' }).inputValue();
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused and the QR code stays.
  const confirm = page.getByRole('textbox', { name: 'Code from the app' });
  await confirm.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(confirm).toHaveAccessibleDescription(/That code is not right/);
  await expect(page.getByRole('textbox', { name: 'Key to type into the app' })).toHaveValue(key);

  await confirm.fill(codeFor(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-step verification is on.' })).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

  // Signing in again: the password, then a code.
  await page.context().clearCookies();
  await open(page, '/auth/login');
  await submitPassword(page, email);
  await expect(page).toHaveURL('/auth/two-steps');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Verification code' });
  await code.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAccessibleDescription(/That code is not right/);
  await code.fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAccessibleDescription(/Enter the 6 digits from your app/);
  // The code of the next 30 seconds (the one just used to turn it on cannot be used twice).
  await code.fill(codeFor(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboards/modern');

  // A recovery code signs in once.
  await page.context().clearCookies();
  await open(page, '/auth/login2');
  await submitPassword(page, email);
  await expect(page).toHaveURL('/auth/two-steps2');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboards/modern');

  // Turned off with the password and another recovery code; sign-in then needs the password only.
  await open(page, '/pages/account-settings/two-step');
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Code from the app or a recovery code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Code from the app or a recovery code' }),
  ).toHaveAccessibleDescription(/That code is not right/);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Code from the app or a recovery code' }).fill(codes[1]!);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page).toHaveURL('/pages/account-settings/two-step');
  await expect(page.getByRole('status')).toHaveText('Two-step verification is off.');
  await page.context().clearCookies();
  await open(page, '/auth/login');
  await submitPassword(page, email);
  await expect(page).toHaveURL('/dashboards/modern');
});

test('an administrator turns off the two-step verification of a customer who lost their phone', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'lost-phone');
  await registerDirectly(page, 'Samira Lostphone', email, PASSWORD);
  await open(page, '/pages/account-settings/two-step');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const key = await page.getByRole('textbox', { name: 'Key to type into the app' }).inputValue();
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(codeFor(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-step verification is on.' })).toBeVisible();

  // An agent sees the state but not the way to turn it off.
  await switchTo(page, AGENT.email);
  await open(page, '/apps/customers');
  await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name: 'View Samira Lostphone' }).click();
  await expect(page).toHaveURL(/\/apps\/customers\/\d+$/);
  const customerPage = new URL(page.url()).pathname;
  await expect(page.getByText(/^Two-step verification is on: signing in asks for a code/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Turn it off…' })).toHaveCount(0);

  // The administrator turns it off, saying how they made sure it is the customer asking.
  await switchTo(page, ADMIN.email);
  await open(page, customerPage);
  await page.getByRole('link', { name: 'Turn it off…' }).click();
  await expect(page).toHaveTitle('Turn off two-step verification for Samira Lostphone · Harbour Freight');
  const reason = page.getByRole('textbox', { name: 'How you made sure it is the customer asking' });
  await reason.fill('asked');
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(reason).toHaveAccessibleDescription(/Write at least 10 characters/);
  await expect(reason).toHaveValue('asked');
  await reason.fill('Called back on the phone number on file');
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(page).toHaveURL(customerPage);
  await expect(page.getByRole('status')).toContainText(
    'Two-step verification is off for Samira Lostphone; they were told by e-mail.',
  );
  await expect(
    page.getByText('Two-step verification is off: signing in asks for the password only.'),
  ).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Two-step verification turned off');
  await expect(history).toContainText('Called back on the phone number on file');

  // The customer is told, and signs in with the password alone.
  const mail = await newestMailTo(email);
  expect(mail.subject).toBe('Two-step verification was turned off on your account');
  await page.context().clearCookies();
  await open(page, '/auth/login');
  await submitPassword(page, email);
  await expect(page).toHaveURL('/dashboards/modern');
});
