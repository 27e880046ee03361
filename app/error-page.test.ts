// A page whose loader fails unexpectedly: the user reads a plain message in their language, never the
// error's message or stack (not in the page, not in the data it carries); the log gets both, with the
// request's id.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, logger } from '../server/logger.js';
import { createPortalApp, listenPortal, remixHandler } from '../server/portal-server.js';
import * as entry from './entry.server';
import fr from './locales/fr/common.json';
import * as root from './root';

const FAILURE = 'loan ledger unreadable at /srv/secret-path/ledger.db';

const refusalTexts = Object.fromEntries(
  ['en', 'fr', 'ar', 'zh'].map((language) => [language, { crossSite: 'x', tooLarge: 'x', noFiles: 'x' }]),
);

/** The portal's real entry and root, and one page whose loader throws. */
const build = {
  mode: 'production',
  entry: { module: entry },
  routes: {
    root: { id: 'root', path: '', module: root },
    'routes/broken': {
      id: 'routes/broken',
      parentId: 'root',
      path: 'broken',
      module: {
        default: () => null,
        loader: () => {
          throw new Error(FAILURE);
        },
      },
    },
  },
  assets: {
    entry: { imports: [], module: '/assets/entry.client.js' },
    routes: {
      root: { id: 'root', path: '', module: '/assets/root.js', hasLoader: true, hasErrorBoundary: true },
      'routes/broken': {
        id: 'routes/broken',
        parentId: 'root',
        path: 'broken',
        module: '/assets/broken.js',
        hasLoader: true,
      },
    },
    url: '/assets/manifest.js',
    version: 'test',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: false },
  isSpaMode: false,
} as unknown as ServerBuild;

let server: Server;
let portal: string;
const written: string[] = [];
const environment = process.env.NODE_ENV;

beforeAll(async () => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  process.env.NODE_ENV = 'development';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const memory = createLogger({ destination: stream });
  // The app's own lines (handleError) go to the same memory as the request lines.
  vi.spyOn(logger, 'error').mockImplementation((...line: unknown[]) =>
    memory.error(...(line as Parameters<typeof memory.error>)),
  );
  const app = createPortalApp({ handler: remixHandler(build), refusalTexts, logger: memory });
  server = await listenPortal(app, { port: 0, host: '127.0.0.1' });
  portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env.NODE_ENV = environment;
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
});

describe('an unexpected failure', () => {
  it('shows the error page without the message or stack, even with NODE_ENV=development', async () => {
    const response = await fetch(`${portal}/broken`, { headers: { 'Accept-Language': 'fr' } });
    const page = await response.text();
    expect(response.status).toBe(500);
    expect(page).toContain(fr.errorPage.errorTitle);
    expect(page).not.toContain('secret-path');
    expect(page).not.toContain('ledger');
    expect(page).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('sends no message or stack in the data of a client-side navigation either', async () => {
    const response = await fetch(`${portal}/broken.data`);
    const data = await response.text();
    expect(data).not.toContain('secret-path');
    expect(data).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("logs the message and stack, with the request's id", async () => {
    const response = await fetch(`${portal}/broken?token=do-not-log`);
    const requestId = response.headers.get('X-Request-Id');
    const lines = written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; requestId?: string; err?: { stack: string } });
    const logged = lines.find((line) => line.msg === 'unexpected error' && line.requestId === requestId);
    expect(logged?.err?.stack).toContain(FAILURE);
    expect(logged?.err?.stack).toMatch(/at .*error-page\.test\.ts/);
    expect(written.join('')).not.toContain('do-not-log');
  });
});
