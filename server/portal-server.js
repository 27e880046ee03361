// The portal's HTTP server, built from its parts so that tests can start it around any request handler:
// security headers, the CSRF and body checks that run before anything reads a body, the build's static
// files, the Remix handler; connection limits; and the drain on shutdown. server.js wires in the build.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { logger as portalLogger } from './logger.js';
import { loggedPath, requestLog } from './request-log.js';
import {
  bodyRefusal,
  contentSecurityPolicy,
  isCrossSiteWrite,
  refusalLanguage,
  refusalPage,
  trustProxySetting,
} from './security.js';
import { publicPageCache } from './page-cache.js';
import { precompressed } from './precompressed.js';
import { listFiles, onlyFiles } from './static-files.js';

/**
 * The refusals' texts in each language (namespace common, `errors`), and `failed`: the error page's
 * (`errorPage`), for a failure no handler answered.
 */
export function loadRefusalTexts(localesDir = new URL('../app/locales/', import.meta.url)) {
  return Object.fromEntries(
    ['en', 'fr', 'ar', 'zh'].map((language) => {
      const common = JSON.parse(readFileSync(new URL(`${language}/common.json`, localesDir), 'utf8'));
      const page = common.errorPage;
      return [
        language,
        { ...common.errors, failed: { title: page.errorTitle, body: page.errorBody, back: page.goHome } },
      ];
    }),
  );
}

/**
 * The express application.
 * @param {{
 *   handler: import('express').RequestHandler;
 *   clientDir?: string;
 *   trustProxy?: string;
 *   analyticsOrigin?: string;
 *   refusalTexts?: Record<string, any>;
 *   logger?: import('pino').Logger;
 * }} options
 */
export function createPortalApp({
  handler,
  clientDir,
  trustProxy,
  analyticsOrigin,
  refusalTexts,
  logger = portalLogger,
}) {
  const texts = refusalTexts ?? loadRefusalTexts();
  const app = express();
  app.disable('x-powered-by');
  // Remix reads the query from the request's URL; express's own parse of it (qs) would be wasted work.
  app.set('query parser', false);
  // Behind a reverse proxy, TRUST_PROXY lets X-Forwarded-* name the client's scheme and address: a
  // number is how many proxies stand in front, anything else the proxies' addresses (security.js).
  const trust = trustProxySetting(trustProxy);
  if (trust !== undefined) app.set('trust proxy', trust);
  // First, so that every answer (refusals and files too) is logged; a proxy's id only behind a proxy.
  app.use(requestLog({ logger, trustRequestId: trust !== undefined }));

  /** @param {import('express').Request} req @param {import('express').Response} res */
  const refuse = (req, res, status, key) => {
    const language = refusalLanguage(req.get('cookie'), req.get('accept-language'));
    res.status(status).type('html').send(refusalPage(language, texts[language][key]));
  };

  app.use((req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A page's own policy (share links: no-referrer) is appended by the Remix adapter: it replaces
    // the default instead of standing beside it.
    const writeHead = res.writeHead;
    res.writeHead = /** @type {typeof res.writeHead} */ (
      function (/** @type {any[]} */ ...args) {
        const policy = res.getHeader('Referrer-Policy');
        const values = (Array.isArray(policy) ? policy : [String(policy ?? '')])
          .flatMap((value) => value.split(','))
          .map((value) => value.trim())
          .filter(Boolean);
        if (values.length > 1) res.setHeader('Referrer-Policy', values[values.length - 1]);
        return writeHead.apply(res, /** @type {any} */ (args));
      }
    );
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
    if (refused) return refuse(req, res, 403, 'crossSite');
    next();
  });

  // A body too large to read, or files sent to a page that takes none, is refused before anything reads
  // it; the connection is closed rather than left holding the rest of the body.
  app.use((req, res, next) => {
    const status = bodyRefusal({
      method: req.method,
      path: req.path,
      contentType: req.get('content-type'),
      contentLength: req.get('content-length'),
      transferEncoding: req.get('transfer-encoding'),
    });
    if (status === null) return next();
    res.set('Connection', 'close');
    refuse(req, res, status, status === 415 ? 'noFiles' : 'tooLarge');
  });

  if (clientDir) {
    // Scripts and styles go compressed (Brotli or gzip copies made at build) to browsers that accept
    // it. Only requests for the build's own files reach these handlers: pages and data cost no lookup.
    const clientFiles = listFiles(clientDir);
    const staticFiles = express.Router();
    staticFiles.use(
      precompressed(clientDir, {
        cacheOf: (urlPath) =>
          urlPath.startsWith('/assets/') ? { immutable: true, maxAge: '1y' } : { maxAge: '1h' },
      }),
    );
    // Fingerprinted build output never changes under its name.
    staticFiles.use(
      '/assets',
      express.static(`${clientDir}/assets`, { immutable: true, maxAge: '1y', index: false }),
    );
    staticFiles.use(express.static(clientDir, { maxAge: '1h', index: false }));
    app.use(onlyFiles(clientFiles, staticFiles));
  }

  app.all(
    '*',
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      res.set('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce, { analyticsOrigin }));
      next();
    },
    publicPageCache({ nonceOf: (res) => res.locals.cspNonce }),
    tracked(app, handler),
  );

  // A failure no handler answered (Remix answers its own): the stack goes to the log, the reader gets
  // the error page in their language (express's own page would show the stack outside production).
  app.use(
    /** @type {import('express').ErrorRequestHandler} */ (
      (error, req, res, _next) => {
        logger.error(
          { err: error, method: req.method, path: loggedPath(req.originalUrl) },
          'unexpected error',
        );
        if (res.headersSent) return void req.socket.destroy();
        refuse(req, res, 500, 'failed');
      }
    ),
  );
  return app;
}

