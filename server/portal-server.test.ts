// The portal's HTTP server around a stand-in handler, over real sockets on loopback: bodies refused
// before they are read (and memory flat while a large one is offered), the proxy setting, the
// connection limits and the drain on shutdown.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalApp, drain, handlersSettled, listenPortal } from './portal-server.js';
import { collectGarbage } from '../tests/unit/memory';

const MB = 1024 * 1024;
const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A handler that reads every body whole, as a route would: what reaches it is counted. */
function bufferingHandler() {
  const seen = { requests: 0, bytes: 0 };
  const handler: RequestHandler = async (req, res) => {
    seen.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
      seen.bytes += (chunk as Buffer).length;
    }
    res.json({ protocol: req.protocol, secure: req.secure, ip: req.ip, bytes: Buffer.concat(chunks).length });
  };
  return { handler, seen };
}

async function start(
  handler: RequestHandler,
  options: { trustProxy?: string; limits?: Parameters<typeof listenPortal>[1]['limits'] } = {},
) {
  const app = createPortalApp({ handler, trustProxy: options.trustProxy });
  const server = await listenPortal(app, { port: 0, host: '127.0.0.1', limits: options.limits });
  servers.push(server);
  return { app, server, port: (server.address() as AddressInfo).port };
}

/** A body of `bytes` spaces made as it is read, never held whole. */
function lazyBody(bytes: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

/** POSTs a multipart body of `bytes`, declared up front as a browser does; resolves with the status. */
function postMultipart(port: number, path: string, bytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=----portal-test',
        'Content-Length': String(bytes),
        'Accept-Language': 'fr',
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    // The server closes the connection while the body is still being offered: that is the point.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) reject(error);
    });
    lazyBody(bytes).pipe(request);
  });
}

describe('files sent to a page that takes none', () => {
  it('are refused before they are read: twenty 60 MB sign-in posts leave memory flat', async () => {
    const { handler, seen } = bufferingHandler();
    const { port } = await start(handler);
    collectGarbage();
    const before = process.memoryUsage();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postMultipart(port, '/auth/login', 60 * MB)),
    );
    collectGarbage();
    const after = process.memoryUsage();
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(415));
    expect(answers[0]!.text).toContain('lang="fr"');
    expect(seen).toEqual({ requests: 0, bytes: 0 });
    // Twenty bodies of 60 MB would be 1.2 GB held; a few socket buffers are all that may remain.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * MB);
    expect(after.rss - before.rss).toBeLessThan(100 * MB);
  });

  it.each(['/auth/login', '/preferences', '/api/data/notes/NotesData', '/apps/customers/new', '/'])(
    'are refused on %s, even small',
    async (path) => {
      const { handler, seen } = bufferingHandler();
      const { port } = await start(handler);
      expect((await postMultipart(port, path, 1000)).status).toBe(415);
      expect(seen.requests).toBe(0);
    },
  );

  it('are refused without a declared length too', async () => {
    const { handler, seen } = bufferingHandler();
    const { port } = await start(handler);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path: '/auth/login',
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Transfer-Encoding': 'chunked' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(status).toBe(415);
    expect(seen.requests).toBe(0);
  });
});

