// A back-office call carries the id of the portal request it serves: both logs' lines share it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backofficeLog, createBackofficeLog, setBackofficeLog } from '../backoffice/log';
import { startTestBackoffice, type TestBackoffice } from '../backoffice/testing';
import { lineOf, memoryLog, portalServers } from '../tests/unit/memory-log';
import { args, formRequest } from '../tests/unit/portal-server';
import { createLogger } from './logger.js';

const { serve, close } = portalServers();

afterEach(close);

describe('a back-office call', () => {
  let reference: TestBackoffice;
  const backofficeLines = memoryLog();
  const before = backofficeLog();

  beforeAll(async () => {
    setBackofficeLog(createBackofficeLog('info', backofficeLines.stream));
    reference = await startTestBackoffice({ logRequests: true });
    process.env.BACKOFFICE_URL = reference.backoffice.url;
    process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
    process.env.DATA_DIR = reference.dataDir;
  });

  afterAll(async () => {
    setBackofficeLog(before);
    await reference.dispose();
  });

  it("carries the portal request's id: both logs' lines of one sign-in share it", async () => {
    const { loginAction } = await import('../app/services/auth-actions.server');
    const log = memoryLog();
    const portal = await serve({
      logger: createLogger({ destination: log.stream }),
      handler: (_req, res, next) => {
        const request = formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' });
        loginAction(args(request)).then((answer) => res.status((answer as Response).status).end(), next);
      },
    });
    const response = await fetch(`${portal}/auth/login`, { method: 'POST' });
    const requestId = response.headers.get('X-Request-Id');
    const portalLine = await lineOf(log.lines, (entry) => entry.msg === 'request');
    expect(portalLine).toMatchObject({ requestId, method: 'POST', path: '/auth/login', status: 302 });
    const call = await lineOf(backofficeLines.lines, (entry) => entry.path === '/login');
    expect(call).toMatchObject({ service: 'backoffice', requestId, method: 'POST', status: 200 });
    expect(typeof call.durationMs).toBe('number');
  });
});
