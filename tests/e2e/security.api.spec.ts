// Checks through the live server (no browser): a cross-site form post is refused before any action
// runs, with a small page in the reader's language; the security headers are on every answer.
import { expect, test } from '@playwright/test';
import { PORTAL_URL } from './support';

test('a form posted from another site is refused with a page in the reader’s language', async ({
  request,
}) => {
  const refused = await request.post('/auth/login', {
    form: { email: 'client@example.com', password: 'demo1234' },
    headers: { Origin: 'https://evil.example', 'Accept-Language': 'fr-FR,fr;q=0.9' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['content-type']).toContain('text/html');
  expect(refused.headers()['set-cookie']).toBeUndefined();
  const page = await refused.text();
  expect(page).toContain('<html lang="fr" dir="ltr">');
  expect(page).toContain('Ce formulaire n’a pas été envoyé');

  const arabic = await request.post('/auth/login', {
    form: { email: 'client@example.com', password: 'demo1234' },
    headers: { 'Sec-Fetch-Site': 'cross-site', 'Accept-Language': 'ar' },
    maxRedirects: 0,
  });
  expect(arabic.status()).toBe(403);
  expect(await arabic.text()).toContain('<html lang="ar" dir="rtl">');

  // The same post from the portal's own page signs in.
  const own = await request.post('/auth/login', {
    form: { email: 'client@example.com', password: 'demo1234' },
    headers: { Origin: PORTAL_URL },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
});

test('a body too large to read is refused before any action reads it, in the reader’s language', async ({
  request,
}) => {
  // 2 MB of form to the sign-in page, which takes an e-mail and a password.
  const refused = await request.post('/auth/login', {
    data: `email=${'a'.repeat(2 * 1024 * 1024)}&password=x`,
    headers: {
      Origin: PORTAL_URL,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Accept-Language': 'zh',
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(413);
  expect(await refused.text()).toContain('请求过大');
  // An ordinary sign-in still goes through.
  const own = await request.post('/auth/login', {
    form: { email: 'client@example.com', password: 'demo1234' },
    headers: { Origin: PORTAL_URL },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
});

test('files sent to a page that takes none are refused before they are read, in the reader’s language', async ({
  request,
}) => {
  const refused = await request.post('/auth/login', {
    multipart: {
      email: 'client@example.com',
      password: 'demo1234',
      file: { name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(512 * 1024) },
    },
    headers: { Origin: PORTAL_URL, 'Accept-Language': 'ar' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(415);
  expect(await refused.text()).toContain('هذا النموذج لا يقبل الملفات');
});

test('every answer carries the security headers, and none names the server software', async ({ request }) => {
  for (const path of ['/auth/login', '/healthz', '/no/such/page']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
  const page = await request.get('/auth/login');
  const policy = page.headers()['content-security-policy'] ?? '';
  const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(scripts).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
});
