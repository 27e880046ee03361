// The portal's one log line per request: its fields, its id, and no secret of the URL.
import { afterEach, describe, expect, it } from 'vitest';
import { lineOf, memoryLog, portalServers } from '../tests/unit/memory-log';
import fr from '../app/locales/fr/common.json';
import { createLogger } from './logger.js';

const { serve, close } = portalServers();

afterEach(close);

describe('the request log line', () => {
  it('says method, path, status, duration and the id sent back as X-Request-Id, as one JSON line', async () => {
    const log = memoryLog();
    const portal = await serve({ logger: createLogger({ destination: log.stream }) });
    const response = await fetch(`${portal}/apps/loans`);
    expect(response.status).toBe(204);
    const line = await lineOf(log.lines, (entry) => entry.msg === 'request');
    expect(line).toMatchObject({
      level: 'info',
      service: 'portal',
      method: 'GET',
      path: '/apps/loans',
      status: 204,
      requestId: response.headers.get('X-Request-Id'),
    });
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof line.durationMs).toBe('number');
    expect(typeof line.time).toBe('string');
  });

  it('logs the names of the query, never its values, and no share link token', async () => {
    const log = memoryLog();
    const portal = await serve({ logger: createLogger({ destination: log.stream }) });
    await fetch(`${portal}/auth/reset-password?token=reset-token-4f9a2c&lang=fr`);
    await fetch(`${portal}/invoice?share=share-token-77b1.1900000000.sig-value`);
    await fetch(`${portal}/shared/shared-token-d41e/file?download=1`);
    const paths = [];
    for (const start of ['/auth/', '/invoice', '/shared/'])
      paths.push((await lineOf(log.lines, (entry) => String(entry.path).startsWith(start))).path);
    expect(paths).toEqual([
      '/auth/reset-password?token&lang',
      '/invoice?share',
      '/shared/:token/file?download',
    ]);
    expect(log.raw()).not.toMatch(/reset-token|share-token|shared-token|sig-value/);
  });

  it("takes the client's X-Request-Id only behind a trusted proxy, and only a plain one", async () => {
    const log = memoryLog();
    const direct = await serve({ logger: createLogger({ destination: log.stream }) });
    const proxied = await serve({ logger: createLogger({ destination: log.stream }), trustProxy: '1' });
    const sent = (url: string, id: string) => fetch(url, { headers: { 'X-Request-Id': id } });
    expect((await sent(direct, 'from-the-browser')).headers.get('X-Request-Id')).not.toBe('from-the-browser');
    expect((await sent(proxied, 'nginx-42.7')).headers.get('X-Request-Id')).toBe('nginx-42.7');
    expect((await sent(proxied, 'two\twords')).headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a failure no page answered', () => {
  it("shows the error page in the reader's language without the stack, which goes to the log", async () => {
    const log = memoryLog();
    const environment = process.env.NODE_ENV;
    // Outside production express's own error page shows the stack: ours must not, in any mode.
    process.env.NODE_ENV = 'development';
    try {
      const portal = await serve({
        logger: createLogger({ destination: log.stream }),
        handler: (_req, _res, next) => next(new Error('ledger unreadable at /srv/secret-path')),
      });
      const response = await fetch(`${portal}/apps/loans?token=never-logged`, {
        headers: { 'Accept-Language': 'fr' },
      });
      const page = await response.text();
      expect(response.status).toBe(500);
      expect(page).toContain(fr.errorPage.errorTitle);
      expect(page).not.toMatch(/secret-path|ledger|at .*\.(js|ts):\d+/);
      const logged = await lineOf(log.lines, (line) => line.msg === 'unexpected error');
      expect(logged).toMatchObject({
        path: '/apps/loans?token',
        requestId: response.headers.get('X-Request-Id'),
      });
      expect((logged.err as { stack: string }).stack).toMatch(/secret-path[\s\S]*request-log\.test\.ts/);
      expect(log.raw()).not.toContain('never-logged');
    } finally {
      process.env.NODE_ENV = environment;
    }
  });
});
