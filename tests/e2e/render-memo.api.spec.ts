// Pages rendered from the same inputs are sent again without rendering (app/services/render-memo.server.ts,
// ADR 023): through the live server, a page asked for twice comes back the same, each time with its own
// CSP nonce in every place, and a change to what the page shows is there on the very next request.
import { expect, test, type APIResponse } from '@playwright/test';
import { PORTAL_URL, uniqueEmail } from './support';

/** The response's CSP nonce, checked to be the one in the page's every nonce attribute. */
async function pageAndNonce(response: APIResponse) {
  expect(response.status()).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce, 'a CSP nonce').toBeTruthy();
  const page = await response.text();
  const inPage = [...page.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  expect(inPage.length, 'scripts and styles with a nonce').toBeGreaterThan(2);
  expect(new Set(inPage)).toEqual(new Set([nonce]));
  return { page, nonce: nonce ?? '', kept: response.headers()['x-render-memo'] === 'hit' };
}

test('a page asked for again is the same page with a fresh nonce, and shows a change at once', async ({
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'memo');
  const registered = await request.post('/auth/register', {
    form: { fullName: 'Amal Haddad', email, password: 'memo-password-1' },
    headers: { Origin: PORTAL_URL },
    maxRedirects: 0,
  });
  expect(registered.status(), 'the registration answer').toBe(200);
  // Registering signs nobody in: the sign-in follows.
  const signedIn = await request.post('/auth/login', {
    form: { email, password: 'memo-password-1' },
    headers: { Origin: PORTAL_URL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), 'the sign-in answer').toBe(302);

  // Pages are kept for the minute they were rendered in: if the first two requests fall on either
  // side of a minute's turn, the third is the one kept from the second.
  let first = await pageAndNonce(await request.get('/pages/account-settings'));
  let second = await pageAndNonce(await request.get('/pages/account-settings'));
  if (!second.kept) {
    first = second;
    second = await pageAndNonce(await request.get('/pages/account-settings'));
  }
  expect(second.kept, 'the page asked for again was kept from the one before').toBe(true);
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.page.split(second.nonce).join('N')).toBe(first.page.split(first.nonce).join('N'));
  expect(second.page).toContain('Amal');

  // Another language is another page.
  const french = await pageAndNonce(
    await request.get('/pages/account-settings', { headers: { 'Accept-Language': 'fr' } }),
  );
  expect(french.page).toContain('<html lang="fr"');
  expect(french.page).toContain('Amal');

  const saved = await request.post('/pages/account-settings/profile', {
    form: { firstName: 'Samira', lastName: 'Haddad', phone: '' },
    headers: { Origin: PORTAL_URL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);

  const changed = await pageAndNonce(await request.get('/pages/account-settings'));
  expect(changed.kept, 'new data is rendered anew').toBe(false);
  // The frame's user menu and the profile form both carry the new first name.
  expect(changed.page).toContain('Samira Haddad');
  expect(second.page).not.toContain('Samira');
});
