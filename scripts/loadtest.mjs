#!/usr/bin/env node
// `npm run loadtest`: 200 signed-in users (LOADTEST_USERS) for 60 s (LOADTEST_SECONDS), 10 requests a
// second between them (LOADTEST_RATE; 0 for no think time), against the built
// portal and a fresh reference back office on loopback: each user keeps loading pages (dashboard,
// shipping orders, loans, invoices, tickets) and posting a form (the language, saved with the account).
// It fails on any 5xx, any unexpected answer (a lost session shows as a redirect to sign in), any line
// either server writes to its error log, or portal memory that keeps growing; it prints its figures.
// The portal serves as `npm start` runs it, on one worker process per core (WEB_CONCURRENCY if set):
// a session made on one worker is used on every other.
// Bounded in time; stops both servers and removes its data directory by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PORTS = { portal: 13600, backoffice: 18600 };
const PORTAL = `http://${HOST}:${PORTS.portal}`;
const BACKOFFICE = `http://${HOST}:${PORTS.backoffice}`;
const SECONDS = Number(process.env.LOADTEST_SECONDS || 60);
const USERS = Number(process.env.LOADTEST_USERS || 200);
/**
 * Requests per second over all users: people read a page before the next (about 20 s each here), so
 * 200 users make about 10 a second. LOADTEST_RATE=0 removes the think time (every user as fast as the
 * portal answers: a saturation run).
 */
const RATE = Number(process.env.LOADTEST_RATE ?? 10);
const ACCOUNTS = ['client@example.com', 'client2@example.com', 'agent@example.com', 'admin@example.com'];
/** Portal memory may grow this much between the first sample after warm-up and the last. */
const MEMORY_GROWTH_LIMIT = 1.5;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-portal-loadtest-'));
const children = new Set();
const errorLines = [];

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', () => {
  stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
setTimeout(
  () => {
    console.error('[loadtest] took too long: stopping');
    process.exit(1);
  },
  (SECONDS + 240) * 1000,
).unref();

// Settings that would change what is measured (a real back office, mail, analytics) are not passed on.
const inherited = { ...process.env };
for (const name of ['BACKOFFICE_URL', 'SMTP_URL', 'ANALYTICS_SCRIPT_URL', 'TRUST_PROXY'])
  delete inherited[name];

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) errorLines.push(`[${name}] ${line}`);
  });
  child.on('exit', (code, signal) => {
    if (children.has(child) && code !== 0 && signal !== 'SIGTERM') {
      errorLines.push(`[${name}] stopped (${signal ?? `exit ${code}`})`);
    }
  });
  return child;
}

