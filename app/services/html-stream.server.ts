// The page's HTML as React's renderToPipeableStream writes it, in one string.
//
// In production React's renderer is patched (patches/react-dom, ADR 056) to gather the page's text and
// hand it to a destination that accepts text as strings, so that the page is not encoded to UTF-8 and
// decoded back. Elsewhere (the development build, the tests) it writes bytes, and React 18 sometimes
// sends its whole 2048-byte buffer when a string with multi-byte characters (Arabic, Chinese, accented
// French) did not fit at its end: the 1 to 3 bytes left unused go out as NUL bytes, which browsers show
// as "�", in visible text and in accessible names (facebook/react#24985; fixed in React 19 by #26228).
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** The most bytes a buffer can leave unused before a character that did not fit (UTF-8: 4 bytes at most). */
const MAX_PADDING = 3;

/** `chunk` without the NUL bytes React 18 leaves at the end of a buffer it sent before it was full. */
export function withoutPadding(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < MAX_PADDING && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** Pipes React's output into memory, chunk by chunk as React wrote it, and makes one string of it. */
export function collectHtml(pipe: (destination: Writable) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const text: string[] = [];
    const bytes: Uint8Array[] = [];
    const destination = new Writable({
      decodeStrings: false,
      // React takes a destination's 'close' for a reader gone and aborts: after the end, that only builds
      // an error nobody reads.
      emitClose: false,
      write(chunk: string | Uint8Array, _encoding, done) {
        if (typeof chunk === 'string') text.push(chunk);
        else bytes.push(withoutPadding(chunk));
        done();
      },
    });
    // Read by the patched renderer: strings are welcome here.
    Object.assign(destination, { acceptsText: true });
    destination.on('finish', () => {
      // One renderer writes one kind: text (patched production build) or bytes (the others).
      resolve(bytes.length === 0 ? text.join('') : Buffer.concat(bytes).toString('utf8'));
    });
    destination.on('error', reject);
    pipe(destination);
  });
}

/**
 * `node` rendered whole (every Suspense boundary resolved) into one string, or the render's error. A
 * render still going after `abortDelayMs` is aborted. The deadline's timer ends with the render: one left
 * running would keep each page's render alive, and its memory, for the whole delay.
 */
export function renderHtml(
  node: ReactNode,
  {
    nonce,
    abortDelayMs,
    onError,
  }: { nonce?: string; abortDelayMs: number; onError: (error: unknown) => void },
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const rendered = new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const { pipe, abort } = renderToPipeableStream(node, {
      nonce,
      onAllReady() {
        // Node's renderer, not the web streams one: that costs a third more.
        collectHtml(pipe).then(resolve, reject);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
        onError(error);
      },
    });
    timer = setTimeout(() => abort(failed), abortDelayMs);
  });
  return rendered.finally(() => clearTimeout(timer));
}
