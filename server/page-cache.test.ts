// The public page cache (server/page-cache.js) in a small Express app: what is kept, what never is, and
// that every answer carries its own nonce.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheKey, publicPageCache } from './page-cache.js';

let base = '';
let renders = 0;
let close: () => void = () => {};
const cache = publicPageCache({ nonceOf: (res) => res.locals.cspNonce as string, maxEntries: 3 });

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(cache);
  app.get('*', (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    if (req.path === '/auth/register') res.cookie('flash', 'hello');
    if (req.path === '/pages/privacy-policy') res.status(503);
    res.type('html');
    res.write(`<html><head><script nonce="${nonce}">1</script></head>`);
    res.end(
      `<body>${req.path} ${req.get('accept-language') ?? ''} <style nonce="${nonce}"></style></body></html>`,
    );
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function get(path: string, headers: Record<string, string> = {}) {
  const before = renders;
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  const nonces = [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  return { response, body, nonces, rendered: renders > before };
}

describe('the public page cache', () => {
  it('renders a public page once, then gives it again with a fresh nonce in every place', async () => {
    const first = await get('/auth/login', { 'Accept-Language': 'fr' });
    const second = await get('/auth/login', { 'Accept-Language': 'fr' });
    expect(first.rendered).toBe(true);
    expect(second.rendered).toBe(false);
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    expect(second.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(second.body.replaceAll(second.nonces[0]!, 'N')).toBe(first.body.replaceAll(first.nonces[0]!, 'N'));
    expect(new Set(second.nonces).size).toBe(1);
    expect(second.nonces[0]).not.toBe(first.nonces[0]);
  });

  it('keeps a page per language and appearance', async () => {
    await get('/auth/login2', { Cookie: 'lng=ImFyIg%3D%3D' });
    expect((await get('/auth/login2', { Cookie: 'lng=ImFyIg%3D%3D' })).rendered).toBe(false);
    expect((await get('/auth/login2', { Cookie: 'lng=InpoIg%3D%3D' })).rendered).toBe(true);
    expect((await get('/auth/login2', { 'Accept-Language': 'zh' })).rendered).toBe(true);
  });

  it.each([
    ['a session', '/auth/forgot-password', { Cookie: '__session=abc' }],
    ['any other cookie', '/auth/forgot-password', { Cookie: 'lng=ImFyIg%3D%3D; pending=1' }],
    ['a query string', '/auth/forgot-password?redirectTo=/apps/loans', {}],
    ['a page that is not public', '/apps/loans', {}],
  ])('always renders with %s', async (_case, path, headers) => {
    await get(path, headers);
    expect((await get(path, headers)).rendered).toBe(true);
  });

  it('does not keep an answer that sets a cookie or is not 200', async () => {
    await get('/auth/register');
    expect((await get('/auth/register')).rendered).toBe(true);
    await get('/pages/privacy-policy');
    expect((await get('/pages/privacy-policy')).rendered).toBe(true);
  });

  it('keeps a bounded number of pages', async () => {
    for (const language of ['de', 'es', 'it', 'pt', 'nl'])
      await get('/auth/login', { 'Accept-Language': language });
    expect(cache.size()).toBe(3);
  });

  it('names no key for a POST', () => {
    expect(
      pageCacheKey({ method: 'POST', path: '/auth/login', originalUrl: '/auth/login', headers: {} }),
    ).toBeNull();
  });
});