/**
 * The Remix handler of a server build. Always in production mode: the build is a production build, and
 * an error reaches the browser without its message or stack whatever NODE_ENV says (the log gets both,
 * entry.server.tsx `handleError`).
 * @param {import('@remix-run/node').ServerBuild} build
 */
export function remixHandler(build) {
  return createRequestHandler({
    build,
    mode: 'production',
    // The request URL Remix sees carries express's `req.protocol`, so X-Forwarded-Proto counts only
    // behind a trusted proxy; session cookies get `Secure` from it.
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
  });
}

/** Connection limits (slowloris and connection floods): what one address, and all together, may hold. */
export const CONNECTION_LIMITS = {
  /** A request's headers must arrive within this. */
  headersTimeoutMs: 20_000,
  /** A whole request, body included (five 10 MB files over a slow line fit). */
  requestTimeoutMs: 300_000,
  /** Idle kept-alive connections stay open longer than clients and proxies reuse them (up to 60 s). */
  keepAliveTimeoutMs: 65_000,
  /** How often the two time limits above are checked. */
  checkIntervalMs: 2_000,
  /** Open connections from one address; 0 (off) behind a proxy, which is one address for everyone. */
  perAddress: 64,
  /** Open connections in all. */
  total: 4096,
};

/**
 * Starts listening with the connection limits.
 * @param {import('express').Express} app
 * @param {{ port: number; host: string; limits?: Partial<typeof CONNECTION_LIMITS> }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function listenPortal(app, { port, host, limits = {} }) {
  const settings = { ...CONNECTION_LIMITS, ...limits };
  const server = http.createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      connectionsCheckingInterval: settings.checkIntervalMs,
    },
    app,
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxConnections = settings.total;
  if (settings.perAddress > 0) limitPerAddress(server, settings.perAddress);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Closes a new connection at once when its address already holds `limit` open ones.
 * @param {import('node:http').Server} server
 * @param {number} limit
 */
function limitPerAddress(server, limit) {
  /** @type {Map<string, number>} */
  const open = new Map();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= limit) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Each app's handler calls still working: a reader gone (a closed tab) does not stop a loader. */
const underWay = new WeakMap();

/**
 * `handler`, with each of its calls counted as under way until its work ends, whether or not the reader
 * waits for the answer: a stop lets them end before it closes what they use.
 * @param {import('express').Express} app
 * @param {import('express').RequestHandler} handler
 * @returns {import('express').RequestHandler}
 */
function tracked(app, handler) {
  const calls = new Set();
  underWay.set(app, calls);
  return (req, res, next) => {
    const result = handler(req, res, next);
    if (result && typeof (/** @type {Promise<unknown>} */ (result).then) === 'function') {
      const done = () => void calls.delete(work);
      const work = Promise.resolve(result).then(done, done);
      calls.add(work);
    }
    return result;
  };
}

/**
 * Resolves once no call of `app`'s handler is under way (those that start meanwhile included).
 * @param {import('express').Express} app
 */
export async function handlersSettled(app) {
  const calls = underWay.get(app) ?? new Set();
  while (calls.size > 0) await Promise.all(calls);
}

/**
 * Stops the server without cutting work in flight: no new connections, idle ones closed, requests
 * under way (a PDF being rendered, a back-office call) given up to `graceMs` to finish; then `release`
 * closes what the handler holds (Chromium, the back-office connection pool). A request whose reader has
 * gone still counts until its handler has ended (`settled`): its loaders use what `release` closes.
 * Resolves with the exit code: 0 when everything finished, 1 when the grace ran out.
 * @param {import('node:http').Server} server
 * @param {{ graceMs: number; release?: () => Promise<void>; settled?: () => Promise<void> }} options
 * @returns {Promise<number>}
 */
export async function drain(server, { graceMs, release, settled }) {
  let finished = true;
  const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
  // Kept-alive connections waiting for a next request would hold close() until their time-out.
  server.closeIdleConnections();
  // A connection that finishes its request while draining is closed, not kept for another.
  const idleAgain = setInterval(() => server.closeIdleConnections(), 100);
  const grace = new Promise((resolve) =>
    setTimeout(() => {
      finished = false;
      resolve(undefined);
    }, graceMs).unref(),
  );
  await Promise.race([Promise.all([closed, settled?.()]), grace]);
  clearInterval(idleAgain);
  if (!finished) server.closeAllConnections();
  try {
    await release?.();
  } catch (error) {
    portalLogger.error({ err: error }, 'shutdown: releasing resources failed');
    finished = false;
  }
  return finished ? 0 : 1;
}
