// The portal's HTTP server: the Remix build behind the checks, headers and limits of server/portal-server.js.
import { createRequestHandler } from '@remix-run/express';
import { createPortalApp, drain, listenPortal } from './server/portal-server.js';
import { sessionSecretProblem } from './server/settings.js';

const problem = sessionSecretProblem(process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}

if (process.env.NODE_ENV === 'production' && !process.env.SESSION_SECRET?.trim()) {
  console.warn(
    'SESSION_SECRET is not set: session cookies are signed with the secret kept in DATA_DIR/session-secret ' +
      '(made at first start). That suits one process on one machine; set SESSION_SECRET for more.',
  );
}

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '127.0.0.1';
/** How long a stop waits for requests under way (a PDF, a back-office call) before cutting them. */
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS || 25_000);
const build = await import('./build/server/index.js');

const app = createPortalApp({
  clientDir: 'build/client',
  trustProxy: process.env.TRUST_PROXY,
  analyticsOrigin: process.env.ANALYTICS_SCRIPT_URL
    ? new URL(process.env.ANALYTICS_SCRIPT_URL).origin
    : undefined,
  handler: createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // The request URL Remix sees carries express's `req.protocol`, so X-Forwarded-Proto counts only
    // behind a trusted proxy; session cookies get `Secure` from it.
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
  }),
});

const server = await listenPortal(app, {
  port,
  host,
  // Behind a proxy every connection comes from the proxy: the proxy limits connections per client.
  limits: process.env.TRUST_PROXY
    ? { perAddress: 0 }
    : process.env.CONNECTIONS_PER_ADDRESS
      ? { perAddress: Number(process.env.CONNECTIONS_PER_ADDRESS) }
      : {},
});
console.info(`portal listening on http://${host}:${port}`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.info(`portal stopping (${signal}): finishing requests under way`);
  const code = await drain(server, {
    graceMs: shutdownGraceMs,
    // Chromium and the back-office connections, held by the server build (entry.server.tsx).
    release: () => build.entry.module.releaseResources?.() ?? Promise.resolve(),
  });
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
