// The public pages a visitor sees before signing in (sign-in, registration, forgotten password, terms,
// privacy) are the same for everyone with the same language and appearance: the first visitor's page
// is kept and the next ones get it without rendering again, with their own CSP nonce put in. Anything
// that could make a page someone's own — a session or any other cookie than language and appearance, a
// query string, a status other than 200, a cookie being set — means the page is rendered as usual.
import { parse } from 'cookie';

/** The pages that may be kept (exact paths, without a query string). */
export const PUBLIC_PAGES = new Set([
  '/auth/login',
  '/auth/login2',
  '/auth/register',
  '/auth/register2',
  '/auth/forgot-password',
  '/auth/forgot-password2',
  '/pages/terms-of-service',
  '/pages/privacy-policy',
]);

/** The cookies that only choose how a page looks; any other one makes the request someone's own. */
const LOOK_COOKIES = new Set(['lng', 'appearance']);

/** The headers of a kept page given again (the CSP is each response's own, with its nonce). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'referrer-policy'];

/**
 * The key a request's page is kept under, or null when it must be rendered.
 * @param {{ method: string; path: string; originalUrl: string; headers: Record<string, string | string[] | undefined> }} req
 * @returns {string | null}
 */
export function pageCacheKey(req) {
  if (req.method !== 'GET' || req.originalUrl !== req.path || !PUBLIC_PAGES.has(req.path)) return null;
  const cookies = parse(String(req.headers.cookie ?? ''));
  if (Object.keys(cookies).some((name) => !LOOK_COOKIES.has(name))) return null;
  return JSON.stringify([
    req.path,
    cookies.lng ?? '',
    cookies.appearance ?? '',
    String(req.headers['accept-language'] ?? ''),
  ]);
}

/**
 * Express middleware keeping the public pages. `nonceOf(res)` is the response's CSP nonce (set by an
 * earlier middleware); a kept page is stored split around its nonce and joined with the new one.
 * Pages are kept `maxAgeMs` at most (dates on them move on) and `maxEntries` of them at most.
 * @param {{ nonceOf: (res: import('express').Response) => string; maxEntries?: number; maxAgeMs?: number }} options
 * @returns {import('express').RequestHandler & { size: () => number }}
 */
export function publicPageCache({ nonceOf, maxEntries = 200, maxAgeMs = 10 * 60_000 }) {
  /** @type {Map<string, { parts: string[]; headers: [string, string][]; keptAt: number }>} */
  const pages = new Map();

  /** @type {import('express').RequestHandler & { size: () => number }} */
  const middleware = (req, res, next) => {
    const key = pageCacheKey(req);
    if (key === null) return next();
    const kept = pages.get(key);
    if (kept && Date.now() - kept.keptAt > maxAgeMs) pages.delete(key);
    else if (kept) {
      // Most recently used last: the first entry is the one to drop when full.
      pages.delete(key);
      pages.set(key, kept);
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.setHeader('X-Page-Cache', 'hit');
      res.status(200).send(kept.parts.join(nonceOf(res)));
      return;
    }
    // Not kept yet: render as usual, keeping a copy of what is sent.
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      return end(chunk, ...rest);
    };
    res.on('finish', () => {
      const type = String(res.getHeader('content-type') ?? '');
      if (res.statusCode !== 200 || res.getHeader('set-cookie') || !type.startsWith('text/html')) return;
      const nonce = nonceOf(res);
      if (!nonce) return;
      const headers = KEPT_HEADERS.flatMap((name) => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, String(value)]];
      });
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value);
      const parts = Buffer.concat(chunks).toString('utf8').split(nonce);
      pages.set(key, { parts, headers, keptAt: Date.now() });
    });
    next();
  };
  middleware.size = () => pages.size;
  return middleware;
}
