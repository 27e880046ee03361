#!/usr/bin/env node
// `npm run bench`: builds the portal, starts it with the reference back office over a fresh database
// holding the demo data plus customers with 100, 1 000 and 10 000 orders and loans, measures, and prints
// one table. Loopback only; every run is bounded in time and stops its servers by itself. Load comes
// from wrk (Debian), pinned to one core while the servers run on the other, so that the figures of one
// run compare with each other (ratios), not with another machine's. Section 6 renders BENCH_RENDERS
// invoices (default 1 000) and then stops the portal to count the Chromium processes it left; section 7
// runs Lighthouse (desktop) with Debian's Chromium. Sections 1 to 7 measure one portal process; section 8
// measures a signed-in first view served by one worker process and by one per core (WEB_CONCURRENCY),
// the portal then free to use every core. `--every-core` runs the build, the servers over the demo data
// and section 8 only. Section 9 times the back office's list calls on SQLite and on PostgreSQL;
// `--engines` runs only that (after the build and the servers' start, which it does not use).
// `--first-views` runs only section 1b (a first view's CPU against its loaders alone, in turns;
// BENCH_TURNS, default 4) and the every-page JavaScript of section 5.
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { jsShipped, removeSourceMaps } from './js-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PORTS = { portal: 13400, backoffice: 18400, bare: 13499, workers: 13401 };
const PORTAL = `http://${HOST}:${PORTS.portal}`;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const RENDERS = Number(process.env.BENCH_RENDERS || 1000);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const cores = os.availableParallelism();
const LOAD_CORE = '0';
const SERVER_CORES = cores > 1 ? `1-${cores - 1}` : '0';

const benchStarted = performance.now();
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
  // A server's output goes to a file, not a pipe: while wrk runs (execFileSync) this process reads
  // nothing, and a full pipe would hold a server at its next log line (one per request) mid-measure.
  const output = path.join(dataDir, `${name.replace(/\W+/g, '-')}.log`);
  const descriptor = openSync(output, 'w');
  const child = spawn(command, rest, {
    cwd: root,
    stdio: ['ignore', descriptor, 'inherit'],
    env: { ...process.env, ...env },
  });
  closeSync(descriptor);
  Object.defineProperty(child, 'lines', {
    get: () => readFileSync(output, 'utf8').split('\n').filter(Boolean),
  });
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
-- FRESH_URL=1: each request a URL never asked for before (an unused query parameter), so that nothing
-- rendered for an earlier request can be sent again.
if os.getenv("FRESH_URL") == "1" then
  local counter = 0
  function request()
    counter = counter + 1
    return wrk.format(nil, wrk.path .. "?fresh=" .. counter)
  end
end
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
function load(url, { connections = 10, seconds = SECONDS, cookie, thinkMs = 0, freshUrl = false } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', WRK_REPORT];
  if (cookie) args.push('-H', `Cookie: ${cookie}`);
  args.push(url);
  const command = has('taskset') ? ['taskset', ['-c', LOAD_CORE, 'wrk', ...args]] : ['wrk', args];
  const output = execFileSync(command[0], command[1], {
    encoding: 'utf8',
    env: { ...process.env, THINK_MS: String(thinkMs), FRESH_URL: freshUrl ? '1' : '0' },
  });
  const line = output.split('\n').find((text) => text.startsWith('WRK '));
  return JSON.parse(line.slice(4));
}

