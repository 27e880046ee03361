#!/usr/bin/env node
// The servers the end-to-end tests run against (Playwright's `webServer`): the reference back office
// on 127.0.0.1:18069 and the built portal on 127.0.0.1:13000, over a fresh temporary DATA_DIR that is
// removed again on exit. The data directory's path is written to tests/e2e/.state/data-dir for the tests
// (they read the mail outbox from it).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const HOST = '127.0.0.1';
// E2E_PORTAL_PORT / E2E_BACKOFFICE_PORT let two checkouts run their suites side by side.
const PORTAL_PORT = process.env.E2E_PORTAL_PORT || '13000';
const BACKOFFICE_PORT = process.env.E2E_BACKOFFICE_PORT || '18069';
const PORTAL_URL = `http://${HOST}:${PORTAL_PORT}`;
const BACKOFFICE_URL = `http://${HOST}:${BACKOFFICE_PORT}`;
// Fixed, so that a test run is reproducible; 48 characters, for tests only.
const SESSION_SECRET = 'e2e-test-session-secret-not-for-production-00000';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-portal-e2e-'));
const stateDir = path.join(here, '.state');
mkdirSync(stateDir, { recursive: true });
const stateFile = path.join(stateDir, 'data-dir');
writeFileSync(stateFile, dataDir + '\n');
console.info(`[e2e] DATA_DIR=${dataDir}`);

// Settings that would change what the tests see (a real back office, mail by SMTP, analytics) are not passed on.
const inherited = { ...process.env };
for (const name of ['BACKOFFICE_URL', 'SMTP_URL', 'ANALYTICS_SCRIPT_URL', 'TRUST_PROXY', 'DATABASE_URL']) {
  delete inherited[name];
}
// Warnings and errors only: a line per request would bury a failing test's output (LOG_LEVEL=info to see them).
inherited.LOG_LEVEL ??= 'warn';

const children = new Set();
let stopping = false;

function cleanUp() {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  try {
    if (readFileSync(stateFile, 'utf8').trim() === dataDir) rmSync(stateFile, { force: true });
  } catch {
    // already gone
  }
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  let left = running.length;
  const finish = () => {
    cleanUp();
    process.exit(code);
  };
  if (left === 0) finish();
  for (const child of running) child.once('exit', () => --left === 0 && finish());
  setTimeout(finish, 4000).unref();
}

process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
process.on('SIGHUP', () => stop(0));
// Last resort (an exception, or process.exit elsewhere): no child and no data directory is left behind.
process.on('exit', cleanUp);

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...inherited, ...env },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[e2e] the ${name} stopped (${signal ?? `exit ${code}`}); stopping.`);
    stop(1);
  });
  return child;
}

async function waitFor(url, name, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping && Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (stopping) return;
  console.error(`[e2e] the ${name} did not answer at ${url} within ${timeoutMs / 1000} s.`);
  stop(1);
}

start('back office', ['--import', 'tsx', 'backoffice/main.ts'], {
  BACKOFFICE_PORT,
  DATA_DIR: dataDir,
  PORTAL_URL,
});
await waitFor(`${BACKOFFICE_URL}/health`, 'back office');

if (!stopping) {
  start('portal', ['server.js'], {
    NODE_ENV: 'production',
    PORT: PORTAL_PORT,
    HOST,
    DATA_DIR: dataDir,
    BACKOFFICE_URL,
    SESSION_SECRET,
    // One process: quicker to start, and lighter beside the test browser on a small machine
    // (docs/decisions/037-every-core.md); tests/lb/ and server/cluster.test.ts cover several.
    WEB_CONCURRENCY: '1',
    // Every test browser comes from this machine's address, and many tests open their own account.
    REGISTRATIONS_PER_HOUR: '1000',
  });
}
