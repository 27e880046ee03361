// A call's JSON body, written without copying its long strings (attachments' base64): JSON.stringify
// would make one more copy of every file, and turning that text into bytes another.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

/** Strings longer than this that need no escaping are sent as they are, in slices of this size. */
const SLICE = 64 * 1024;
const PLAIN = /^[A-Za-z0-9+/=._-]*$/;

export interface JsonBody {
  /** Bytes in all (the Content-Length). */
  length: number;
  /** The body, made afresh for each try; long strings are read slice by slice as they are sent. */
  stream(): Readable;
}

/** The JSON text of `value` as a string when it is short, or as a stream of its parts when it is not. */
export function jsonBody(value: unknown): string | JsonBody {
  const long: string[] = [];
  // Unguessable and escaped by JSON.stringify itself, so no string of the body can look like it.
  const marker = `\u0000${randomUUID()}`;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'string' && item.length > SLICE && PLAIN.test(item)) {
      long.push(item);
      return marker;
    }
    return item;
  });
  if (long.length === 0) return text;
  const between = text.split(JSON.stringify(marker));
  const length =
    between.reduce((sum, part) => sum + Buffer.byteLength(part), 0) +
    long.reduce((sum, item) => sum + item.length + 2, 0);
  function* parts(): Generator<Buffer> {
    for (const [index, part] of between.entries()) {
      yield Buffer.from(part);
      const item = long[index];
      if (item === undefined) continue;
      yield Buffer.from('"');
      for (let at = 0; at < item.length; at += SLICE) yield Buffer.from(item.slice(at, at + SLICE), 'latin1');
      yield Buffer.from('"');
    }
  }
  return { length, stream: () => Readable.from(parts(), { objectMode: false }) };
}
