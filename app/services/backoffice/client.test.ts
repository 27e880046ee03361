// Contract tests: the portal's client against the reference back office over real HTTP, and against
// servers that misbehave (down, slow, wrong answers).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackoffice, type TestBackoffice } from '../../../backoffice/testing';
import { createBackofficeClient, isBackofficeError, type BackofficeClient } from './client.server';

let reference: TestBackoffice;
let client: BackofficeClient;

beforeAll(async () => {
  reference = await startTestBackoffice();
  client = createBackofficeClient({ baseUrl: reference.backoffice.url, timeoutMs: 5_000 });
});

afterAll(async () => {
  await client.close();
  await reference.dispose();
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('client against the reference back office', () => {
  it('signs in and receives the back-office session', async () => {
    const answer = await client.request('login', {
      body: { email: 'client@example.com', password: 'demo1234' },
    });
    expect(answer.data.email).toBe('client@example.com');
    expect(answer.data.roles.map((role) => role.name)).toContain('client');
    expect(answer.session).toMatch(/^[\w-]{20,}$/);
  });

  it('reports wrong credentials as unauthorized', async () => {
    const error = await failure(
      client.call('login', { body: { email: 'client@example.com', password: 'nope-nope' } }),
    );
    expect(isBackofficeError(error, 'unauthorized')).toBe(true);
  });

  it('forwards the session: own contact details, and 404 for another customer', async () => {
    const signedIn = await client.request('login', {
      body: { email: 'client@example.com', password: 'demo1234' },
    });
    const own = await client.call('getContactDetails', {
      query: { user_id: signedIn.data.id },
      session: signedIn.session,
    });
    expect(own.partner_id).toBe(signedIn.data.partner_id);

    const other = await client.request('login', {
      body: { email: 'client2@example.com', password: 'demo1234' },
    });
    const error = await failure(
      client.call('getContactDetails', { query: { user_id: other.data.id }, session: signedIn.session }),
    );
    expect(isBackofficeError(error, 'not_found')).toBe(true);
  });

  it('reports a missing session as unauthorized and a staff-only call as forbidden', async () => {
    expect(isBackofficeError(await failure(client.call('listUsers')), 'unauthorized')).toBe(true);
    const signedIn = await client.request('login', {
      body: { email: 'client@example.com', password: 'demo1234' },
    });
    const error = await failure(client.call('listUsers', { session: signedIn.session }));
    expect(isBackofficeError(error, 'forbidden')).toBe(true);
  });

  it('lets staff list users', async () => {
    const staff = await client.request('login', {
      body: { email: 'agent@example.com', password: 'demo1234' },
    });
    const { users } = await client.call('listUsers', { session: staff.session });
    expect(users.map((user) => user.email)).toEqual(
      expect.arrayContaining([
        'admin@example.com',
        'agent@example.com',
        'client@example.com',
        'client2@example.com',
      ]),
    );
  });

  it('keeps the refusal code of a conflict', async () => {
    const signedIn = await client.request('login', {
      body: { email: 'client2@example.com', password: 'demo1234' },
    });
    // Turning two-step verification on before setting it up.
    const error = await failure(
      client.call('enableTwoFactor', { body: { code: '123456' }, session: signedIn.session }),
    );
    expect(isBackofficeError(error, 'rejected')).toBe(true);
    expect((error as { code?: string }).code).toBe('conflict');
  });

  it('ends the session on logout', async () => {
    const signedIn = await client.request('login', {
      body: { email: 'agent@example.com', password: 'demo1234' },
    });
    await client.call('logout', { session: signedIn.session });
    expect(
      isBackofficeError(
        await failure(client.call('listUsers', { session: signedIn.session })),
        'unauthorized',
      ),
    ).toBe(true);
  });

  it('checks what it sends against the contract before sending', async () => {
    await expect(client.call('login', { body: { email: 'not an e-mail', password: 'x' } })).rejects.toThrow();
  });
});

describe('client against a misbehaving back office', () => {
  let server: Server;
  let url: string;
  let answer: (res: import('node:http').ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function kindOf(timeoutMs = 2_000) {
    const misbehaving = createBackofficeClient({ baseUrl: url, timeoutMs });
    try {
      const error = await failure(misbehaving.call('health'));
      return isBackofficeError(error) ? error.kind : 'not a back-office error';
    } finally {
      await misbehaving.close();
    }
  }

  it('calls an answer outside the contract a bad answer', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"maybe"}');
    expect(await kindOf()).toBe('bad_answer');
  });

  it('calls a body that is not JSON a bad answer', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    expect(await kindOf()).toBe('bad_answer');
  });

  it('calls a server error unavailable', async () => {
    answer = (res) => res.writeHead(502).end('Bad gateway');
    expect(await kindOf()).toBe('unavailable');
  });

  it('gives up after its timeout', async () => {
    answer = () => undefined; // never answers
    expect(await kindOf(300)).toBe('unavailable');
  });

  it('calls a closed port unavailable', async () => {
    const closed = createBackofficeClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const error = await failure(closed.call('health'));
    await closed.close();
    expect(isBackofficeError(error, 'unavailable')).toBe(true);
  });

  it('keeps a path prefix of the base URL', async () => {
    let seen = '';
    const prefixed = createServer((req, res) => {
      seen = req.url ?? '';
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","version":"1"}');
    });
    await new Promise<void>((resolve) => prefixed.listen(0, '127.0.0.1', resolve));
    const port = (prefixed.address() as AddressInfo).port;
    const withPrefix = createBackofficeClient({
      baseUrl: `http://127.0.0.1:${port}/portal-api/`,
      timeoutMs: 2_000,
    });
    await withPrefix.call('health');
    await withPrefix.close();
    await new Promise<void>((resolve) => prefixed.close(() => resolve()));
    expect(seen).toBe('/portal-api/health');
  });
});

