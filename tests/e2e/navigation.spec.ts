// Where addresses lead before signing in: the start page, unknown pages, and protected pages.
import { expect, test } from '@playwright/test';
import { CLIENT, DEMO_PASSWORD, HOME, pathOf, submitSignIn } from './support';

test('the start page leads to sign in; an unknown address to "Page not found" (404)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  const response = await page.goto('/no/such/page');
  await expect(page).toHaveURL('/auth/404');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · Harbour Freight');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL('/auth/login');
});

test('a protected page asks anonymous visitors to sign in, then comes back to it', async ({ page }) => {
  await page.goto(HOME);
  expect(pathOf(page)).toBe('/auth/login?redirectTo=%2Fdashboards%2Fmodern');
  // A first attempt that fails does not lose where the visitor was going.
  await submitSignIn(page, CLIENT.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password, please try again');
  await submitSignIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${CLIENT.name}` })).toBeVisible();
});

test('sign-in only ever leads to the portal itself, whatever redirectTo says', async ({ page }) => {
  // The sign-in form's redirectTo...
  await page.goto(`/auth/login?redirectTo=${encodeURIComponent('//evil.example')}`);
  await submitSignIn(page, CLIENT.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(HOME);
  // The same form's fields with other targets.
  for (const target of ['https://evil.example', '/\\evil.example', '/\n/evil.example']) {
    const response = await page.request.post('/auth/login', {
      form: { email: CLIENT.email, password: DEMO_PASSWORD, redirectTo: target },
      maxRedirects: 0,
    });
    expect(response.status(), `redirectTo=${target}`).toBe(302);
    expect(response.headers()['location'], `redirectTo=${target}`).toBe(HOME);
  }
  // ...and the redirect of a signed-in visitor away from the sign-in page.
  for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
    const response = await page.request.get(`/auth/login?redirectTo=${encodeURIComponent(target)}`, {
      maxRedirects: 0,
    });
    expect(response.status(), `redirectTo=${target}`).toBe(302);
    expect(response.headers()['location'], `redirectTo=${target}`).toBe(HOME);
  }
  await page.goto(`/auth/login?redirectTo=${encodeURIComponent('/auth/404')}`);
  await expect(page, 'a same-site redirectTo is followed').toHaveURL('/auth/404');
});