/** The fields of /proc/<pid>/stat after "pid (name) " (the name may hold spaces and parentheses). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time (ms) a process has used so far (user and system), from /proc. */
function cpuMs(pid) {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** `load`, with the CPU time the portal and the back office spent per request meanwhile. */
function measured(url, options) {
  const before = [cpuMs(portal.pid), cpuMs(backoffice.pid)];
  const result = load(url, options);
  const perRequest = (index, pid) => (cpuMs(pid) - before[index]) / Math.max(1, result.requests);
  return { ...result, portalCpu: perRequest(0, portal.pid), backofficeCpu: perRequest(1, backoffice.pid) };
}
const cpuOf = (result) =>
  `CPU per request: portal ${result.portalCpu.toFixed(2)} ms, back office ${result.backofficeCpu.toFixed(2)} ms`;

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
run('npx', ['remix', 'vite:build', '--sourcemapClient', 'hidden'], { stdio: 'ignore' });
const clientBuild = path.join(root, 'build', 'client');
const shipped = jsShipped(clientBuild);
const shippedLibraries = shipped.libraries();
removeSourceMaps(clientBuild);
// The rest of `npm run build`, after the maps are gone.
run('node', ['scripts/compress-assets.mjs'], { stdio: 'ignore' });
const onlyEveryCore = process.argv.includes('--every-core');
// Section 8 needs only the demo customers, which the back office writes at its first start.
if (!onlyEveryCore && !process.argv.includes('--first-views')) {
  run('npx', ['tsx', 'backoffice/benchSeed.ts', dataDir]);
}
const backoffice = start('back office', [process.execPath, '--import', 'tsx', 'backoffice/main.ts'], {
  BACKOFFICE_PORT: String(PORTS.backoffice),
  DATA_DIR: dataDir,
  BACKOFFICE_LOG_REQUESTS: '1',
});
await waitFor(`http://${HOST}:${PORTS.backoffice}/health`);
const portalEnv = {
  NODE_ENV: 'production',
  PORT: String(PORTS.portal),
  HOST,
  DATA_DIR: dataDir,
  BACKOFFICE_URL: `http://${HOST}:${PORTS.backoffice}`,
  SESSION_SECRET: 'bench-session-secret-not-for-production-000000000',
  // One process, so that these figures compare with earlier runs' (section 8 measures several).
  WEB_CONCURRENCY: '1',
};
const portal = start('portal', [process.execPath, 'server.js'], portalEnv);
start('bare node:http', [
  process.execPath,
  '-e',
  `require('node:http').createServer((q, s) => s.end('hello')).listen(${PORTS.bare}, '${HOST}')`,
]);
await waitFor(`${PORTAL}/healthz`);
await waitFor(`http://${HOST}:${PORTS.bare}/`);
const client = await signIn('client@example.com');

// ---- 8. Every core -------------------------------------------------------------------------------------
// The same signed-in first views (rendered every time) from a portal on one worker process, then on one
// per core. This portal is not pinned: its workers may use every core, the load's core too, as they
// would in service; the back office stays on the servers' cores. Throughput rising with the workers is
// what the section shows; CPU per request counts the primary and every worker; the machine's load
// average (1 minute) after each measure tells whether anything else ran meanwhile.
async function everyCore() {
  const url = `http://${HOST}:${PORTS.workers}`;
  const connections = Math.max(10, 4 * cores);
  for (const workers of [...new Set([1, cores])]) {
    const served = spawn(process.execPath, ['server.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...portalEnv, PORT: String(PORTS.workers), WEB_CONCURRENCY: String(workers) },
    });
    children.add(served);
    await waitFor(`${url}/healthz`);
    const processes = () => [served.pid, ...descendants(served.pid).map((process) => process.pid)];
    const portalCpu = () => processes().reduce((sum, pid) => sum + cpuMs(pid), 0);
    for (const page of ['/apps/loans', '/apps/shipping']) {
      // Every worker's first requests (its caches, the JIT) before the measure.
      load(`${url}${page}`, { connections, seconds: 2, cookie: client, freshUrl: true });
      const before = portalCpu();
      const result = load(`${url}${page}`, { connections, cookie: client, freshUrl: true });
      const cpu = (portalCpu() - before) / Math.max(1, result.requests);
      // Without the back office every page still answers 200, saying it cannot be reached.
      if (backoffice.exitCode !== null) throw new Error('the back office stopped during section 8');
      add(
        '8 every core',
        `${page} (client), rendered every time, ${workers} worker${workers === 1 ? '' : 's'}`,
        `${result.rps.toFixed(1)} req/s, p95 ${ms(result.p95)} (non-2xx ${result.non2xx}, errors ${result.errors}); ` +
          `portal CPU per request ${cpu.toFixed(2)} ms; machine load ${os.loadavg()[0].toFixed(1)}`,
        workers === 1 ? '' : 'more req/s than 1 worker',
      );
    }
    const stopped = new Promise((resolve) => served.once('exit', resolve));
    served.kill('SIGTERM');
    await stopped;
    children.delete(served);
  }
}
// ---- 9. The back office's engines ---------------------------------------------------------------------
// Its list calls for customers with 100 and 10 000 orders and loans, on SQLite and on PostgreSQL (a
// throwaway cluster; not measured when PostgreSQL is not installed): scripts/bench-engines.ts, on the
// servers' cores, its own back offices stopped before it ends.
function engines() {
  const [command, rest] = pinned(['npx', 'tsx', 'scripts/bench-engines.ts']);
  const output = execFileSync(command, rest, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"what"')) continue;
    const { what, figure } = JSON.parse(line);
    add('9 engines', what, figure);
  }
}
const onlyEngines = process.argv.includes('--engines');
if (onlyEngines) {
  engines();
  printTable();
}

if (onlyEveryCore) {
  await everyCore();
  printTable();
}

// ---- 1b. First views against their loaders alone ------------------------------------------------------
// The issue's goal for a first view: at most 2.5× the portal CPU of its loaders alone. Rendered every time
// and loaders alone are measured in turns (rendered, loaders, loaders, rendered, …) so that a change in
// the machine's load falls on both; the figure is the ratio of the medians.
function firstViews() {
  const turns = Number(process.env.BENCH_TURNS ?? 4);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const page of ['/apps/loans', '/apps/shipping']) {
    const rendered = [];
    const loaders = [];
    load(`${PORTAL}${page}`, { cookie: client, freshUrl: true, seconds: 2 });
    load(`${PORTAL}${page}.data`, { cookie: client, seconds: 2 });
    for (let turn = 0; turn < turns; turn++) {
      const pair = [
        () => rendered.push(measured(`${PORTAL}${page}`, { cookie: client, freshUrl: true }).portalCpu),
        () => loaders.push(measured(`${PORTAL}${page}.data`, { cookie: client }).portalCpu),
      ];
      for (const measure of turn % 2 === 0 ? pair : pair.reverse()) measure();
    }
    const ratio = median(rendered) / median(loaders);
    add(
      '1b first views',
      `${page} (client): rendered every time / loaders alone`,
      `${median(rendered).toFixed(2)} / ${median(loaders).toFixed(2)} ms portal CPU per request = ${ratio.toFixed(2)}× (median of ${turns} turns)`,
      '≤ 2.5×',
    );
  }
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  add('5 JS shipped', 'initial (entry + root), gzip', kB(shipped.initial), '≤ 120 kB');
  for (const { group, bytes } of shippedLibraries) add('5 JS shipped', `… of which ${group}`, kB(bytes));
}
if (process.argv.includes('--first-views')) {
  firstViews();
  printTable();
}

