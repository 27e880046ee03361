#!/usr/bin/env node
// Starts the reference back office (unless BACKOFFICE_URL points elsewhere) and the portal (the built
// server, or with --dev Vite's dev server), keeps both running, then prints where to go and who to sign in
// as. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readPortalSettings, settingsOrExit } from '../server/settings.js';
import { workerCount } from '../server/cluster.js';
import { supervise } from '../server/supervisor.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Checked before anything starts (README "Settings"): a bad value stops here, with what it must be.
const settings = settingsOrExit(readPortalSettings(), 'portal');
const port = String(settings.PORT);
const host = settings.HOST;
const dataDir = path.resolve(root, settings.DATA_DIR);
const dev = process.argv.includes('--dev');
/** @type {ReturnType<typeof supervise>[]} */
const supervised = [];

// The back office and the portal are started again if they stop on their own (with back-off); while
// the back office is down, the portal keeps serving and says so on every page that needs it.
function startChild(name, args, env) {
  const child = supervise({
    name,
    start: () =>
      spawn(process.execPath, args, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      }),
  });
  supervised.push(child);
  return child;
}

async function waitFor(url, name, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`[start] the ${name} did not answer at ${url} within ${timeoutMs / 1000} s.`);
  await stop(1);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // Ctrl+C reaches every process of the terminal: none is started again as it stops.
  for (const child of supervised) child.halt();
  // The portal first (it finishes requests under way, up to its grace), then the back office.
  for (const child of [...supervised].reverse()) await child.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

let backofficeUrl = settings.BACKOFFICE_URL;
/** Where the reference back office keeps its data, for the banner. */
let whereData = dataDir;
if (!backofficeUrl) {
  const { readBackofficeSettings } = await tsImport('../backoffice/settings.ts', import.meta.url);
  const backoffice = settingsOrExit(
    readBackofficeSettings({ PORTAL_URL: `http://${host}:${port}`, ...process.env, DATA_DIR: dataDir }),
    'back office',
  );
  backofficeUrl = `http://127.0.0.1:${backoffice.BACKOFFICE_PORT}`;
  if (backoffice.DATABASE_URL) {
    // The database's host and name only: the URL may carry a password.
    const database = new URL(backoffice.DATABASE_URL);
    whereData = `PostgreSQL at ${database.host}${database.pathname}`;
  }
  startChild('back office', ['--import', 'tsx', 'backoffice/main.ts'], {
    BACKOFFICE_PORT: String(backoffice.BACKOFFICE_PORT),
    DATA_DIR: dataDir,
    PORTAL_URL: backoffice.PORTAL_URL,
  });
  await waitFor(`${backofficeUrl}/health`, 'back office');
}

const portalArgs = dev
  ? [
      path.join(root, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js'),
      'vite:dev',
      '--port',
      port,
      '--host',
      host,
      '--strictPort',
    ]
  : ['server.js'];
startChild('portal', portalArgs, {
  NODE_ENV: dev ? 'development' : 'production',
  PORT: port,
  HOST: host,
  DATA_DIR: dataDir,
  BACKOFFICE_URL: backofficeUrl,
});
await waitFor(`http://${host}:${port}/healthz`, 'portal');

/** @param {number} workers */
const served = (workers) =>
  ` (served by ${workers} process${workers === 1 ? '' : 'es'}; WEB_CONCURRENCY to change)`;

console.info(`
  Portal:      http://${host}:${port}/${dev ? '' : served(workerCount(process.env).workers ?? 1)}
  Back office: ${backofficeUrl}${settings.BACKOFFICE_URL ? '' : ` (reference back office, data in ${whereData})`}

  Demo accounts (password demo1234):
    client@example.com    client
    client2@example.com   client (a second customer)
    agent@example.com     warehouse agent
    admin@example.com     admin

  Press Ctrl+C to stop.
`);
