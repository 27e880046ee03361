// The JSON body of a call that carries files, read as it arrives: each file's base64 is decoded piece by
// piece and only its bytes are kept. Neither the body, nor its text, nor the base64 of a file is ever
// held whole, so a request of five 10 MiB files costs about those 50 MiB (decision record 027).
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { Base64Decoder, type ReceivedFile } from './attachments';
import { streamBody } from './body-stream';
import { refuse } from './http';

export interface FileBody {
  /** The body as `JSON.parse` gives it, each file's `data` replaced by `Base64Decoder.marker`. */
  body: unknown;
  /** Each file's decoded bytes, by its index in the body's list of files. */
  files: (ReceivedFile | undefined)[];
}

export interface FileBodyOptions {
  /** The body's size limit: past it, 413 and the rest is dropped (as `readBody`). */
  limit: number;
  /** The top-level field holding the list of files, each `{ ..., data: base64 }`. */
  field: string;
  /** Decoded bytes kept per file: past it a file is only checked to its end, then refused as too large. */
  fileLimit: number;
  /** Called with each piece of the body as it arrives (the idempotency fingerprint). */
  onChunk?: (chunk: Buffer) => void;
  /** Reads the rest of the body and drops it (`discardBody`). */
  discard: (request: IncomingMessage) => void;
}

type Container = Record<string, unknown> | unknown[];

/** Builds the body from the parser's tokens as `JSON.parse` would, sending files' base64 to decoders. */
class BodyBuilder {
  root: unknown = undefined;
  readonly files: (ReceivedFile | undefined)[] = [];
  private readonly stack: { value: Container; key: string }[] = [];
  private text: string[] | null = null;
  private file: { decoder: Base64Decoder; index: number } | null = null;

  constructor(
    private readonly field: string,
    private readonly fileLimit: number,
  ) {}

  take(token: Token): void {
    switch (token.name) {
      case 'startObject':
      case 'startArray': {
        const value: Container = token.name === 'startObject' ? {} : [];
        this.put(value);
        this.stack.push({ value, key: '' });
        return;
      }
      case 'endObject':
      case 'endArray':
        this.stack.pop();
        return;
      case 'keyValue': {
        const top = this.stack.at(-1);
        if (top) top.key = token.value;
        return;
      }
      case 'startString': {
        const index = this.fileIndex();
        if (index < 0) this.text = [];
        else this.file = { decoder: new Base64Decoder(this.fileLimit), index };
        return;
      }
      case 'stringChunk':
        if (this.file) this.file.decoder.write(token.value);
        else this.text?.push(token.value);
        return;
      case 'endString':
        if (this.file) {
          this.files[this.file.index] = this.file.decoder.end();
          this.put(this.file.decoder.marker);
          this.file = null;
        } else {
          this.put((this.text ?? []).join(''));
          this.text = null;
        }
        return;
      case 'numberValue':
        this.put(Number(token.value));
        return;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        this.put(token.value);
        return;
      default:
        return;
    }
  }

  /** The file's index when the string starting now is `<field>[index].data`, else -1. */
  private fileIndex(): number {
    if (this.stack.length !== 3) return -1;
    const [root, list, item] = this.stack;
    if (!root || !list || !item) return -1;
    const isObject = (frame: { value: Container }) => !Array.isArray(frame.value);
    if (!isObject(root) || root.key !== this.field || isObject(list) || !isObject(item)) return -1;
    return item.key === 'data' ? (list.value as unknown[]).length - 1 : -1;
  }

  private put(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top) {
      this.root = value;
    } else if (Array.isArray(top.value)) {
      top.value.push(value);
    } else {
      // As JSON.parse: an own property, even for a key such as "__proto__".
      Object.defineProperty(top.value, top.key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }
}

/**
 * Reads a JSON body with files to its end. Refusals are those of reading then parsing the whole body:
 * 413 past `limit` (at once, the rest dropped), 400 "not valid JSON" once the body has ended.
 */
export function readFileBody(request: IncomingMessage, options: FileBodyOptions): Promise<FileBody> {
  const text = new StringDecoder('utf8');
  // Strings arrive in pieces (never packed whole); keys and numbers are small and come whole. The
  // parser is told the text has ended by a call with `none` (stream-chain's protocol; its type omits it).
  const parse = jsonParser({
    packKeys: true,
    streamKeys: false,
    packStrings: false,
    packNumbers: true,
    streamNumbers: false,
  }) as (input: string | typeof none) => ReturnType<ReturnType<typeof jsonParser>>;
  const builder = new BodyBuilder(options.field, options.fileLimit);
  let malformed = false;
  const feed = (input: string | typeof none) => {
    if (malformed) return;
    try {
      const tokens = parse(input);
      if (isMany(tokens)) for (const token of getManyValues(tokens)) builder.take(token);
    } catch {
      // Not JSON: said once the body has ended, as when it is parsed whole.
      malformed = true;
    }
  };
  let size = 0;
  return streamBody(request, {
    limit: options.limit,
    discard: options.discard,
    take: (chunk) => {
      size += chunk.length;
      options.onChunk?.(chunk);
      feed(text.write(chunk));
    },
    finish: () => {
      if (size === 0) return { body: {}, files: [] };
      feed(text.end());
      feed(none);
      if (malformed) throw refuse.badJson();
      return { body: builder.root, files: builder.files };
    },
  });
}
