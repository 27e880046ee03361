/**
 * Section 9 of `npm run bench`: the back office's list calls on SQLite and on PostgreSQL, for customers
 * with 100 and 10 000 orders and loans. Each engine gets a fresh back office over the demo and bench
 * data (PostgreSQL: a throwaway cluster on a loopback port, when Debian's postgresql is installed);
 * each call is asked one at a time, after a warm-up, and timed from this process. Prints one JSON line
 * per figure ({"what", "figure"}) for bench.mjs's table. Bounded: a few hundred calls per engine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_SIZES, benchEmail, seedBenchData } from '../backoffice/benchSeed';
import { startPostgresCluster } from '../backoffice/data/postgres-cluster';
import { startBackoffice } from '../backoffice/server';

const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS || 200);
const SIZES = BENCH_SIZES.filter((size) => size === 100 || size === 10_000);
const CALLS = [
  {
    name: 'orders list',
    path: (partnerId: number) => `/shipping-orders?partner_id=${partnerId}&limit=10`,
    method: 'GET',
  },
  {
    name: 'loans list',
    path: (partnerId: number) => `/shipping/user_loans?partner_id=${partnerId}&limit=10`,
    method: 'POST',
  },
] as const;

function report(what: string, figure: string) {
  console.info(JSON.stringify({ what, figure }));
}

async function measure(engine: 'SQLite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-engines-'));
  const backoffice = await startBackoffice({ dataDir, databaseUrl, port: 0 });
  try {
    await seedBenchData(backoffice.database, new Date());
    for (const size of SIZES) {
      const login = await fetch(new URL('/login', backoffice.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: benchEmail(size), password: 'demo1234' }),
      });
      const user = (await login.json()) as { partner_id: number };
      const cookie = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      for (const call of CALLS) {
        const ask = async () => {
          const response = await fetch(new URL(call.path(user.partner_id), backoffice.url), {
            method: call.method,
            headers: { cookie },
          });
          if (!response.ok) throw new Error(`${call.name}: ${response.status}`);
          await response.arrayBuffer();
        };
        for (let i = 0; i < 20; i++) await ask();
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const started = performance.now();
          await ask();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
        const p95 = times[Math.floor(times.length * 0.95)]!;
        report(
          `${engine}, ${call.name}, ${size.toLocaleString('en')} rows`,
          `${mean.toFixed(2)} ms mean, ${p95.toFixed(2)} ms p95`,
        );
      }
    }
  } finally {
    await backoffice.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await measure('SQLite');
const cluster = await startPostgresCluster();
if (!cluster) {
  report('PostgreSQL', 'not installed: not measured');
} else {
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE bench TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/bench';
    await measure('PostgreSQL', url.toString());
  } finally {
    await cluster.stop();
  }
}
process.exit(0);
