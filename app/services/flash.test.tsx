// Messages after an action: set by the redirect, read once and cleared, never forged, shown in the
// reader's language, and never served from a kept page. Their way through Remix: flash-flow.test.ts.
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageCacheKey } from '../../server/page-cache.js';
import { cookiesFrom, pageRequest } from '../../tests/unit/portal-server';
import { i18nFor } from './i18n.server';

let rootData: unknown;
vi.mock('@remix-run/react', async (original) => ({
  ...(await original<typeof import('@remix-run/react')>()),
  useRouteLoaderData: () => rootData,
  useLocation: () => ({ key: 'default', pathname: '/apps/customers', search: '', hash: '', state: null }),
}));

let flash: typeof import('./flash.server');

beforeAll(async () => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  flash = await import('./flash.server');
});

/** The message a request with `cookie` brings the page, and the cookies the answer then sets. */
async function rootLoad(cookie?: string) {
  const { flash: message, headers } = await flash.readFlash(pageRequest('/apps/customers', { cookie }));
  return { flash: message, setCookies: headers?.getSetCookie() ?? [] };
}

async function flashCookie(message: Parameters<typeof flash.redirectWithFlash>[2]) {
  const request = pageRequest('/apps/customers/new');
  return cookiesFrom(await flash.redirectWithFlash(request, '/apps/customers', message));
}

