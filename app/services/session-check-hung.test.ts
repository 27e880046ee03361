// A hung back office: the session check gives up after its own short limit and lets the request go on,
// instead of holding every signed-in page for the whole read limit.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';

let server: Server;

beforeAll(async () => {
  server = createServer(() => undefined); // takes every request, answers none
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.BACKOFFICE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  // Far beyond this test's own time limit: only the check's short limit can end the question.
  process.env.BACKOFFICE_READ_TIMEOUT_MS = '600000';
  process.env.BACKOFFICE_TIMEOUT_MS = '600000';
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('answers "unknown" when the back office does not answer, well within the read limit', async () => {
  const { askBackoffice } = await import('./session-check.server');
  expect(await askBackoffice('a-token-the-back-office-never-answers-about')).toEqual({ life: 'unknown' });
});