describe('files sent to a page that takes them', () => {
  it.each(['/apps/request-for-shipping', '/apps/request-for-shipping.data', '/pages/account-settings/image'])(
    'reach %s within its limit',
    async (path) => {
      const { handler, seen } = bufferingHandler();
      const { port } = await start(handler);
      expect((await postMultipart(port, path, 1 * MB)).status).toBe(200);
      expect(seen.bytes).toBe(1 * MB);
    },
  );

  it('are refused past the page’s own limit: a 3 MB picture', async () => {
    const { handler, seen } = bufferingHandler();
    const { port } = await start(handler);
    expect((await postMultipart(port, '/pages/account-settings/image', 4 * MB)).status).toBe(413);
    expect(seen.requests).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  async function through(trustProxy: string | undefined) {
    const { handler } = bufferingHandler();
    const { port } = await start(handler, { trustProxy });
    const response = await fetch(`http://127.0.0.1:${port}/page`, {
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' },
    });
    return {
      body: (await response.json()) as { protocol: string; secure: boolean; ip: string },
      hsts: response.headers.get('strict-transport-security'),
    };
  }

  it.each(['1', ' 2 ', 'loopback', '127.0.0.1', '127.0.0.1/8, ::1', 'true'])(
    '%j trusts the proxy in front: https, HSTS and the client address',
    async (value) => {
      const { body, hsts } = await through(value);
      expect(body).toMatchObject({ protocol: 'https', secure: true, ip: '203.0.113.9' });
      expect(hsts).toMatch(/max-age=\d+/);
    },
  );

  it.each([undefined, '', 'false', '10.9.9.9'])('%j trusts nobody here', async (value) => {
    const { body, hsts } = await through(value);
    expect(body).toMatchObject({ protocol: 'http', secure: false });
    expect(hsts).toBeNull();
  });
});

/** Opens a raw connection; resolves once connected, with a promise of its closing. */
function connect(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

describe('connection limits', () => {
  it('one address holds at most its number of connections; the rest are closed at once', async () => {
    const { handler } = bufferingHandler();
    const { port } = await start(handler, { limits: { perAddress: 3 } });
    const kept = await Promise.all([connect(port), connect(port), connect(port)]);
    const extra = await connect(port);
    await extra.closed;
    let keptClosed = 0;
    for (const { closed } of kept) void closed.then(() => (keptClosed += 1));
    // The three kept connections still serve a request.
    kept[0]!.socket.write('GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const answer = await new Promise<string>((resolve) =>
      kept[0]!.socket.once('data', (d) => resolve(String(d))),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(keptClosed).toBe(0);
    for (const { socket } of kept) socket.destroy();
  });

  it('a connection that never finishes its headers is closed', async () => {
    const { handler } = bufferingHandler();
    const { port } = await start(handler, {
      limits: { headersTimeoutMs: 200, requestTimeoutMs: 400, checkIntervalMs: 50 },
    });
    const { socket, closed } = await connect(port);
    let answer = '';
    socket.on('data', (data) => (answer += String(data)));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });
});

describe('drain', () => {
  it('finishes a request under way, then releases resources, and exits 0', async () => {
    const order: string[] = [];
    let started!: () => void;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    const handler: RequestHandler = (_req, res) => {
      started();
      setTimeout(() => {
        order.push('answered');
        res.send('done');
      }, 300);
    };
    const { server, port } = await start(handler);
    const response = fetch(`http://127.0.0.1:${port}/slow-document`).then((r) => r.text());
    await underWay;
    const code = drain(server, {
      graceMs: 10_000,
      release: async () => {
        order.push('released');
      },
    });
    // No new connection is taken while draining.
    await expect(fetch(`http://127.0.0.1:${port}/other`)).rejects.toThrow();
    expect(await response).toBe('done');
    expect(await code).toBe(0);
    expect(order).toEqual(['answered', 'released']);
  });

  it('lets a page whose reader has gone finish loading before it releases what the page uses', async () => {
    const order: string[] = [];
    let started!: () => void;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    const handler: RequestHandler = async () => {
      started();
      // A loader still asking the back office, whose answer nobody will read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push('loaded');
    };
    const { app, server, port } = await start(handler);
    const reader = new AbortController();
    const response = fetch(`http://127.0.0.1:${port}/apps/loans`, { signal: reader.signal }).catch(
      () => 'gone',
    );
    await underWay;
    reader.abort();
    expect(await response).toBe('gone');
    const code = await drain(server, {
      graceMs: 10_000,
      settled: () => handlersSettled(app),
      release: async () => {
        order.push('released');
      },
    });
    expect(code).toBe(0);
    expect(order).toEqual(['loaded', 'released']);
  });

  it('cuts what is still running after the grace, releases, and says so', async () => {
    const handler: RequestHandler = () => undefined;
    const { server, port } = await start(handler);
    const socket = await connect(port);
    socket.socket.write('GET /never HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    let released = false;
    const code = await drain(server, {
      graceMs: 200,
      release: async () => {
        released = true;
      },
    });
    await socket.closed;
    expect(code).toBe(1);
    expect(released).toBe(true);
  });
});

describe('Referrer-Policy', () => {
  it('is strict-origin-when-cross-origin, and a page’s own policy replaces it', async () => {
    const handler: RequestHandler = (req, res) => {
      if (req.path === '/shared/x') res.append('Referrer-Policy', 'no-referrer');
      res.send('ok');
    };
    const { port } = await start(handler);
    const policyOf = async (path: string) =>
      (await fetch(`http://127.0.0.1:${port}${path}`)).headers.get('referrer-policy');
    expect(await policyOf('/page')).toBe('strict-origin-when-cross-origin');
    expect(await policyOf('/shared/x')).toBe('no-referrer');
  });
});