async function waitFor(url, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not start within 60 s`);
}

/** Resident memory (MB) of a process and its children: the portal's workers, on every core. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return Math.round(kb / 1024) + children.reduce((sum, child) => sum + rssMb(child), 0);
  } catch {
    // gone meanwhile (a worker being replaced)
    return 0;
  }
}

async function signIn(email) {
  const response = await fetch(`${PORTAL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({ email, password: 'demo1234' }),
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__session='));
  if (response.status !== 302 || !cookie) throw new Error(`signing in ${email} answered ${response.status}`);
  return cookie.split(';')[0];
}

const PAGES = ['/dashboards/modern', '/apps/shipping', '/apps/loans', '/apps/invoice', '/apps/tickets'];

async function main() {
  console.info(`[loadtest] ${USERS} signed-in users for ${SECONDS} s, loopback only`);
  start('back office', ['--import', 'tsx', 'backoffice/main.ts'], {
    BACKOFFICE_PORT: String(PORTS.backoffice),
    DATA_DIR: dataDir,
    PORTAL_URL: PORTAL,
  });
  await waitFor(`${BACKOFFICE}/health`, 'the back office');
  const portal = start('portal', ['server.js'], {
    NODE_ENV: 'production',
    PORT: String(PORTS.portal),
    HOST,
    DATA_DIR: dataDir,
    BACKOFFICE_URL: BACKOFFICE,
    SESSION_SECRET: 'loadtest-session-secret-not-for-production-000000',
    // The users all come from one loopback address here; in the field each has its own.
    CONNECTIONS_PER_ADDRESS: String(USERS + 16),
  });
  await waitFor(`${PORTAL}/healthz`, 'the portal');

  // One session per user, over the four demo accounts, eight sign-ins at a time.
  const cookies = [];
  for (let index = 0; index < USERS; index += 8) {
    const batch = Array.from({ length: Math.min(8, USERS - index) }, (_, n) =>
      signIn(ACCOUNTS[(index + n) % ACCOUNTS.length]),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  console.info(`[loadtest] ${cookies.length} sessions ready`);

  const unexpected = new Map();
  const count = (what) => unexpected.set(what, (unexpected.get(what) ?? 0) + 1);
  let nextCookie = 0;
  const withCookie = (request, context) => {
    context.cookie ??= cookies[nextCookie++ % cookies.length];
    return { ...request, headers: { ...request.headers, cookie: context.cookie } };
  };
  const expect = (path, wanted) => (status) => {
    if (status !== wanted) count(`${path} → ${status}`);
  };
  const requests = [
    ...PAGES.map((page) => ({
      method: 'GET',
      path: page,
      setupRequest: withCookie,
      onResponse: expect(page, 200),
    })),
    {
      method: 'POST',
      path: '/preferences',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
      body: new URLSearchParams({ intent: 'language', lng: 'en', redirectTo: '/apps/tickets' }).toString(),
      setupRequest: withCookie,
      onResponse: expect('POST /preferences', 302),
    },
  ];

  const memory = [];
  const sampler = setInterval(() => memory.push(rssMb(portal.pid)), 5_000);
  const result = await autocannon({
    url: PORTAL,
    connections: USERS,
    duration: SECONDS,
    requests,
    timeout: 30,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
  });
  clearInterval(sampler);
  memory.push(rssMb(portal.pid));

  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  const fivexx = Object.entries(byStatus)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
  // The first samples fall in the warm-up (caches, JIT, the sessions' first pages).
  const settled = memory.slice(2);
  const first = settled[0] ?? memory[0];
  const last = memory.at(-1);
  const figures = [
    ['users (connections)', USERS],
    ['duration', `${SECONDS} s`],
    ['pace (all users)', RATE > 0 ? `${RATE} requests/s` : 'as fast as answered'],
    ['requests', result.requests.total],
    ['requests per second (mean)', Math.round(result.requests.average)],
    [
      'latency p50 / p97.5 / p99',
      `${result.latency.p50} / ${result.latency.p97_5} / ${result.latency.p99} ms`,
    ],
    ['answers by status', JSON.stringify(byStatus)],
    ['5xx', fivexx],
    ['errors / time-outs', `${result.errors} / ${result.timeouts}`],
    ['unexpected answers', unexpected.size ? JSON.stringify(Object.fromEntries(unexpected)) : 'none'],
    ['server error-log lines', errorLines.length],
    ['portal memory (MB), every 5 s', memory.join(' ')],
  ];
  const width = Math.max(...figures.map(([label]) => label.length));
  for (const [label, value] of figures) console.info(`${label.padEnd(width)}  ${value}`);

  const failures = [];
  if (fivexx > 0) failures.push(`${fivexx} answers were 5xx`);
  if (result.errors > 0 || result.timeouts > 0) failures.push('connection errors or time-outs');
  if (unexpected.size > 0) failures.push('unexpected answers');
  if (errorLines.length > 0) {
    failures.push('the servers logged errors');
    for (const line of errorLines.slice(0, 20)) console.error(line);
  }
  if (last > first * MEMORY_GROWTH_LIMIT) failures.push(`portal memory grew from ${first} to ${last} MB`);
  if (failures.length > 0) {
    console.error(`[loadtest] FAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.info('[loadtest] passed: no 5xx, no unexpected answer, no error logged, memory flat');
  process.exit(0);
}

main().catch((error) => {
  console.error('[loadtest]', error);
  for (const line of errorLines.slice(0, 20)) console.error(line);
  process.exit(1);
});