// ---- 1. SSR throughput beside a bare server -------------------------------------------------------
const bare = load(`http://${HOST}:${PORTS.bare}/`);
add('1 SSR throughput', 'bare node:http hello', `${bare.rps.toFixed(0)} req/s`);
// Signed-in pages three ways: asked for again and again (the same inputs: the page kept from the first
// request is sent again, ADR 023), a new URL each time (rendered every time), and their loaders alone
// (Remix's data request: session, loaders and back-office call, nothing rendered), the floor of any page.
for (const [name, url, cookie, freshUrl] of [
  ['/auth/login', '/auth/login', undefined, false],
  ['/apps/loans (client)', '/apps/loans', client, false],
  ['/apps/loans (client), rendered every time', '/apps/loans', client, true],
  ['/apps/loans.data (client), its loaders alone', '/apps/loans.data', client, false],
  ['/apps/shipping (client)', '/apps/shipping', client, false],
  ['/apps/shipping (client), rendered every time', '/apps/shipping', client, true],
  ['/apps/shipping.data (client), its loaders alone', '/apps/shipping.data', client, false],
]) {
  const result = measured(`${PORTAL}${url}`, { cookie, freshUrl });
  const ratio = (100 * result.rps) / bare.rps;
  add(
    '1 SSR throughput',
    name,
    `${result.rps.toFixed(1)} req/s = ${ratio.toFixed(2)} % of bare (non-2xx ${result.non2xx}); ${cpuOf(result)}`,
    '≥ 2 % of bare',
  );
}

