// What one request with five files of 10 MiB costs the back office in memory, in a process of its own:
// its peak resident size (VmHWM, reset just before) over its resident size at the start. The body is
// made as it is sent, so the test's own process holds none of it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, BACKOFFICE_SESSION_COOKIE } from '@contract';
import { demoPdf } from './pdf';

const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-memory-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The process's resident size now and at its peak since the last reset, in bytes. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/** The JSON of a request with `count` PDFs of `size` bytes, made piece by piece as it is sent. */
function* requestBody(partner: number, count: number, size: number): Generator<Buffer> {
  const pdf = demoPdf(['Packing list']);
  // Base64 in pieces of a multiple of 3 bytes, so that they join into one valid text.
  const piece = Buffer.alloc(48 * 1024, 0x20);
  yield Buffer.from(
    JSON.stringify({
      partner_id: partner,
      email_from: 'client@example.com',
      name: 'footwear',
      description: 'Five scans',
      expected_revenue: 0,
    }).slice(0, -1) + ',"attachments":[',
  );
  for (let n = 0; n < count; n += 1) {
    yield Buffer.from(`${n ? ',' : ''}{"filename":"scan-${n + 1}.pdf","data":"`);
    const first = Buffer.concat([pdf, piece.subarray(0, 48 * 1024 - pdf.length)]);
    yield Buffer.from(first.toString('base64'));
    let left = size - first.length;
    while (left > 0) {
      const bytes = piece.subarray(0, Math.min(piece.length, left));
      left -= bytes.length;
      yield Buffer.from(bytes.toString('base64'));
    }
    yield Buffer.from('"}');
  }
  yield Buffer.from(']}');
}

function lengthOf(parts: Iterable<Buffer>): number {
  let total = 0;
  for (const part of parts) total += part.length;
  return total;
}

it(
  'stores five files of 10 MiB without holding the request many times over',
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const started = spawn(process.execPath, ['--import', 'tsx', 'backoffice/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, BACKOFFICE_PORT: String(port), SMTP_URL: '' },
      stdio: 'ignore',
    });
    child = started;
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      if (started.exitCode !== null) throw new Error(`the back office stopped (exit ${started.exitCode})`);
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (tries > 300) throw new Error('the back office did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'client@example.com', password: 'demo1234' }),
    });
    const { partner_id: partner } = (await login.json()) as { partner_id: number };
    const session = new RegExp(`${BACKOFFICE_SESSION_COOKIE}=([^;]+)`).exec(
      login.headers.get('set-cookie') ?? '',
    )?.[1];

    const pid = started.pid!;
    // Settled after start-up and seeding, then the peak is measured from here (5: reset VmHWM).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = memoryOf(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');

    const size = ATTACHMENT_LIMITS.bytes;
    const length = lengthOf(requestBody(partner, 5, size));
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/shipping-requests`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(length),
          Cookie: `${BACKOFFICE_SESSION_COOKIE}=${session}`,
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      const parts = requestBody(partner, 5, size);
      const write = () => {
        for (let part = parts.next(); !part.done; part = parts.next())
          if (!request.write(part.value)) return void request.once('drain', write);
        request.end();
      };
      write();
    });
    expect(status).toBe(200);

    const after = memoryOf(pid);
    const growth = after.peak - before.rss;
    // The body is 67 MiB of JSON, of which 50 MiB of files. Held at the peak: the decoded files, read as
    // they arrive, and what SQLite takes to store them (its page cache of up to 16 MiB and a copy of the
    // file being written, about 36 MiB in all). No longer the body itself, its text, the parsed base64
    // beside the decoded files (over four times the body, five and a half times the files).
    expect(growth, 'peak resident size over the start').toBeLessThan(2.25 * 5 * size);
  },
);
