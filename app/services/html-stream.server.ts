// The page's HTML as React's renderToPipeableStream writes it, in one string.
//
// In production React's renderer is patched (patches/react-dom, ADR 056) to gather the page's text and
// hand it to a destination that accepts text as strings, so that the page is not encoded to UTF-8 and
// decoded back. Elsewhere (the development build, the tests) it writes bytes, and React 18 sometimes
// sends its whole 2048-byte buffer when a string with multi-byte characters (Arabic, Chinese, accented
// French) did not fit at its end: the 1 to 3 bytes left unused go out as NUL bytes, which browsers show
// as "�", in visible text and in accessible names (facebook/react#24985; fixed in React 19 by #26228).
import { Writable } from 'node:stream';

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
