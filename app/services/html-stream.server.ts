// The page's HTML as React's renderToPipeableStream writes it, in one string. React 18 sometimes sends
// its whole 2048-byte buffer when a string with multi-byte characters (Arabic, Chinese, accented French)
// did not fit at its end: the 1 to 3 bytes left unused go out as NUL bytes, which browsers show as "�",
// in visible text and in accessible names (facebook/react#24985; fixed in React 19 by #26228).
import { Writable } from 'node:stream';

/** The most bytes a buffer can leave unused before a character that did not fit (UTF-8: 4 bytes at most). */
const MAX_PADDING = 3;

/** `chunk` without the NUL bytes React 18 leaves at the end of a buffer it sent before it was full. */
export function withoutPadding(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < MAX_PADDING && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** Pipes React's output into memory, chunk by chunk as React wrote it, and decodes it once at the end. */
export function collectHtml(pipe: (destination: Writable) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const destination = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(withoutPadding(chunk));
        done();
      },
    });
    destination.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    destination.on('error', reject);
    pipe(destination);
  });
}