describe('one more try for reads', () => {
  let server: Server;
  let url: string;
  let hits: string[] = [];
  /** What the server answers to the n-th request (0-based); `null` leaves it unanswered. */
  let script: (n: number, res: import('node:http').ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      script(hits.length - 1, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const OK = '{"status":"ok","version":"1"}';
  const LOANS = '{"status":"success","loans":[],"message":""}';

  async function run<T>(work: (client: BackofficeClient) => Promise<T>, timeoutMs = 2_000) {
    hits = [];
    const fresh = createBackofficeClient({ baseUrl: url, timeoutMs });
    try {
      return await work(fresh);
    } finally {
      await fresh.close();
    }
  }

  it('tries a GET once more after a 5xx, and succeeds', async () => {
    script = (n, res) =>
      n === 0
        ? res.writeHead(503).end('busy')
        : res.writeHead(200, { 'content-type': 'application/json' }).end(OK);
    expect(await run((c) => c.call('health'))).toEqual({ status: 'ok', version: '1' });
    expect(hits).toEqual(['GET /health', 'GET /health']);
  });

  it('tries a GET once more after a dropped connection', async () => {
    script = (n, res) =>
      n === 0 ? res.socket?.destroy() : res.writeHead(200, { 'content-type': 'application/json' }).end(OK);
    expect(await run((c) => c.call('health'))).toEqual({ status: 'ok', version: '1' });
    expect(hits).toHaveLength(2);
  });

  it('gives up after the second failure', async () => {
    script = (_n, res) => res.writeHead(500).end('broken');
    const error = await run((c) => failure(c.call('health')));
    expect(isBackofficeError(error, 'unavailable')).toBe(true);
    expect(hits).toHaveLength(2);
  });

  it('tries a read-only POST of the spec (a loan list) once more', async () => {
    script = (n, res) =>
      n === 0
        ? res.writeHead(502).end('bad gateway')
        : res.writeHead(200, { 'content-type': 'application/json' }).end(LOANS);
    const answer = await run((c) => c.call('listUserLoans', { query: { partner_id: 7 }, session: 't' }));
    expect(answer.loans).toEqual([]);
    expect(hits).toEqual([
      'POST /shipping/user_loans?partner_id=7',
      'POST /shipping/user_loans?partner_id=7',
    ]);
  });

  it('never sends a write twice', async () => {
    script = (_n, res) => res.writeHead(503).end('busy');
    const error = await run((c) => failure(c.call('logout', { session: 't' })));
    expect(isBackofficeError(error, 'unavailable')).toBe(true);
    expect(hits).toEqual(['POST /logout']);
  });

  it('does not try again after running out of time, nor after a wrong answer', async () => {
    script = () => undefined; // never answers
    expect(isBackofficeError(await run((c) => failure(c.call('health')), 300), 'unavailable')).toBe(true);
    expect(hits).toHaveLength(1);
    script = (_n, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    expect(isBackofficeError(await run((c) => failure(c.call('health'))), 'bad_answer')).toBe(true);
    expect(hits).toHaveLength(1);
  });
});

describe('time limits: reads give up sooner than writes', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // Answers everything, but only after 600 ms: longer than the read limit, well within the write limit.
    server = createServer((req, res) => {
      const answer = req.url?.startsWith('/health')
        ? '{"status":"ok","version":"1"}'
        : '{"status":"success"}';
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(answer), 600);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a slow read fails as unavailable while a slow write still completes', async () => {
    const limited = createBackofficeClient({ baseUrl: url, timeoutMs: 10_000, readTimeoutMs: 150 });
    try {
      const read = await failure(limited.call('health'));
      expect(isBackofficeError(read, 'unavailable')).toBe(true);
      const readPost = await failure(
        limited.call('listUserLoans', { query: { partner_id: 7 }, session: 't' }),
      );
      expect(isBackofficeError(readPost, 'unavailable')).toBe(true);
      await expect(limited.call('logout', { session: 't' })).resolves.toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('lets one call set its own shorter limit (readiness)', async () => {
    const patient = createBackofficeClient({ baseUrl: url, timeoutMs: 10_000, readTimeoutMs: 10_000 });
    try {
      await expect(patient.call('health')).resolves.toEqual({ status: 'ok', version: '1' });
      expect(
        isBackofficeError(await failure(patient.call('health', { timeoutMs: 150 })), 'unavailable'),
      ).toBe(true);
    } finally {
      await patient.close();
    }
  });
});

describe('answer size cap', () => {
  const MB = 1024 * 1024;
  let server: Server;
  let url: string;
  let answer: (res: import('node:http').ServerResponse) => void = () => undefined;
  let sent = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /**
   * A valid health answer of `size` bytes, made as the reader takes it: with its length declared, or
   * without (chunked). `sent` counts what left the server.
   */
  function huge(size: number, declared: boolean) {
    return (res: import('node:http').ServerResponse) => {
      const head = '{"status":"ok","version":"';
      const tail = '"}';
      sent = 0;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(size) } : {}),
      });
      res.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const filler = size - head.length - tail.length;
      const pump = () => {
        while (!res.destroyed && sent < filler) {
          const part = filler - sent >= chunk.length ? chunk : chunk.subarray(0, filler - sent);
          sent += part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end(tail);
      };
      pump();
    };
  }

  async function withCap<T>(maxAnswerBytes: number, work: (client: BackofficeClient) => Promise<T>) {
    const capped = createBackofficeClient({ baseUrl: url, timeoutMs: 10_000, maxAnswerBytes });
    try {
      return await work(capped);
    } finally {
      await capped.close();
    }
  }

  it('refuses an answer whose declared length passes the cap, without reading it', async () => {
    answer = huge(300 * MB, true);
    const error = await withCap(MB, (c) => failure(c.call('health')));
    expect(isBackofficeError(error, 'bad_answer')).toBe(true);
    expect(sent).toBeLessThan(100 * MB);
  });

  it('cuts off an answer without a declared length at the cap, with memory staying flat', async () => {
    answer = huge(300 * MB, false);
    const before = process.memoryUsage().arrayBuffers;
    const error = await withCap(4 * MB, (c) => failure(c.call('health')));
    expect(isBackofficeError(error, 'bad_answer')).toBe(true);
    expect(sent).toBeLessThan(100 * MB);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * MB);
  });

  it('reads a file answer past the data cap, up to the file cap', async () => {
    const data = Buffer.alloc(3 * MB, 1).toString('base64');
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ filename: 'scan.pdf', mimetype: 'application/pdf', data, expires_at: 'x' }));
    const token = 'a'.repeat(43);
    const file = await withCap(MB, (c) => c.call('getSharedDocument', { params: { token } }));
    expect(file.data).toHaveLength(data.length);
    expect(isBackofficeError(await withCap(MB, (c) => failure(c.call('health'))), 'bad_answer')).toBe(true);
  });
});