// ---- 2. Latency under load ------------------------------------------------------------------------
for (const [what, freshUrl] of [
  ['', false],
  [', rendered every time', true],
]) {
  const withThink = load(`${PORTAL}/apps/shipping`, {
    connections: 50,
    cookie: client,
    thinkMs: 1000,
    freshUrl,
  });
  add(
    '2 latency, 50 users',
    `/apps/shipping with ~1 s think time${what}`,
    `p50 ${ms(withThink.p50)} · p95 ${ms(withThink.p95)} · p99 ${ms(withThink.p99)} (${withThink.rps.toFixed(0)} req/s)`,
    'p95 ≤ 100 ms',
  );
  const saturated = load(`${PORTAL}/apps/shipping`, { connections: 50, cookie: client, freshUrl });
  add(
    '2 latency, 50 users',
    `/apps/shipping saturated${what}`,
    `p50 ${ms(saturated.p50)} · p95 ${ms(saturated.p95)} · p99 ${ms(saturated.p99)} (${saturated.rps.toFixed(0)} req/s, errors ${saturated.errors})`,
  );
}

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
  // Each request's log line gives the time the back office took: {"method":"GET",…,"durationMs":3.2}.
  const inCalls = calls.reduce((sum, line) => sum + Number(/"durationMs":([\d.]+)/.exec(line)?.[1] ?? 0), 0);
  add(
    '3 back-office calls',
    url,
    `${calls.length} calls taking ${ms(inCalls)}, page ${ms(took)} (status ${response.status})`,
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

// ---- 8. Every core: here, before section 6 keeps this process (and what it starts) to the load core ----
await everyCore();

// ---- 6. PDF and PNG rendering -------------------------------------------------------------------------
// From here on this process (the client: downloads, Lighthouse's browser) keeps to the load core too.
if (has('taskset'))
  execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });

