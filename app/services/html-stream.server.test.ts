// React 18's streaming renderer pads some buffers with NUL bytes when Arabic or Chinese text meets the end
// of its 2048-byte buffer; the page's HTML must come out exactly as renderToString would write it.
import { PassThrough } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectHtml, renderHtml, withoutPadding } from './html-stream.server';

/** Enough Arabic of varying lengths that several buffer ends fall inside a two-byte character. */
const page = createElement(
  'nav',
  { 'aria-label': 'القائمة الرئيسية' },
  Array.from({ length: 400 }, (_, n) =>
    createElement(
      'a',
      { key: n, href: `#${n}`, 'aria-label': `القائمة الرئيسية${'ة'.repeat(n % 7)}` },
      `مرحبًا ${n}`,
    ),
  ),
);

function streamed(pipeInto: (pipe: (destination: NodeJS.WritableStream) => void) => Promise<string>) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page, {
      onAllReady: () => pipeInto(pipe).then(resolve, reject),
      onShellError: reject,
    });
  });
}

describe('collectHtml', () => {
  it('gives the HTML renderToString gives, with no NUL byte', async () => {
    // The plain way shows the padding (if this fails, React no longer pads and the helper can go).
    const plain = await streamed(
      (pipe) =>
        new Promise((resolve) => {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          pipe(body);
        }),
    );
    expect(plain).toContain('\0');

    const html = await streamed((pipe) => collectHtml(pipe));
    expect(html).not.toContain('\0');
    expect(html).toBe(renderToString(page));
  });

  it('takes off at most three trailing NUL bytes, and nothing else', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(withoutPadding(bytes(0x61, 0xd8, 0xa7, 0))).toEqual(bytes(0x61, 0xd8, 0xa7));
    expect(withoutPadding(bytes(0x61, 0, 0, 0))).toEqual(bytes(0x61));
    expect(withoutPadding(bytes(0x61, 0, 0, 0, 0))).toEqual(bytes(0x61, 0));
    expect(withoutPadding(bytes(0x61, 0, 0x62))).toEqual(bytes(0x61, 0, 0x62));
  });
});

describe('renderHtml', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the page and leaves no timer behind, so a render is not kept alive until its deadline', async () => {
    // Only the deadline's clock: React schedules its work with setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const errors: unknown[] = [];
    const html = await renderHtml(page, { abortDelayMs: 10_000, onError: (error) => errors.push(error) });
    expect(html).toBe(renderToString(page));
    expect(vi.getTimerCount()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('ends the destination once: React is not made to abort a render that finished', async () => {
    const ends: number[] = [];
    const html = await streamed((pipe) =>
      collectHtml((destination) => {
        const end = destination.end.bind(destination);
        destination.end = ((...args: Parameters<typeof end>) => {
          ends.push(ends.length);
          return end(...args);
        }) as typeof destination.end;
        pipe(destination);
      }),
    );
    // Whatever React would do once the destination closed has happened by the next turns.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(html).toBe(renderToString(page));
    expect(ends).toHaveLength(1);
  });
});
