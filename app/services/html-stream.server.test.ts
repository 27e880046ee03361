// React 18's streaming renderer pads some buffers with NUL bytes when Arabic or Chinese text meets the end
// of its 2048-byte buffer; the page's HTML must come out exactly as renderToString would write it.
import { PassThrough } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { collectHtml, withoutPadding } from './html-stream.server';

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