/** The processes under `pid` (its children, theirs…), from /proc: pid, name, start time, command line. */
function descendants(pid) {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "state ppid …", after "pid (name) ".
      const fields = statFields(entry);
      all.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        started: fields[19],
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '),
        executable: (() => {
          try {
            return readlinkSync(`/proc/${entry}/exe`);
          } catch {
            return '';
          }
        })(),
      });
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const next = all.filter((process) => parents.has(process.ppid));
    found.push(...next);
    parents = new Set(next.map((process) => process.pid));
  }
  return found;
}
const isChromium = (process) => /chrom/i.test(process.executable || process.command);
/** A Chromium browser itself, not one of its helpers (renderer, GPU, zygote, crash handler…). */
const isBrowser = (process) => isChromium(process) && !/--type=/.test(process.command);
/** Whether this very process (same pid, same start) still runs. */
function alive({ pid, started }) {
  try {
    return statFields(pid)[19] === started;
  } catch {
    return false;
  }
}
/** Proportional set size (kB) of these processes: pages they share are counted once between them. */
function pss(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
/** The portal's own memory and its Chromium's (every process it started), in MB of proportional set size. */
const portalMemory = () => {
  const node = pss([portal.pid]) / 1024;
  const chromium = pss(descendants(portal.pid).map((process) => process.pid)) / 1024;
  return { node, chromium, total: node + chromium };
};
const mb = ({ node, chromium }) => `portal ${node.toFixed(0)} MB + Chromium ${chromium.toFixed(0)} MB`;
/** Every Chromium process seen under the portal during the run, to find any left after it stops. */
const chromiumSeen = new Map();
const noteChromium = () => {
  for (const process of descendants(portal.pid).filter(isChromium)) {
    chromiumSeen.set(`${process.pid}/${process.started}`, process);
  }
};

const list = await (await fetch(`${PORTAL}/apps/invoice`, { headers: { Cookie: client } })).text();
const invoiceId = /href="\/apps\/invoice\/(\d+)"/.exec(list)?.[1];
const invoicePdf = `${PORTAL}/apps/invoice/${invoiceId}/download?format=pdf`;
{
  const once = async () => {
    const started = performance.now();
    const response = await fetch(invoicePdf, { headers: { Cookie: client } });
    const body = Buffer.from(await response.arrayBuffer());
    if (!body.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
    return { ms: performance.now() - started, bytes: body.length };
  };
  add('6 rendering', 'cold first PDF (browser start)', ms((await once()).ms));
  noteChromium();

  // The floor: the same HTML printed by plain puppeteer (scripts/bench-render-floor.mjs, on the servers'
  // cores), one print after each of the portal's downloads, so that both meet the same load.
  const [floorCommand, floorArgs] = pinned([
    process.execPath,
    'scripts/bench-render-floor.mjs',
    PORTAL,
    invoiceId,
    client,
  ]);
  const floorProcess = spawn(floorCommand, floorArgs, {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...portalEnv, CHROME_PATH: CHROME },
  });
  children.add(floorProcess);
  const floorLines = createInterface({ input: floorProcess.stdout })[Symbol.asyncIterator]();
  const floorSays = async (prefix) => {
    for (;;) {
      const { value, done } = await floorLines.next();
      if (done) throw new Error('the raw puppeteer floor stopped');
      if (value.startsWith(prefix)) return value.slice(prefix.length);
    }
  };
  const floorReady = JSON.parse(await floorSays('READY '));
  const warm = [];
  const floor = [];
  let portalBytes = 0;
  for (let index = 0; index < 30; index += 1) {
    const download = await once();
    warm.push(download.ms);
    portalBytes = download.bytes;
    floorProcess.stdin.write('print\n');
    floor.push(Number(await floorSays('PRINTED ')));
  }
  const floorStopped = new Promise((resolve) => floorProcess.once('exit', resolve));
  floorProcess.stdin.end();
  await floorStopped;
  warm.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  add('6 rendering', 'warm PDF p50 / p95', `${ms(warm[14])} / ${ms(warm[28])}`, 'p50 ≤ 150 ms');
  add(
    '6 rendering',
    'raw puppeteer floor p50 / p95 (setContent + pdf)',
    `${ms(floor[14])} / ${ms(floor[28])} (PDF ${floorReady.pdfBytes === portalBytes ? 'the same size as' : 'NOT the same size as'} the portal's)`,
  );
  add('6 rendering', 'portal warm p50 / floor p50', `${(warm[14] / floor[14]).toFixed(2)}×`, '≤ 1.5×');

  // BENCH_RENDERS downloads, 4 at a time: throughput, memory, and the Chromium processes around.
  noteChromium();
  const idleBefore = portalMemory();
  let peak = idleBefore;
  const sampler = setInterval(() => {
    const now = portalMemory();
    if (now.total > peak.total) peak = now;
    noteChromium();
  }, 1000);
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < RENDERS) {
        next += 1;
        const response = await fetch(invoicePdf, { headers: { Cookie: client } });
        const body = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || !body.subarray(0, 5).equals(Buffer.from('%PDF-'))) failed += 1;
      }
    }),
  );
  const took = (performance.now() - started) / 1000;
  clearInterval(sampler);
  noteChromium();
  // The pages are made blank just after each answer: let the last ones finish.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleAfter = portalMemory();
  add(
    '6 rendering',
    `4 concurrent downloads, ${RENDERS} renders`,
    `${(RENDERS / took).toFixed(1)} PDF/s (${took.toFixed(0)} s; failed ${failed})`,
  );
  add('6 rendering', `memory (PSS), idle before the ${RENDERS} renders`, mb(idleBefore));
  add('6 rendering', `memory (PSS), peak during them`, mb(peak));
  add('6 rendering', `memory (PSS), idle after them`, mb(idleAfter));
  add(
    '6 rendering',
    'memory per render',
    `+${((peak.total - idleBefore.total) / 4).toFixed(1)} MB per download in flight (peak over idle, / 4); ` +
      `${(((idleAfter.total - idleBefore.total) * 1024) / RENDERS).toFixed(1)} kB per render kept after the run`,
  );
  const browsers = descendants(portal.pid).filter(isBrowser).length;
  add(
    '6 rendering',
    `Chromium browsers running after ${RENDERS} renders`,
    `${browsers} (${[...chromiumSeen.values()].filter(isBrowser).length} launched in all: one per 200 renders)`,
    '1',
  );
}

