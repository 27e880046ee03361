// What an upload costs the portal in memory. The bodies are made lazily as they are read (never held
// here), sent to the shipping request action as a browser would, and the test watches the process's
// memory and how much of each body was pulled. The back office's create call is answered by a stand-in
// that counts the bytes and drops them (everything else goes to the reference back office), so that
// what is measured is the portal alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  PORTAL,
  startPortalBackoffice,
} from '../../tests/unit/portal-server';
import { ATTACHMENT_LIMITS } from '@contract';
import { DRAIN_BYTES } from './uploads.server';
import { collectGarbage } from '../../tests/unit/memory';

const MB = 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const BOUNDARY = '----portal-upload-memory-test';
const FIELDS = {
  category: 'footwear',
  containerType: 'groupage',
  origin: 'india',
  cbm: '14',
  description: 'Sandals, scanned papers attached',
};

let reference: TestBackoffice;
let standIn: http.Server;
let cookie: string;
let action: (typeof import('../routes/_portal.apps.request-for-shipping'))['action'];
/** What the stand-in received for each create: its bytes, and the body's first and last characters. */
const creates: { bytes: number; start: string; end: string }[] = [];
/**
 * The highest memory seen during a test: the resident size and buffers as they are, and what is live
 * (JavaScript heap and buffers just after a full collection: the copies really held, not garbage).
 */
let peak = { rss: 0, buffers: 0, live: 0 };

function sample() {
  const now = held();
  peak = { ...peak, rss: Math.max(peak.rss, now.rss), buffers: Math.max(peak.buffers, now.buffers) };
}

function sampleLive() {
  sample();
  collectGarbage();
  peak.live = Math.max(peak.live, held().live);
}

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const upstream = new URL(reference.backoffice.url);
  standIn = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/shipping-requests')) {
      let bytes = 0;
      let start = '';
      let end = '';
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (start.length < 64) start += chunk.subarray(0, 64).toString('latin1');
        end = (end + chunk.subarray(-160).toString('latin1')).slice(-160);
        if (bytes % MB < chunk.length) sample();
        // Halfway through a body, what is held while it is being sent.
        if (bytes % (32 * MB) < chunk.length) sampleLive();
      });
      req.on('end', () => {
        creates.push({ bytes, start, end });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ status: 'success', id: 4000 + creates.length }));
      });
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  // Idle connections kept longer than the portal's client keeps them, as the back office does.
  standIn.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  process.env.BACKOFFICE_URL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const { loginAction } = await import('./auth-actions.server');
  const response = (await loginAction(
    args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
  )) as Response;
  cookie = cookiesFrom(response);
  // Loaded before anything is measured.
  ({ action } = await import('../routes/_portal.apps.request-for-shipping'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
  await reference.dispose();
});

/** What the process holds: its resident size, the bytes in buffers (where a body would sit), and all. */
function held() {
  const usage = process.memoryUsage();
  // `external` counts buffers and the large strings Node keeps outside the heap (base64 text).
  return { rss: usage.rss, buffers: usage.arrayBuffers, live: usage.heapUsed + usage.external };
}

/**
 * A multipart body with the shipping form's fields and PDFs of `fileBytes` each, made chunk by chunk
 * only when the reader asks (a high-water mark of 0: nothing is read ahead). `pulled` counts what was
 * read; `ended` says whether the reader read it to the end or cancelled it.
 */
