// The portal's HTTP server: static assets with long caching, a per-request CSP nonce and the Remix handler.
import { randomBytes } from 'node:crypto';
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { readFileSync } from 'node:fs';
import {
  bodyRefusal,
  contentSecurityPolicy,
  isCrossSiteWrite,
  refusalLanguage,
  refusalPage,
} from './server/security.js';
import { publicPageCache } from './server/page-cache.js';
import { precompressed } from './server/precompressed.js';
import { listFiles, onlyFiles } from './server/static-files.js';

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '127.0.0.1';
const build = await import('./build/server/index.js');

/** The refusals' texts in each language (namespace common: errors.crossSite, errors.tooLarge). */
const refusalTexts = Object.fromEntries(
  ['en', 'fr', 'ar', 'zh'].map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`./app/locales/${language}/common.json`, import.meta.url), 'utf8'))
      .errors,
  ]),
);

const app = express();
app.disable('x-powered-by');
// Behind a reverse proxy, TRUST_PROXY (e.g. "1" or "loopback") lets X-Forwarded-* name the client's scheme.
if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);

const analyticsOrigin = process.env.ANALYTICS_SCRIPT_URL
  ? new URL(process.env.ANALYTICS_SCRIPT_URL).origin
  : undefined;

app.use((req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.set('X-Frame-Options', 'DENY');
  if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
});

// Cross-site writes are refused before any action runs (CSRF); the session cookie is SameSite=Lax too.
app.use((req, res, next) => {
  const host = (app.get('trust proxy') && req.get('x-forwarded-host')) || req.get('host');
  const refused = isCrossSiteWrite({
    method: req.method,
    origin: req.get('origin'),
    secFetchSite: req.get('sec-fetch-site'),
    expectedOrigin: `${req.protocol}://${host}`,
  });
  if (refused) {
    const language = refusalLanguage(req.get('cookie'), req.get('accept-language'));
    res.status(403).type('html').send(refusalPage(language, refusalTexts[language].crossSite));
    return;
  }
  next();
});

// A body too large to read is refused before anything reads it.
app.use((req, res, next) => {
  const status = bodyRefusal({
    method: req.method,
    contentType: req.get('content-type'),
    contentLength: req.get('content-length'),
    transferEncoding: req.get('transfer-encoding'),
  });
  if (status === null) return next();
  const language = refusalLanguage(req.get('cookie'), req.get('accept-language'));
  res.set('Connection', 'close');
  res.status(status).type('html').send(refusalPage(language, refusalTexts[language].tooLarge));
});

// Scripts and styles go compressed (Brotli or gzip copies made at build) to browsers that accept it.
// Only requests for the build's own files reach these handlers: pages and data cost no file lookup.
const clientFiles = listFiles('build/client');
const staticFiles = express.Router();
staticFiles.use(
  precompressed('build/client', {
    cacheOf: (urlPath) =>
      urlPath.startsWith('/assets/') ? { immutable: true, maxAge: '1y' } : { maxAge: '1h' },
  }),
);
// Fingerprinted build output never changes under its name.
staticFiles.use(
  '/assets',
  express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }),
);
staticFiles.use(express.static('build/client', { maxAge: '1h', index: false }));
app.use(onlyFiles(clientFiles, staticFiles));

app.all(
  '*',
  (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    res.set('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce, { analyticsOrigin }));
    next();
  },
  publicPageCache({ nonceOf: (res) => res.locals.cspNonce }),
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // The request URL Remix sees carries express's `req.protocol`, so X-Forwarded-Proto counts only
    // behind a trusted proxy; session cookies get `Secure` from it.
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
  }),
);

const server = app.listen(port, host, () => {
  console.info(`portal listening on http://${host}:${port}`);
});
// Idle kept-alive connections stay open longer than clients and proxies reuse them (typically up to
// 60 s), so a request is never written into a socket the server is just closing (ECONNRESET).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
