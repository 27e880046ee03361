// Data safety: the reference back office, killed with SIGKILL in the middle of a burst of request
// submissions (each with two files), loses no request it acknowledged and holds no half-written one;
// it starts again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackofficeClient } from '../app/services/backoffice/client.server';
import { DATABASE_FILE } from './db';

const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backoffice/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, BACKOFFICE_PORT: String(port), SMTP_URL: '' },
    stdio: 'ignore',
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the back office stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the back office did not start within 60 s');
}

/** A PDF-signed file of `size` bytes whose content names the request and the file. */
function file(marker: string, n: number, size: number) {
  const head = Buffer.from(`%PDF-1.4\n% ${marker} file ${n}\n`);
  const body = Buffer.alloc(size - head.length, 0x20);
  return { filename: `${marker}-${n}.pdf`, data: Buffer.concat([head, body]).toString('base64') };
}

const BURST = 60;
const FILE_SIZE = 150_000;
const KILL_AFTER = 12;

describe('SIGKILL during a burst of submissions', () => {
  it('keeps every acknowledged request whole and no partial one', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const child = await start(port);
    const client = createBackofficeClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 30_000 });
    const login = await client.request('login', {
      body: { email: 'client@example.com', password: 'demo1234' },
    });
    const session = login.session!;
    const partner = login.data.partner_id;

    const acknowledged = new Map<string, number>();
    let killed = false;
    const sends = Array.from({ length: BURST }, async (_, index) => {
      const marker = `crash-${index}-${Math.random().toString(36).slice(2, 8)}`;
      const answer = await client.call('createShippingRequest', {
        session,
        body: {
          partner_id: Number(partner),
          email_from: 'client@example.com',
          name: 'Sea freight',
          description: marker,
          expected_revenue: 0,
          attachments: [file(marker, 1, FILE_SIZE), file(marker, 2, FILE_SIZE)],
        },
      });
      acknowledged.set(marker, answer.id);
      if (!killed && acknowledged.size >= KILL_AFTER) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    const outcomes = await Promise.allSettled(sends);
    await client.close();
    if (!killed) child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
    );

    // Some were refused by the kill: the burst was cut, not finished.
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Read what is on disk, as the next start will (SQLite replays its write-ahead log).
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: false });
    try {
      const stored = db
        .prepare(
          `SELECT r.id, r.description,
                  (SELECT count(*) FROM request_attachments a WHERE a.request_id = r.id) AS files,
                  (SELECT coalesce(sum(length(a.data)), 0) FROM request_attachments a WHERE a.request_id = r.id) AS bytes,
                  (SELECT coalesce(sum(a.size), 0) FROM request_attachments a WHERE a.request_id = r.id) AS sizes
             FROM shipping_requests r WHERE r.description LIKE 'crash-%'`,
        )
        .all() as { id: number; description: string; files: number; bytes: number; sizes: number }[];
      const byMarker = new Map(stored.map((row) => [row.description, row]));
      for (const [marker, id] of acknowledged) {
        expect(byMarker.get(marker)?.id, `acknowledged ${marker}`).toBe(id);
      }
      for (const row of stored) {
        expect({ marker: row.description, files: row.files, bytes: row.bytes, sizes: row.sizes }).toEqual({
          marker: row.description,
          files: 2,
          bytes: 2 * FILE_SIZE,
          sizes: 2 * FILE_SIZE,
        });
      }
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }

    // And it starts again on the same directory, with the requests there.
    const again = await start(port);
    const staff = createBackofficeClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 10_000 });
    try {
      const health = await staff.call('health');
      expect(health.status).toBe('ok');
    } finally {
      await staff.close();
      again.kill('SIGTERM');
    }
  });
});
