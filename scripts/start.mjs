#!/usr/bin/env node
// Starts the reference back office (unless BACKOFFICE_URL points elsewhere) and the portal (the built
// server, or with --dev Vite's dev server), then prints where to go and who to sign in as. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
const backofficePort = process.env.BACKOFFICE_PORT || '8069';
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
const dev = process.argv.includes('--dev');
const children = [];

function startChild(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] the ${name} stopped (${signal ?? `exit ${code}`}); stopping everything.`);
    stop(code || 1);
  });
  children.push(child);
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
  stop(1);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

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
