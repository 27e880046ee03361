// After refusing an upload, the browser's connection must be free for its next click at once. This runs
// over real HTTP: a node server hands the request to the form reader as the portal's server does (the
// body as a web stream, as @remix-run/express makes it) and answers the refusal; the client is a bare
// socket that behaves as a browser on one keep-alive connection: it reads the early answer, goes on
// sending the rest of its upload, then sends its next request on the same connection.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseUploadForm } from './uploads.server';

const MB = 1024 * 1024;
const BOUNDARY = '----upload-connection-test';
let server: http.Server;
let port: number;

function answer(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method !== 'POST') return answer(res, 200, 'the next page');
    const request = new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: createReadableStreamFromReadable(req),
      duplex: 'half',
    } as RequestInit);
    void parseUploadForm(request, { fileField: 'attachments', maxFileBytes: MB }).then((upload) =>
      answer(res, 400, JSON.stringify(upload.problems)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One connection, read as answers arrive: each `next()` gives the next whole answer's status and text. */
function connection() {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  // A reset shows as the close below (the test says what was cut short).
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const next = async (): Promise<{ status: number; text: string }> => {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = received.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length >= end + 4 + length) {
          const text = received.subarray(end + 4, end + 4 + length).toString('utf8');
          received = received.subarray(end + 4 + length);
          return { status: Number(head.split(' ')[1]), text };
        }
      }
      if (closed) throw new Error('the connection was closed before the answer came');
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  /** Writes all of it, waiting whenever the server stops reading; rejects if the connection ends first. */
  const send = (parts: Iterable<Buffer>) =>
    new Promise<void>((resolve, reject) => {
      const iterator = parts[Symbol.iterator]();
      socket.once('close', () => reject(new Error('the connection was closed while sending')));
      const write = () => {
        for (let part = iterator.next(); !part.done; part = iterator.next()) {
          if (!socket.write(part.value)) return void socket.once('drain', write);
        }
        resolve();
      };
      write();
    });
  return { socket, next, send };
}

function* upload(fileBytes: number): Generator<Buffer> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="scan.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  yield Buffer.from(
    'POST /apps/request-for-shipping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${head.length + fileBytes + tail.length}\r\n\r\n`,
  );
  yield head;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = 0; sent < fileBytes; sent += chunk.length)
    yield chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
  yield tail;
}

it('leaves the connection free for the next request after refusing a file that is too large', async () => {
  const { socket, next, send } = connection();
  try {
    const sending = send(upload(20 * MB));
    const refused = await next();
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual([{ code: 'fileTooLarge', filename: 'scan.pdf', maxMb: 1 }]);

    // The browser finishes sending what it had started, then its next click uses the same connection.
    await sending;
    await send([Buffer.from('GET /apps/send-client-requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]);
    expect(await next()).toEqual({ status: 200, text: 'the next page' });
  } finally {
    socket.destroy();
  }
}, 30_000);
