// The portal as server.js runs it, for server/cluster.test.ts (started with `node --import tsx`): the
// primary part, then in each worker the portal's server (checks, limits, drain) around a stand-in
// handler that says which worker answered and which session secret it signs with, and a slow page.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveOnWorkers } from './cluster.js';
import { createPortalApp, drain, listenPortal } from './portal-server.js';
import { env } from '../app/services/env.server.ts';

// Restarts within a test's patience (the portal waits 1 s, doubling to 30 s).
await serveOnWorkers(process.env, { initialDelayMs: 100, maxDelayMs: 400 });

// Whether the secret was in DATA_DIR before this worker read it: a worker that had to make its own could
// race another doing the same, and each would sign with a secret of its own.
const secretFound = existsSync(path.resolve(process.env.DATA_DIR ?? './data', 'session-secret'));
const secret = createHash('sha256').update(env().SESSION_SECRET).digest('hex').slice(0, 16);

const app = createPortalApp({
  refusalTexts: { en: {}, fr: {}, ar: {}, zh: {} },
  handler: async (req, res) => {
    const ms = Number(new URL(req.originalUrl, 'http://portal').searchParams.get('ms') ?? 0);
    if (ms > 0) {
      console.info(`worker ${process.pid}: a slow request under way`);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    res.json({ worker: process.pid, secret, secretFound, renders: env().RENDER_CONCURRENCY });
  },
});
const server = await listenPortal(app, { port: Number(process.env.PORT), host: '127.0.0.1' });

let stopping = false;
/** @param {string} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.info(`worker ${process.pid} stopping (${signal})`);
  process.exit(await drain(server, { graceMs: Number(process.env.SHUTDOWN_GRACE_MS || 25_000) }));
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