// ---- 7. Lighthouse ------------------------------------------------------------------------------------
{
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const [name, url, cookie] of [
      ['/auth/login', '/auth/login', undefined],
      ['/dashboards/modern (client, the page after sign-in)', '/dashboards/modern', client],
    ]) {
      const { lhr } = await lighthouse(
        `${PORTAL}${url}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        },
        desktop,
      );
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      add(
        '7 Lighthouse (desktop)',
        name,
        `performance ${score('performance')} · accessibility ${score('accessibility')} · best practices ${score('best-practices')}`,
        'performance ≥ 95',
      );
      // What would help most, for the log (not the table).
      const opportunities = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.details?.overallSavingsMs > 0)
        .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
        .slice(0, 4)
        .map((audit) => `${audit.title} (${audit.displayValue ?? `${audit.details.overallSavingsMs} ms`})`);
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'speed-index',
      ]
        .map((id) => `${lhr.audits[id]?.title} ${lhr.audits[id]?.displayValue}`)
        .join(', ');
      console.info(`[bench] Lighthouse ${url}: ${metrics}`);
      if (opportunities.length > 0) console.info(`[bench]   opportunities: ${opportunities.join('; ')}`);
    }
  } finally {
    chrome.kill();
  }
}

// ---- 6 (end). Chromium left behind -------------------------------------------------------------------------
{
  noteChromium();
  const stopped = new Promise((resolve) => portal.once('exit', resolve));
  portal.kill('SIGTERM');
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  // Give anything Chromium was still closing a moment, then count what runs of what the portal started.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const left = [...chromiumSeen.values()].filter(alive);
  add(
    '6 rendering',
    `Chromium processes left after ${RENDERS} renders and stop`,
    `${left.length}${portal.exitCode === null ? ' (the portal did not stop within 15 s)' : ''}`,
    '0',
  );
}

engines();

// ---- The table ------------------------------------------------------------------------------------------
printTable();

/** Prints the table of every figure, removes the data and ends the bench. */
function printTable() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.info(
    `\nFreight portal bench · ${new Date().toISOString()} · ${cpu} × ${cores} · Node ${process.version}`,
  );
  console.info(
    `wrk on core ${LOAD_CORE}, servers on ${SERVER_CORES}; ${SECONDS} s per measure; ` +
      `${RENDERS} renders; the whole run took ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min\n`,
  );
  // The rows of a section together, in the order of the sections.
  rows.sort((a, b) => parseInt(a.section, 10) - parseInt(b.section, 10));
  const widths = ['section', 'what', 'figure', 'goal'].map((key) =>
    Math.max(key.length, ...rows.map((row) => String(row[key]).length)),
  );
  const line = (cells) => `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' | ')} |`;
  console.info(line(['section', 'what', 'figure', 'goal']));
  console.info(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.info(line([row.section, row.what, row.figure, row.goal]));
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
