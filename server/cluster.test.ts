// The portal on several worker processes: how many, each one's share of the document renders, and a
// real cluster of two workers on a loopback port (server/cluster.fixture.js, run as server.js runs):
// both answer, with the one session secret, a worker that dies is replaced, and a stop lets the
// requests under way finish and exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerCount, workerSettings } from './cluster.js';

describe('workerCount', () => {
  it('serves on one worker per core unless WEB_CONCURRENCY says how many', () => {
    expect(workerCount({}, 8)).toEqual({ workers: 8 });
    expect(workerCount({ WEB_CONCURRENCY: ' ' }, 8)).toEqual({ workers: 8 });
    expect(workerCount({ WEB_CONCURRENCY: '1' }, 8)).toEqual({ workers: 1 });
    expect(workerCount({ WEB_CONCURRENCY: '3' }, 8)).toEqual({ workers: 3 });
  });

  it.each(['0', '-2', '1.5', 'all'])('refuses WEB_CONCURRENCY=%s and says what to write', (setting) => {
    expect(workerCount({ WEB_CONCURRENCY: setting }, 8).problem).toMatch(
      /WEB_CONCURRENCY .*a whole number from 1 .*unset for one per core/,
    );
  });
});

describe('workerSettings', () => {
  it('shares the documents rendered at once between the workers, at least one each', () => {
    expect(workerSettings({}, 8, 8)).toEqual({ WEB_CONCURRENCY: '8', RENDER_CONCURRENCY: '1' });
    expect(workerSettings({}, 3, 8)).toEqual({ WEB_CONCURRENCY: '3', RENDER_CONCURRENCY: '3' });
    expect(workerSettings({ RENDER_CONCURRENCY: '4' }, 2, 8).RENDER_CONCURRENCY).toBe('2');
    expect(workerSettings({ RENDER_CONCURRENCY: '2' }, 4, 8).RENDER_CONCURRENCY).toBe('1');
  });
});

interface Answer {
  status: number;
  worker: number;
  secret: string;
  secretFound: boolean;
  renders: number;
}

/** One GET on a connection of its own (a kept-alive one would always reach the same worker). */
function get(port: number, pathname = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ...JSON.parse(body) }));
    });
    // A connection handed to a worker as it was killed is never answered.
    request.setTimeout(3000, () => request.destroy(new Error('no answer')));
    request.on('error', reject);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The workers that answer `count` requests, each on a new connection. */
async function answering(port: number, count = 12): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await get(port));
  return answers;
}

describe('the portal on two worker processes', () => {
  let primary: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = '';
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (primary.exitCode !== null) resolve(primary.exitCode);
      else primary.once('exit', (code) => resolve(code));
    });

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-portal-cluster-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      RENDER_CONCURRENCY: '3',
      SHUTDOWN_GRACE_MS: '10000',
    };
    // No secret set: the workers must share the one kept in DATA_DIR.
    delete env.SESSION_SECRET;
    primary = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.fixture.js'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout!.on('data', (chunk) => (output += chunk));
    primary.stderr!.on('data', (chunk) => (output += chunk));
  });

  afterAll(() => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from both workers, which sign with the one secret kept in DATA_DIR', async () => {
    const answers = await until(async () => {
      const sample = await answering(port);
      return new Set(sample.map((answer) => answer.worker)).size === 2 ? sample : undefined;
    }, 'both workers to answer');
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const kept = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
    const fingerprint = createHash('sha256').update(kept).digest('hex').slice(0, 16);
    expect(new Set(answers.map((answer) => answer.secret))).toEqual(new Set([fingerprint]));
    // Made before the workers started: none of them made one of its own, so none could race another.
    expect(answers.every((answer) => answer.secretFound)).toBe(true);
    // Three documents at once on the machine: two each, at most four in all.
    expect(new Set(answers.map((answer) => answer.renders))).toEqual(new Set([2]));
  });

  it('starts another worker in place of one that dies, while the other serves on', async () => {
    const before = new Set((await answering(port)).map((answer) => answer.worker));
    const [killed, survivor] = [...before];
    process.kill(killed!, 'SIGKILL');
    const after = await until(async () => {
      const workers = new Set((await answering(port)).map((answer) => answer.worker));
      return workers.size === 2 && !workers.has(killed!) ? workers : undefined;
    }, 'a new worker in place of the one killed');
    expect(after.has(survivor!)).toBe(true);
    expect(output).toContain(`worker ${killed} stopped (SIGKILL); starting another in 0.1 s.`);
  });

  it('on SIGTERM finishes the requests under way in every worker, then exits 0', async () => {
    const slow = get(port, '/?ms=1500');
    await until(() => (output.includes('a slow request under way') ? true : undefined), 'the slow request');
    const code = exited();
    primary.kill('SIGTERM');
    expect((await slow).status).toBe(200);
    expect(await code).toBe(0);
    expect(output.match(/stopping \(SIGTERM\)/g)).toHaveLength(2);
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