describe('redirectWithFlash', () => {
  it('redirects to the clean address with a short-lived, signed, HttpOnly cookie holding the key', async () => {
    const response = await flash.redirectWithFlash(pageRequest('/apps/customers/new'), '/apps/customers', {
      key: 'customers:directory.added',
      values: { name: 'Mariam Okafor' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/apps/customers');
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^__flash=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=60/i);
    expect(cookie).not.toMatch(/Secure/i);
    // The key and its values travel, never the English text.
    const value = Buffer.from(
      decodeURIComponent(cookie.split(';')[0]!.slice('__flash='.length)).split('.')[0]!,
      'base64',
    ).toString('utf8');
    expect(value).toContain('customers:directory.added');
    expect(value).not.toContain('has been added');
  });

  it('is Secure over https and keeps the other cookies of the answer', async () => {
    const request = new Request('https://portal.example/apps/customers/new');
    const response = await flash.redirectWithFlash(
      request,
      '/apps/customers',
      { key: 'customers:directory.added', values: { name: 'A' } },
      { headers: { 'Set-Cookie': '__session=abc; Path=/' } },
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe('__session=abc; Path=/');
    expect(cookies[1]).toMatch(/^__flash=.*Secure/i);
  });

  it('refuses a message that is not a namespaced key', async () => {
    await expect(
      flash.redirectWithFlash(pageRequest('/'), '/', { key: 'The order was saved.' }),
    ).rejects.toThrow();
  });
});

describe('readFlash', () => {
  it('hands the message to the page once and clears the cookie with the same answer', async () => {
    const cookie = await flashCookie({ key: 'customers:directory.added', values: { name: 'Mariam Okafor' } });
    const first = await rootLoad(cookie);
    expect(first.flash).toEqual({ key: 'customers:directory.added', values: { name: 'Mariam Okafor' } });
    expect(first.setCookies).toHaveLength(1);
    expect(first.setCookies[0]).toMatch(/^__flash=;.*Max-Age=0/i);
    // The browser then drops the cookie: the next page has no message and sets nothing.
    const next = await rootLoad('lng=en');
    expect(next.flash).toBeNull();
    expect(next.setCookies).toEqual([]);
  });

  it('shows nothing and sets nothing without the cookie', async () => {
    const page = await rootLoad('lng=fr');
    expect(page.flash).toBeNull();
    expect(page.setCookies).toEqual([]);
  });

  it('ignores a changed cookie, and one signed with another secret, and clears them', async () => {
    const cookie = await flashCookie({ key: 'shipping:tracking.added' });
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    const decoded = decodeURIComponent(value);
    const [payload, signature] = [
      decoded.slice(0, decoded.lastIndexOf('.')),
      decoded.slice(decoded.lastIndexOf('.')),
    ];
    const forged = Buffer.from(
      Buffer.from(payload, 'base64').toString('utf8').replace('tracking.added', 'tracking.updated'),
    ).toString('base64');
    const changed = await rootLoad(`${name}=${encodeURIComponent(forged + signature)}`);
    expect(changed.flash).toBeNull();
    expect(changed.setCookies[0]).toMatch(/^__flash=;.*Max-Age=0/i);

    const { createCookie } = await import('@remix-run/node');
    const other = createCookie('__flash', { secrets: ['another-secret-that-is-long-enough-too'] });
    const foreign = await rootLoad(
      cookiesFrom(
        new Response(null, {
          headers: [['Set-Cookie', await other.serialize({ key: 'shipping:tracking.added' })]],
        }),
      ),
    );
    expect(foreign.flash).toBeNull();
    expect(foreign.setCookies[0]).toMatch(/^__flash=;.*Max-Age=0/i);

    const unsigned = await rootLoad(
      `__flash=${encodeURIComponent(Buffer.from('{"key":"shipping:tracking.added"}').toString('base64'))}`,
    );
    expect(unsigned.flash).toBeNull();
  });
});

describe('FlashMessage', () => {
  async function render(language: 'en' | 'fr' | 'ar', message: unknown) {
    const { FlashMessage } = await import('~/components/flash-message');
    rootData = { flash: message };
    const i18n = await i18nFor(language);
    await i18n.loadNamespaces(['customers', 'requests', 'catalog']);
    return renderToString(
      <I18nextProvider i18n={i18n}>
        <FlashMessage />
      </I18nextProvider>,
    );
  }

  it('says the message in the reader’s language with its values, as a status visible without JavaScript', async () => {
    const message = { key: 'customers:directory.added', values: { name: 'Mariam Okafor' } };
    const english = await render('en', message);
    expect(english).toContain('role="status"');
    expect(english).toContain('Mariam Okafor has been added to the customers.');
    // The dismiss button needs JavaScript: the server's HTML has none.
    expect(english).not.toContain('<button');
    expect(await render('fr', message)).toContain('Mariam Okafor');
    expect(await render('fr', message)).not.toContain('has been added');
  });

  it('translates values that are words of the product', async () => {
    const message = {
      key: 'requests:list.reviewed',
      values: { id: 42 },
      words: { status: 'catalog:requestStatuses.approved' },
    };
    expect(await render('en', message)).toContain('Request #42 is now Approved.');
    const french = await render('fr', message);
    expect(french).toContain('42');
    expect(french).not.toContain('Approved');
  });

  it('shows nothing without a message', async () => {
    expect(await render('en', null)).toBe('');
  });

  it('belongs to the page it arrived with, not to the pages visited after it with JavaScript', async () => {
    const { sightingOf } = await import('~/components/flash-message');
    const message = { key: 'workspace:tickets.deleted', values: { id: 3 } };
    // The redirect after the form: the root's data brings the message with the new page.
    const arrived = sightingOf({ flash: null, locationKey: 'form' }, message, 'tickets');
    expect(arrived).toEqual({ flash: message, locationKey: 'tickets' });
    // Drawn again on that page (a dismissal, a revalidation bringing the same data): still there.
    expect(sightingOf(arrived, message, 'tickets')).toBe(arrived);
    // A link to another page keeps the root's data as it was: the message stays where it arrived.
    expect(sightingOf(arrived, message, 'loans').locationKey).toBe('tickets');
    // A later message, on whatever page, arrives where it is seen.
    const next = { ...message, values: { id: 4 } };
    expect(sightingOf(arrived, next, 'loans')).toEqual({ flash: next, locationKey: 'loans' });
  });
});

describe('kept pages', () => {
  it('a public page is never given from, or kept in, the page cache when a message comes with it', () => {
    const request = (cookie: string) => ({
      method: 'GET',
      path: '/auth/login',
      originalUrl: '/auth/login',
      headers: { cookie },
    });
    expect(pageCacheKey(request('lng=fr'))).not.toBeNull();
    expect(pageCacheKey(request('lng=fr; __flash=abc'))).toBeNull();
  });

  it('tells a request that brings a message', () => {
    expect(flash.hasFlash(pageRequest('/apps/loans', { cookie: 'lng=fr; __flash=abc' }))).toBe(true);
    expect(flash.hasFlash(pageRequest('/apps/loans', { cookie: 'lng=fr; x__flash=abc' }))).toBe(false);
    expect(flash.hasFlash(pageRequest('/apps/loans'))).toBe(false);
    // What a browser could still send of a cleared cookie.
    expect(flash.hasFlash(pageRequest('/apps/loans', { cookie: '__flash=; lng=fr' }))).toBe(false);
  });
});
