// A page's HTML is a function of what it is rendered from: the URL, the loaders' data, the language and
// direction, and the clock for the few screens that read it while rendering (a form's default time, a
// date field's latest day, all to the minute or coarser). When a request brings exactly the same inputs
// as one rendered earlier in the same minute — a customer reloading a list, going back to a page — the
// page kept from then is sent again with the new request's CSP nonce, and React is not run. The loaders
// still run on every request (each one still asks the back office), so a page never shows data older
// than the request: a change in any loader's data is a new key. Anything the key cannot describe (a
// promise, a class instance, an action's data, an error, a status other than 200) is rendered as usual.
import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import { LRUCache } from 'lru-cache';

export type RenderInputs = {
  url: string;
  language: string;
  dir: string;
  statusCode: number;
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null | undefined;
  errors: Record<string, unknown> | null | undefined;
  /** Milliseconds since the epoch; pages are kept for the minute they were rendered in. */
  now: number;
};

/**
 * Whether `value` is data as Remix would send it: text, numbers, booleans, undefined, big integers, dates,
 * and arrays and plain objects of them. Not a promise, a function, a symbol or a class instance, which
 * the key cannot describe. Looked through without building anything.
 */
function isData(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'bigint':
      return true;
    case 'object': {
      if (value === null || value instanceof Date) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) if (!isData(value[index])) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const name in value) if (!isData((value as Record<string, unknown>)[name])) return false;
      return true;
    }
    default:
      // Functions and symbols are not data.
      return false;
  }
}

/** The key a page is kept under, or null when it must be rendered. */
export function renderKey(inputs: RenderInputs): string | null {
  if (inputs.statusCode !== 200) return null;
  const hasEntries = (record: Record<string, unknown> | null | undefined) =>
    record != null && Object.keys(record).length > 0;
  if (hasEntries(inputs.actionData) || hasEntries(inputs.errors)) return null;
  // A page showing the message an action left (flash.server.ts) is shown once: never kept or given again.
  if ((inputs.loaderData.root as { flash?: unknown } | undefined)?.flash) return null;
  const minute = Math.floor(inputs.now / 60_000);
  if (!isData(inputs.loaderData)) return null;
  // V8's own serialisation of the data (what structured clone writes): the same bytes only for the same
  // data, key order kept and types told apart (undefined and a missing key, a date and its text, -0),
  // as it reads back into the value it was written from. Written natively, in one buffer.
  return createHash('sha256')
    .update(JSON.stringify([inputs.url, inputs.language, inputs.dir, minute]))
    .update(serialize(inputs.loaderData))
    .digest('base64url');
}

type Kept = { parts: Buffer[]; bytes: number };

export type RenderMemo = {
  /** The page kept under `key` (UTF-8), with `nonce` where the nonce it was rendered with stood. */
  get(key: string, nonce: string): Uint8Array<ArrayBuffer> | undefined;
  /**
   * Keeps `page`, rendered with `nonce`, under `key` (not without a nonce to replace), and gives its
   * UTF-8 bytes to send: the page is encoded once.
   */
  set(key: string, page: string, nonce: string): Uint8Array<ArrayBuffer>;
  size(): number;
};

/** `bytes` cut at each occurrence of `separator`. */
function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * Pages kept `maxAgeMs` at most (a key holds its minute too), and `maxBytes` of them at most, the least
 * recently used going first. They are kept as UTF-8 outside the JavaScript heap, ready to send.
 */
export function createRenderMemo({
  maxBytes = 32 * 1024 * 1024,
  maxAgeMs = 60_000,
}: { maxBytes?: number; maxAgeMs?: number } = {}): RenderMemo {
  const pages = new LRUCache<string, Kept>({
    maxSize: maxBytes,
    sizeCalculation: (kept) => kept.bytes,
    ttl: maxAgeMs,
  });
  // Pages past their time are dropped, not only left unused: customers' data is not kept longer.
  setInterval(() => pages.purgeStale(), maxAgeMs).unref();
  return {
    get(key, nonce) {
      const kept = pages.get(key);
      if (!kept) return undefined;
      const nonceBytes = Buffer.from(nonce);
      return Buffer.concat(kept.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
    },
    set(key, page, nonce) {
      const bytes = Buffer.from(page);
      if (nonce && bytes.length <= maxBytes) {
        pages.set(key, { parts: splitBytes(bytes, Buffer.from(nonce)), bytes: bytes.length });
      }
      return bytes;
    },
    size: () => pages.size,
  };
}
