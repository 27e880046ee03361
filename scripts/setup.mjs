#!/usr/bin/env node
// Installs what a fresh clone lacks and builds the portal: npm packages, Debian's Chromium and the
// servers the tests start on loopback ports (PostgreSQL, nginx), the build.
// Uses only Node's standard library, since it runs before node_modules exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const debianPackages = [
  'chromium',
  'fonts-noto-core',
  'fonts-noto-cjk',
  'poppler-utils',
  'wrk',
  'postgresql',
  'nginx-light',
];
/** Tools the document tests (poppler-utils), `npm run bench` (wrk) and the load-balancer test (nginx) use. */
const pdfTools = ['/usr/bin/pdftoppm', '/usr/bin/pdftotext', '/usr/bin/wrk', '/usr/sbin/nginx'];

/** Debian's PostgreSQL server (any version): the back-office tests run on it too. */
function hasPostgres() {
  const versions = '/usr/lib/postgresql';
  return (
    existsSync(versions) &&
    readdirSync(versions).some((version) => isExecutable(path.join(versions, version, 'bin', 'initdb')))
  );
}

function say(message) {
  console.info(`[setup] ${message}`);
}

function fail(message) {
  console.error(`[setup] ${message}`);
  process.exit(1);
}

function run(command, args, env = {}) {
  say(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`"${command} ${args.join(' ')}" failed (exit ${result.status}).`);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    fail(`Node ${process.versions.node} is too old: use 20.19 or later.`);
}

function installPackages() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // No package may download a browser at install time: Debian's Chromium is used instead.
  run('npm', ['ci', '--no-audit', '--no-fund'], {
    PUPPETEER_SKIP_DOWNLOAD: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function installChromium() {
  if (isExecutable(chromePath) && pdfTools.every(isExecutable) && hasPostgres()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    if (isExecutable(chromePath)) {
      console.warn(
        `[setup] Some of Debian's packages are missing (${debianPackages.join(', ')}): the tests that need ` +
          'them fail or, for PostgreSQL and nginx, are reported as skipped. Install them as root.',
      );
      return true;
    }
    console.error(
      `[setup] Chromium was not found at ${chromePath}. Install Debian's packages (as root: ` +
        `apt-get install -y ${debianPackages.join(' ')}) or set CHROME_PATH to a Chromium binary. ` +
        'Documents (PDF, PNG) and the end-to-end tests need it.',
    );
    return false;
  }
  // The packages' own services (PostgreSQL on 5432, nginx on 80) are not started: the tests start
  // their own servers on free loopback ports and stop them (policy-rc.d answering 101 forbids starts).
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    run('apt-get', ['update', '-qq'], { DEBIAN_FRONTEND: 'noninteractive' });
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...debianPackages], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  return isExecutable(chromePath);
}

function build() {
  const output = path.join(root, 'build', 'server', 'index.js');
  const sources = ['app', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'].map((p) =>
    path.join(root, p),
  );
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > 0 && Math.max(...sources.map(newestMtime)) <= built) return;
  run('npm', ['run', 'build']);
}

checkNode();
installPackages();
const chromium = installChromium();
if (!chromium && process.argv.includes('--require-chromium')) fail('Chromium is required for the tests.');
build();
say('ready');
