// React's Node renderer, as the portal runs it in production (patches/react-dom, ADR 056): the page's
// text is gathered and encoded some 8 KB at a time instead of being copied into a 2 KB buffer piece by
// piece, and the output is byte for byte what React renders otherwise, with no NUL byte where a
// character of Arabic or Chinese text would have straddled two buffers (facebook/react#24985). A
// destination that accepts text (the portal's, html-stream.server.ts) gets strings, never encoded.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// The file itself: the package does not export it, and the tests run React in development mode.
const production = require(
  path.join(
    path.dirname(require.resolve('react-dom/package.json')),
    'cjs/react-dom-server.node.production.min.js',
  ),
) as typeof import('react-dom/server');

/** What the production renderer writes for `element`, and in how many writes. */
function render(element: ReactElement): Promise<{ html: Buffer; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = production.renderToPipeableStream(element, {
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve({ html: Buffer.concat(chunks), writes: chunks.length });
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

/** What it writes to a destination that says it accepts text, as the portal's collector does. */
function renderText(element: ReactElement): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const chunks: unknown[] = [];
    const { pipe } = production.renderToPipeableStream(element, {
      onAllReady() {
        const destination = new Writable({
          decodeStrings: false,
          write(chunk: unknown, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            resolve(chunks);
            done();
          },
        });
        pipe(Object.assign(destination, { acceptsText: true }));
      },
      onShellError: reject,
    });
  });
}

/** A page of many small pieces: elements, attributes and text in three scripts. */
const page = (rows: number) =>
  createElement(
    'main',
    { className: 'page', dir: 'rtl' },
    Array.from({ length: rows }, (_, row) =>
      createElement(
        'p',
        { key: row, title: `عنوان ${row}`, 'data-row': row },
        'النص العربي 中文文本 ',
        row,
        createElement('b', null, 'Total'),
      ),
    ),
  );

describe("React's Node renderer in production", () => {
  it('writes what React renders, without NUL bytes, whatever the length', async () => {
    for (const rows of [0, 1, 7, 90, 1000]) {
      const { html } = await render(page(rows));
      expect(html.includes(0), `${rows} rows`).toBe(false);
      expect(html.toString('utf8'), `${rows} rows`).toBe(renderToString(page(rows)));
    }
  });

  it('gives text to a destination that accepts it, nothing encoded', async () => {
    for (const rows of [0, 1, 90, 1000]) {
      const chunks = await renderText(page(rows));
      expect(chunks.every((chunk) => typeof chunk === 'string')).toBe(true);
      expect(chunks.join(''), `${rows} rows`).toBe(renderToString(page(rows)));
    }
  });

  it('writes large pieces rather than one per 2 KB', async () => {
    const { html, writes } = await render(page(1000));
    expect(html.length).toBeGreaterThan(80_000);
    expect(writes).toBeLessThan(html.length / 8192);
  });
});