function lazyMultipart(fileBytes: number[]) {
  let end = (_how: 'read' | 'cancelled') => {};
  const counter = {
    pulled: 0,
    ended: new Promise<'read' | 'cancelled'>((resolve) => (end = resolve)),
  };
  const encoder = new TextEncoder();
  const fields = Object.entries(FIELDS)
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  // The parts in order: text, then for each file its head and its size in bytes of content.
  const parts: (Uint8Array | number)[] = [encoder.encode(fields)];
  fileBytes.forEach((size, index) => {
    parts.push(
      encoder.encode(
        `${index ? '\r\n' : ''}--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; ` +
          `filename="scan-${index + 1}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      ),
      size - 9,
    );
  });
  parts.push(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
  let left = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      cancel() {
        end('cancelled');
      },
      pull(controller) {
        while (left === 0 && typeof parts[0] === 'number') left = parts.shift() as number;
        let chunk: Uint8Array;
        if (left > 0) {
          chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
          left -= chunk.length;
        } else {
          const next = parts.shift();
          if (next === undefined) {
            controller.close();
            end('read');
            return;
          }
          chunk = next as Uint8Array;
        }
        // A fresh copy each time, as a socket hands over fresh buffers.
        controller.enqueue(chunk.slice());
        counter.pulled += chunk.length;
        if (counter.pulled % MB < CHUNK.length) sample();
        if (counter.pulled % (16 * MB) < CHUNK.length) sampleLive();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(new URL('/apps/request-for-shipping', PORTAL), {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  } as RequestInit);
  return { request, counter };
}

type ActionResult = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};

async function send(request: Request): Promise<ActionResult | Response> {
  return (await action(args(request))) as unknown as ActionResult | Response;
}

/** Measures `work`: the highest growth over the start while it ran, and what is still held after. */
async function measured(work: () => Promise<void>) {
  collectGarbage();
  const before = held();
  peak = before;
  await work();
  sampleLive();
  const growth = {
    rss: peak.rss - before.rss,
    buffers: peak.buffers - before.buffers,
    live: peak.live - before.live,
  };
  collectGarbage();
  return { growth, kept: held().buffers - before.buffers };
}

it('refuses a 100 MB attachment by name at once, drops the rest it reads and keeps memory flat', async () => {
  const { request, counter } = lazyMultipart([100 * MB]);
  let result: ActionResult | undefined;
  const { growth, kept } = await measured(async () => {
    result = (await send(request)) as ActionResult;
    // The refusal came once the limit was passed; the rest is read and dropped, up to a bound.
    expect(counter.pulled).toBeLessThan(ATTACHMENT_LIMITS.bytes + 2 * MB);
    expect(await counter.ended).toBe('cancelled');
  });

  // The refusal: the file named, the limit given, what was typed kept.
  expect(result?.init?.status).toBe(400);
  expect(result?.data.error?.attachments).toEqual([
    `requests:upload.fileTooLarge|{"filename":"scan-1.pdf","maxMb":${ATTACHMENT_LIMITS.bytes / MB}}`,
  ]);
  expect(result?.data.initialValue).toMatchObject({ description: FIELDS.description, cbm: '14' });
  expect(counter.pulled).toBeLessThan(ATTACHMENT_LIMITS.bytes + DRAIN_BYTES + 2 * MB);

  // Memory: never more than a limit's worth (10 MB) held, and some slack above the start; with the
  // dropped pieces the collector has not taken yet, still far below the 100 MB sent.
  expect(growth.live, 'held').toBeLessThan(30 * MB);
  expect(growth.rss, 'resident size grew by').toBeLessThan(100 * MB);
  expect(kept, 'buffers still held').toBeLessThan(5 * MB);
});

it('sends five files of 10 MiB holding each file once (base64), never copied again', async () => {
  creates.length = 0;
  const sizes = Array.from({ length: 5 }, () => ATTACHMENT_LIMITS.bytes);
  const { growth, kept } = await measured(async () => {
    const answer = await send(lazyMultipart(sizes).request);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/apps/send-client-requests');
  });
  // The whole request reached the back office as JSON: 5 × 10 MiB in base64 and the rest.
  expect(creates).toHaveLength(1);
  expect(creates[0]?.bytes).toBeGreaterThan(5 * Math.ceil(ATTACHMENT_LIMITS.bytes / 3) * 4);
  expect(creates[0]?.start).toMatch(/^\{"partner_id":\d+/);
  expect(creates[0]?.end).toMatch(/"\}\],"service":"shipping","origin":"india","details":\{[^}]*\}\}$/);
  // 50 MiB of files are 67 MiB of base64: held once while sent, not again as JSON text or bytes.
  expect(growth.live, 'held').toBeLessThan(100 * MB);
  expect(growth.rss, 'resident size grew by').toBeLessThan(200 * MB);
  expect(kept, 'buffers still held').toBeLessThan(5 * MB);
}, 60_000);

it('takes six such uploads at once two at a time, the others waiting their turn', async () => {
  creates.length = 0;
  const sizes = Array.from({ length: 5 }, () => ATTACHMENT_LIMITS.bytes);
  const { growth } = await measured(async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(lazyMultipart(sizes).request)));
    expect(answers.map((answer) => (answer instanceof Response ? answer.status : answer.data))).toEqual(
      Array.from({ length: 6 }, () => 302),
    );
  });
  expect(creates).toHaveLength(6);
  // Two uploads held at a time (67 MiB of base64 each), far less than the six together (400 MiB).
  expect(growth.live, 'held').toBeLessThan(180 * MB);
  expect(growth.rss, 'resident size grew by').toBeLessThan(320 * MB);
}, 120_000);
