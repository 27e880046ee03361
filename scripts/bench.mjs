#!/usr/bin/env node
// `npm run bench`: builds the portal, starts it with the reference back office over a fresh database
// holding the demo data plus customers with 100, 1 000 and 10 000 orders and loans, measures, and prints
// one table. Loopback only; every run is bounded in time and stops its servers by itself. Load comes
// from wrk (Debian), pinned to one core while the servers run on the other, so that the figures of one
// run compare with each other (ratios), not with another machine's.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsShipped, removeSourceMaps } from './js-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PORTS = { portal: 13400, backoffice: 18400, bare: 13499 };
const PORTAL = `http://${HOST}:${PORTS.portal}`;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const cores = os.availableParallelism();
const LOAD_CORE = '0';
const SERVER_CORES = cores > 1 ? `1-${cores - 1}` : '0';

const children = new Set();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-portal-bench-'));
const rows = [];

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', () => {
  stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
// The whole bench stops by itself after 15 minutes, whatever happens.
setTimeout(() => {
  console.error('[bench] over 15 minutes: stopping');
  process.exit(1);
}, 15 * 60_000).unref();

function run(command, args, options = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

function has(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function pinned(args) {
  return has('taskset') ? ['taskset', ['-c', SERVER_CORES, ...args]] : [args[0], args.slice(1)];
}

function start(name, args, env) {
  const [command, rest] = pinned(args);
  const child = spawn(command, rest, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  child.lines = [];
  child.stdout.on('data', (chunk) => child.lines.push(...String(chunk).split('\n').filter(Boolean)));
  children.add(child);
  child.on('exit', (code) => {
    if (code && code !== 143) console.error(`[bench] ${name} stopped (exit ${code})`);
  });
  return child;
}

async function waitFor(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function signIn(email) {
  const response = await fetch(`${PORTAL}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PORTAL },
    body: new URLSearchParams({ email, password: 'demo1234' }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 302 || !cookie) throw new Error(`signing in ${email}: ${response.status}`);
  return cookie;
}

const WRK_REPORT = path.join(dataDir, 'report.lua');
writeFileSync(
  WRK_REPORT,
  `local think = tonumber(os.getenv("THINK_MS") or "0")
math.randomseed(os.time())
function delay()
  if think > 0 then return math.random(math.floor(think / 2), think + math.floor(think / 2)) end
  return 0
end
function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('WRK {"rps":%.1f,"p50":%.2f,"p95":%.2f,"p99":%.2f,"mean":%.2f,"errors":%d,"non2xx":%d,"requests":%d}\\n',
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.mean / 1000, errors, summary.errors.status, summary.requests))
end
`,
);

/** wrk against one URL: requests per second and latency percentiles (ms). */
function load(url, { connections = 10, seconds = SECONDS, cookie, thinkMs = 0 } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', WRK_REPORT];
  if (cookie) args.push('-H', `Cookie: ${cookie}`);
  args.push(url);
  const command = has('taskset') ? ['taskset', ['-c', LOAD_CORE, 'wrk', ...args]] : ['wrk', args];
  const output = execFileSync(command[0], command[1], {
    encoding: 'utf8',
    env: { ...process.env, THINK_MS: String(thinkMs) },
  });
  const line = output.split('\n').find((text) => text.startsWith('WRK '));
  return JSON.parse(line.slice(4));
}

function add(section, what, figure, goal = '') {
  rows.push({ section, what, figure, goal });
  console.info(`[bench] ${section} · ${what}: ${figure}`);
}

const ms = (value) => `${value.toFixed(1)} ms`;

// ---- Set-up ------------------------------------------------------------------------------------------
if (!has('wrk')) {
  console.error('[bench] wrk is needed (Debian package "wrk"): apt-get install -y wrk');
  process.exit(1);
}
console.info('[bench] building…');
// Hidden source maps (the JavaScript is byte for byte the usual build) tell which libraries the
// every-page JavaScript is made of; they are removed before the portal starts.
run('npm', ['run', 'build', '--', '--sourcemapClient', 'hidden'], { stdio: 'ignore' });
const clientBuild = path.join(root, 'build', 'client');
const shipped = jsShipped(clientBuild);
const shippedLibraries = shipped.libraries();
removeSourceMaps(clientBuild);
run('npx', ['tsx', 'backoffice/benchSeed.ts', dataDir]);
const backoffice = start('back office', [process.execPath, '--import', 'tsx', 'backoffice/main.ts'], {
  BACKOFFICE_PORT: String(PORTS.backoffice),
  DATA_DIR: dataDir,
  BACKOFFICE_LOG_REQUESTS: '1',
});
await waitFor(`http://${HOST}:${PORTS.backoffice}/health`);
start('portal', [process.execPath, 'server.js'], {
  NODE_ENV: 'production',
  PORT: String(PORTS.portal),
  HOST,
  DATA_DIR: dataDir,
  BACKOFFICE_URL: `http://${HOST}:${PORTS.backoffice}`,
  SESSION_SECRET: 'bench-session-secret-not-for-production-000000000',
});
start('bare node:http', [
  process.execPath,
  '-e',
  `require('node:http').createServer((q, s) => s.end('hello')).listen(${PORTS.bare}, '${HOST}')`,
]);
await waitFor(`${PORTAL}/healthz`);
await waitFor(`http://${HOST}:${PORTS.bare}/`);
const client = await signIn('client@example.com');

// ---- 1. SSR throughput beside a bare server -------------------------------------------------------
const bare = load(`http://${HOST}:${PORTS.bare}/`);
add('1 SSR throughput', 'bare node:http hello', `${bare.rps.toFixed(0)} req/s`);
for (const [name, url, cookie] of [
  ['/auth/login', '/auth/login', undefined],
  ['/apps/loans (client)', '/apps/loans', client],
  ['/apps/shipping (client)', '/apps/shipping', client],
]) {
  const result = load(`${PORTAL}${url}`, { cookie });
  const ratio = (100 * result.rps) / bare.rps;
  add(
    '1 SSR throughput',
    name,
    `${result.rps.toFixed(1)} req/s = ${ratio.toFixed(2)} % of bare (non-2xx ${result.non2xx})`,
    '≥ 2 % of bare',
  );
}

// ---- 2. Latency under load ------------------------------------------------------------------------
const withThink = load(`${PORTAL}/apps/shipping`, { connections: 50, cookie: client, thinkMs: 1000 });
add(
  '2 latency, 50 users',
  '/apps/shipping with ~1 s think time',
  `p50 ${ms(withThink.p50)} · p95 ${ms(withThink.p95)} · p99 ${ms(withThink.p99)} (${withThink.rps.toFixed(0)} req/s)`,
  'p95 ≤ 100 ms',
);
const saturated = load(`${PORTAL}/apps/shipping`, { connections: 50, cookie: client });
add(
  '2 latency, 50 users',
  '/apps/shipping saturated',
  `p50 ${ms(saturated.p50)} · p95 ${ms(saturated.p95)} · p99 ${ms(saturated.p99)} (${saturated.rps.toFixed(0)} req/s, errors ${saturated.errors})`,
);

// ---- 3. Back-office calls per page ------------------------------------------------------------------
// The load runs' last back-office log lines arrive first.
await new Promise((resolve) => setTimeout(resolve, 2000));
for (const url of [
  '/dashboards/modern',
  '/apps/shipping',
  '/apps/loans',
  '/apps/invoice',
  '/apps/statement',
]) {
  const before = backoffice.lines.length;
  const started = performance.now();
  const response = await fetch(`${PORTAL}${url}`, { headers: { Cookie: client } });
  await response.text();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const calls = backoffice.lines.slice(before).filter((line) => /\b(GET|POST|PUT|PATCH|DELETE)\b/.test(line));
  add(
    '3 back-office calls',
    url,
    `${calls.length} calls, page ${ms(took)} (status ${response.status})`,
    'no N+1',
  );
}

// ---- 4. Scaling with data ----------------------------------------------------------------------------
for (const page of ['/apps/loans', '/apps/shipping']) {
  const means = [];
  for (const size of [100, 1_000, 10_000]) {
    const cookie = await signIn(`bench-${size}@example.com`);
    const result = load(`${PORTAL}${page}`, { connections: 4, seconds: Math.min(SECONDS, 6), cookie });
    means.push(result.mean);
    add('4 scaling with data', `${page}, ${size} records`, `${ms(result.mean)} per request`);
  }
  add('4 scaling with data', `${page}: 10 000 vs 100`, `${(means[2] / means[0]).toFixed(2)}×`, '≤ 3×');
}

// ---- 5. JavaScript shipped -----------------------------------------------------------------------------
{
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  add('5 JS shipped', 'initial (entry + root), gzip', kB(shipped.initial), '≤ 120 kB');
  for (const { group, bytes } of shippedLibraries) add('5 JS shipped', `… of which ${group}`, kB(bytes));
  add('5 JS shipped', 'all JS of the sign-in page', kB(shipped.page(['routes/auth.login'])));
  add(
    '5 JS shipped',
    'all JS of the dashboard',
    kB(shipped.page(['routes/_portal', 'routes/_portal.dashboards.modern'])),
  );
  const largest = shipped.routes[0];
  add(
    '5 JS shipped',
    'largest route chunk, gzip',
    `${kB(largest.bytes)} (${largest.id}); ${shipped.routes.filter((r) => r.bytes > 30 * 1024).length} over 30 kB`,
    '≤ 30 kB',
  );
}

// ---- 6. PDF and PNG rendering -------------------------------------------------------------------------
{
  const list = await (await fetch(`${PORTAL}/apps/invoice`, { headers: { Cookie: client } })).text();
  const id = /href="\/apps\/invoice\/(\d+)"/.exec(list)?.[1];
  const url = `${PORTAL}/apps/invoice/${id}/download?format=pdf`;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: client } });
    const body = Buffer.from(await response.arrayBuffer());
    if (!body.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
    return performance.now() - started;
  };
  add('6 rendering', 'cold first PDF (browser start)', ms(await once()));
  const warm = [];
  for (let index = 0; index < 30; index += 1) warm.push(await once());
  warm.sort((a, b) => a - b);
  add('6 rendering', 'warm PDF p50 / p95', `${ms(warm[14])} / ${ms(warm[28])}`, 'p50 ≤ 150 ms');
  const parallel = load(url, { connections: 4, seconds: Math.min(SECONDS, 8), cookie: client });
  add(
    '6 rendering',
    '4 concurrent downloads',
    `${parallel.rps.toFixed(1)} PDF/s (non-2xx ${parallel.non2xx})`,
  );
  const chromium = execFileSync(
    'sh',
    ['-c', "ps -eo rss,args | grep -i '[c]hromium' | awk '{s+=$1} END {print s+0}'"],
    {
      encoding: 'utf8',
    },
  );
  add('6 rendering', 'Chromium memory after the runs', `${(Number(chromium) / 1024).toFixed(0)} MB RSS`);
}

// ---- The table ------------------------------------------------------------------------------------------
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.info(
  `\nFreight portal bench · ${new Date().toISOString()} · ${cpu} × ${cores} · Node ${process.version}`,
);
console.info(`wrk on core ${LOAD_CORE}, servers on ${SERVER_CORES}; ${SECONDS} s per measure\n`);
const widths = ['section', 'what', 'figure', 'goal'].map((key) =>
  Math.max(key.length, ...rows.map((row) => String(row[key]).length)),
);
const line = (cells) => `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' | ')} |`;
console.info(line(['section', 'what', 'figure', 'goal']));
console.info(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.info(line([row.section, row.what, row.figure, row.goal]));
if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
