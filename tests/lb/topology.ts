/**
 * The scaled-out topology on one machine, for its end-to-end test: a throwaway PostgreSQL cluster
 * (when installed), one reference back office on it, two portal processes, and Debian's nginx in front
 * of them, round-robin — every server on a free loopback port, all stopped by `stop()`.
 * Each answer through nginx names the portal that served it (`X-Upstream`), so the test can prove
 * that its steps alternate.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../../backoffice/data/test-engines';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NGINX = '/usr/sbin/nginx';

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

async function waitFor(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface Topology {
  /** nginx's address: what a browser would use. */
  url: string;
  /** The two portals' own addresses, in the order nginx names them in `X-Upstream`. */
  portals: string[];
  backofficeUrl: string;
  /** Whether the back office keeps its data in PostgreSQL (else the SQLite file). */
  postgres: boolean;
  stop(): Promise<void>;
}

export async function startTopology({ postgres }: { postgres: boolean }): Promise<Topology> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-lb-'));
  // nginx's workers run as an unprivileged user when started by root: they need to reach their files.
  await chmod(dir, 0o777);
  const children: ChildProcess[] = [];
  const database = postgres ? await createTestDatabase() : null;
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  const start = (args: string[], env: Record<string, string>, command = process.execPath) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
    children.push(child);
    return child;
  };
  try {
    const [backofficePort, portalA, portalB, balancerPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const url = `http://127.0.0.1:${balancerPort}`;
    const backofficeUrl = `http://127.0.0.1:${backofficePort}`;
    const backoffice = start(['--import', 'tsx', 'backoffice/main.ts'], {
      BACKOFFICE_PORT: String(backofficePort),
      DATA_DIR: path.join(dir, 'backoffice'),
      PORTAL_URL: url,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await waitFor(`${backofficeUrl}/health`, backoffice);
    const portals = [portalA, portalB].map((port) => `127.0.0.1:${port}`);
    for (const [index, port] of [portalA, portalB].entries()) {
      const portal = start(['server.js'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        // Each machine its own directory; what they share is the secret and the back office.
        DATA_DIR: path.join(dir, `portal-${index}`),
        BACKOFFICE_URL: backofficeUrl,
        SESSION_SECRET: 'load-balancer-test-secret-not-for-production-0000',
        WEB_CONCURRENCY: '1',
        TRUST_PROXY: 'loopback',
      });
      await waitFor(`http://127.0.0.1:${port}/healthz`, portal);
    }
    const config = path.join(dir, 'nginx.conf');
    await writeFile(
      config,
      `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  upstream portals {
    server ${portals[0]};
    server ${portals[1]};
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${balancerPort};
    location / {
      proxy_pass http://portals;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
    );
    const nginx = start(['-c', config, '-p', dir], {}, NGINX);
    await waitFor(`${url}/healthz`, nginx);
    return { url, portals, backofficeUrl, postgres: Boolean(database), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const nginxInstalled = () => existsSync(NGINX);
