/**
 * A throwaway PostgreSQL cluster for the tests: Debian's server binaries, a temporary directory, a free
 * loopback port, no password (trust on loopback only), and fsync off (its data is thrown away).
 * Started once per test run (vitest's global set-up) and stopped at the end.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCallback);

/** Where Debian's `postgresql` package puts the server (the newest version installed), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` system user. */
async function runAsOwner(command: string, args: string[]) {
  if (process.getuid?.() === 0) {
    return execFile('runuser', ['-u', 'postgres', '--', command, ...args]);
  }
  return execFile(command, args);
}

export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const bin = postgresBinDir();
  if (!bin) return null;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await execFile('id', ['-u', 'postgres']).catch(() => ({ stdout: '' }));
    const uid = Number(stdout.trim());
    if (!uid) return null;
    const gid = Number((await execFile('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  await runAsOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  await runAsOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '30',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
