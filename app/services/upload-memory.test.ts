// A 100 MB upload is refused without the portal holding it: the body is made lazily as it is read (never
// held here either), sent to the shipping request action as a browser would, and the test watches the
// process's memory and how much of the body the action pulled.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  args,
  cookiesFrom,
  formRequest,
  PORTAL,
  startPortalBackoffice,
} from '../../tests/unit/portal-server';
import { ATTACHMENT_LIMITS } from './backoffice/contract';

const MB = 1024 * 1024;
const FILE_BYTES = 100 * MB;
const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const BOUNDARY = '----portal-upload-memory-test';

let reference: TestBackoffice;
let cookie: string;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  const { loginAction } = await import('./auth-actions.server');
  const response = (await loginAction(
    args(formRequest('/auth/login', { email: 'client@example.com', password: 'demo1234' })),
  )) as Response;
  cookie = cookiesFrom(response);
});
afterAll(() => reference.dispose());

/** A full collection, so that what is measured is what is still held. */
function collectGarbage(): void {
  const gc =
    (globalThis as { gc?: () => void }).gc ??
    (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc') as () => void);
  gc();
  gc();
}

/** What the process holds: its resident size and the bytes in buffers (where a body would sit). */
function held() {
  const usage = process.memoryUsage();
  return { rss: usage.rss, buffers: usage.arrayBuffers };
}

/**
 * A multipart body with the shipping form's fields and one PDF of `fileBytes`, made chunk by chunk only
 * when the reader asks (a high-water mark of 0: nothing is read ahead). `pulled` counts what was read.
 */
function lazyMultipart(fields: Record<string, string>, fileBytes: number) {
  const counter = { pulled: 0, peak: held() };
  const encoder = new TextEncoder();
  const head = encoder.encode(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="scan.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let headSent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk: Uint8Array;
        if (!headSent) {
          headSent = true;
          chunk = head;
        } else if (sent < fileBytes) {
          chunk = fileBytes - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, fileBytes - sent);
          sent += chunk.length;
        } else {
          controller.enqueue(tail);
          counter.pulled += tail.length;
          controller.close();
          return;
        }
        // A fresh copy each time, as a socket hands over fresh buffers.
        controller.enqueue(chunk.slice());
        counter.pulled += chunk.length;
        if (counter.pulled % MB < CHUNK.length) {
          const now = held();
          counter.peak = {
            rss: Math.max(counter.peak.rss, now.rss),
            buffers: Math.max(counter.peak.buffers, now.buffers),
          };
        }
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counter };
}

it('refuses a 100 MB attachment by name, stops reading soon after 10 MB and keeps memory flat', async () => {
  const { action } = await import('../routes/_portal.apps.request-for-shipping');
  const fields = {
    category: 'footwear',
    containerType: 'groupage',
    origin: 'india',
    cbm: '14',
    description: 'Sandals, scanned papers attached',
  };
  collectGarbage();
  const before = held();
  const { body, counter } = lazyMultipart(fields, FILE_BYTES);
  const request = new Request(new URL('/apps/request-for-shipping', PORTAL), {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
  } as RequestInit);

  const started = Date.now();
  const result = (await action(args(request))) as unknown as {
    init: ResponseInit | null;
    data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  };
  const after = held();

  // The refusal: the file named, the limit given, what was typed kept.
  expect(result.init?.status).toBe(400);
  expect(result.data.error?.attachments).toEqual([
    `requests:upload.fileTooLarge|{"filename":"scan.pdf","maxMb":${ATTACHMENT_LIMITS.bytes / MB}}`,
  ]);
  expect(result.data.initialValue).toMatchObject({ description: fields.description, cbm: '14' });

  // The body was read a little past the limit, then no more (nothing pulls it later either).
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(counter.pulled).toBeGreaterThan(ATTACHMENT_LIMITS.bytes);
  expect(counter.pulled).toBeLessThan(ATTACHMENT_LIMITS.bytes + 2 * MB);
  expect(Date.now() - started).toBeLessThan(10_000);

  // Memory: never more than a limit's worth (10 MB) and some slack above the start, far below 100 MB.
  const growth = {
    peakBuffers: Math.max(counter.peak.buffers, after.buffers) - before.buffers,
    peakRss: Math.max(counter.peak.rss, after.rss) - before.rss,
  };
  expect(growth.peakBuffers, 'buffers grew by').toBeLessThan(30 * MB);
  expect(growth.peakRss, 'resident size grew by').toBeLessThan(30 * MB);
  collectGarbage();
  expect(held().buffers - before.buffers, 'buffers still held').toBeLessThan(5 * MB);
});
