// The portal's HTTP server: the Remix build behind the checks, headers and limits of server/portal-server.js.
import cluster from 'node:cluster';
import { serveOnWorkers } from './server/cluster.js';
import { logger } from './server/logger.js';
import {
  createPortalApp,
  drain,
  handlersSettled,
  listenPortal,
  remixHandler,
} from './server/portal-server.js';
import { readPortalSettings, sessionSecretProblem, settingsOrExit } from './server/settings.js';

// Every setting checked before anything starts; a bad one stops the portal with what to write instead.
const settings = settingsOrExit(readPortalSettings(), 'portal');
const problem = sessionSecretProblem(process.env);
if (problem) {
  logger.fatal(problem);
  process.exit(1);
}

if (cluster.isPrimary && settings.NODE_ENV === 'production' && !settings.SESSION_SECRET) {
  logger.warn(
    'SESSION_SECRET is not set: session cookies are signed with the secret kept in DATA_DIR/session-secret ' +
      '(made at first start). That suits the portal processes of one machine; set SESSION_SECRET for several machines.',
  );
}

// With several worker processes (WEB_CONCURRENCY, one per core unless set) this process only starts and
// watches them, and each of them runs the rest of this file (server/cluster.js).
await serveOnWorkers(process.env);

const { PORT: port, HOST: host } = settings;
/** How long a stop waits for requests under way (a PDF, a back-office call) before cutting them. */
const shutdownGraceMs = settings.SHUTDOWN_GRACE_MS;
const build = await import('./build/server/index.js');

const app = createPortalApp({
  clientDir: 'build/client',
  trustProxy: settings.TRUST_PROXY,
  analyticsOrigin: settings.ANALYTICS_SCRIPT_URL ? new URL(settings.ANALYTICS_SCRIPT_URL).origin : undefined,
  handler: remixHandler(build),
});

const server = await listenPortal(app, {
  port,
  host,
  // Behind a proxy every connection comes from the proxy: the proxy limits connections per client.
  limits: { perAddress: settings.TRUST_PROXY ? 0 : settings.CONNECTIONS_PER_ADDRESS },
});
logger.info(`portal listening on http://${host}:${port}`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info(`portal stopping (${signal}): finishing requests under way`);
  const code = await drain(server, {
    graceMs: shutdownGraceMs,
    // Pages whose reader has gone may still be loading: they end before what they use is closed.
    settled: () => handlersSettled(app),
    // Chromium and the back-office connections, held by the server build (entry.server.tsx).
    release: () => build.entry.module.releaseResources?.() ?? Promise.resolve(),
  });
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
