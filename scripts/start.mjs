#!/usr/bin/env node
// Starts the reference back office (unless BACKOFFICE_URL points elsewhere) and the portal (the built
// server, or with --dev Vite's dev server), keeps both running, then prints where to go and who to sign in
// as. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from '../server/supervisor.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
const backofficePort = process.env.BACKOFFICE_PORT || '8069';
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
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

let backofficeUrl = process.env.BACKOFFICE_URL;
if (!backofficeUrl) {
  backofficeUrl = `http://127.0.0.1:${backofficePort}`;
  startChild('back office', ['--import', 'tsx', 'backoffice/main.ts'], {
    BACKOFFICE_PORT: backofficePort,
    DATA_DIR: dataDir,
    PORTAL_URL: process.env.PORTAL_URL || `http://${host}:${port}`,
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

console.info(`
  Portal:      http://${host}:${port}/
  Back office: ${backofficeUrl}${process.env.BACKOFFICE_URL ? '' : ' (reference back office, data in ' + dataDir + ')'}

  Demo accounts (password demo1234):
    client@example.com    client
    client2@example.com   client (a second customer)
    agent@example.com     warehouse agent
    admin@example.com     admin

  Press Ctrl+C to stop.
`);
