// Reads a multipart form as it streams in: fields as text, files checked against the limits while they
// arrive (count, size, type), so no more than the limits is ever held in memory. Once a limit is passed
// the form is refused at once; the rest of the body is still read and dropped (up to a bound), because
// a browser whose upload is left unread keeps its connection stuck until the server's time-out.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ATTACHMENT_LIMITS, attachmentType } from '@contract';
import { readForm } from './form-body.server';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  /** The content, base64-encoded once as the back office expects it (the raw bytes are let go). */
  data: string;
}

export type UploadProblem =
  | { code: 'tooManyFiles'; max: number }
  | { code: 'fileTooLarge'; filename: string; maxMb: number }
  | { code: 'fileType'; filename: string }
  | { code: 'busy' }
  | { code: 'malformed' };

export interface UploadForm {
  /** The text fields, as FormData for Conform. */
  formData: FormData;
  files: UploadedFile[];
  problems: UploadProblem[];
}

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 20_000;
/** Room for the parts' headers and boundaries in the largest valid body. */
const FRAMING_BYTES = 1024 * 1024;
/**
 * What is read and dropped after a refusal before the connection is cut. The server refuses a declared
 * multipart body over 64 MB before any route reads it, so a browser's upload always fits.
 */
export const DRAIN_BYTES = 64 * 1024 * 1024;

/** MiB: the limits are binary (10 MiB = 10 485 760 bytes) and the messages say so. */
const MIB = 1024 * 1024;

interface ParseOptions {
  fileField: string;
  maxFiles?: number;
  maxFileBytes?: number;
  /** The media type of an accepted file name (default: the attachment types). */
  typeOf?: (filename: string) => string | undefined;
  /** Too many uploads at once: the fields are kept, every file is read and dropped. */
  busy?: boolean;
}

export async function parseUploadForm(
  request: Request,
  options: ParseOptions = { fileField: 'attachments' },
): Promise<UploadForm> {
  const typeOf = options.typeOf ?? attachmentType;
  const maxFiles = options.maxFiles ?? ATTACHMENT_LIMITS.files;
  const maxFileBytes = options.maxFileBytes ?? ATTACHMENT_LIMITS.bytes;
  // No valid form is longer: past it, something was over its limit (busboy skips the rest of an
  // over-long text field without saying so until its end).
  const maxBodyBytes = maxFiles * maxFileBytes + MAX_FIELDS * MAX_FIELD_BYTES + FRAMING_BYTES;
  const contentType = request.headers.get('content-type') ?? '';
  const formData = new FormData();
  const files: UploadedFile[] = [];
  const problems: UploadProblem[] = options.busy ? [{ code: 'busy' }] : [];

  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    // A form without files may come url-encoded; it carries no attachments.
    const plain = await readForm(request);
    for (const [key, value] of plain) if (typeof value === 'string') formData.append(key, value);
    return { formData, files, problems };
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Names as browsers send them (UTF-8), not read as Latin-1.
      defParamCharset: 'utf8',
      limits: {
        files: maxFiles,
        // busboy calls a file that reaches its limit truncated: one byte more, so that a file of
        // exactly the limit passes and one byte over it does not.
        fileSize: maxFileBytes + 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + MAX_FIELDS,
      },
    });
  } catch {
    return { formData, files, problems: [{ code: 'malformed' }] };
  }

  // Set once reading starts: stops parsing at a limit, whatever is still to come.
  let stop = () => {};
  const refuse = (problem: UploadProblem) => {
    problems.push(problem);
    stop();
  };

  let chosen = 0;
  parser.on('file', (name, stream, info) => {
    // An empty file input still sends a part, without a name.
    if (name !== options.fileField || !info.filename) {
      // Not read past the size limit either: a file where none belongs makes the form malformed.
      stream.on('limit', () => refuse({ code: 'malformed' }));
      stream.resume();
      return;
    }
    chosen += 1;
    const filename = safeFilename(info.filename);
    const mimetype = typeOf(filename);
    if (!mimetype || options.busy) {
      if (!mimetype) problems.push({ code: 'fileType', filename });
      // Skipped (the next files are checked too), but never read past the size limit.
      stream.on('limit', () => stop());
      stream.resume();
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on('limit', () => {
      chunks = [];
      refuse({ code: 'fileTooLarge', filename, maxMb: Math.round(maxFileBytes / MIB) });
    });
    stream.on('close', () => {
      if ((stream as unknown as { truncated?: boolean }).truncated || problems.length) return;
      // Encoded once, then the raw bytes are let go: one copy of each file is held until it is sent.
      const data = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)).toString('base64');
      chunks = [];
      files.push({ filename, mimetype, size, data });
    });
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) problems.push({ code: 'malformed' });
    else formData.append(name, value);
  });
  parser.on('filesLimit', () => refuse({ code: 'tooManyFiles', max: maxFiles }));
  parser.on('fieldsLimit', () => refuse({ code: 'malformed' }));
  parser.on('partsLimit', () => refuse({ code: 'malformed' }));

  try {
    await new Promise<void>((resolve, reject) => {
      const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBodyBytes) refuse({ code: 'malformed' });
      };
      let stopped = false;
      stop = () => {
        if (stopped) return;
        stopped = true;
        body.unpipe(parser);
        body.off('data', count);
        drain(body);
        resolve();
      };
      parser.on('close', resolve);
      parser.on('error', reject);
      // Kept after a stop too: a body that fails later must not become an unhandled error.
      body.on('error', reject).pipe(parser);
      body.on('data', count);
    });
  } catch {
    return { formData, files: [], problems: [{ code: 'malformed' }] };
  }
  if (chosen > maxFiles && !problems.some((p) => p.code === 'tooManyFiles')) {
    problems.push({ code: 'tooManyFiles', max: maxFiles });
  }
  return { formData, files: problems.length ? [] : files, problems };
}

/**
 * Reads the rest of a refused body and drops every byte, so that the browser's connection is free for
 * its next click as soon as its upload ends; past DRAIN_BYTES the body is cancelled (the connection is
 * cut), so a sender that never stops cannot keep the portal reading.
 */
function drain(body: Readable): void {
  let dropped = 0;
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) body.destroy();
  });
  // After the current chunk: a stop comes from within the parser's write, and the pipe being undone
  // pauses the body once that write returns.
  process.nextTick(() => body.resume());
}

/**
 * For a route that takes files, whose guard may refuse before the form is read (signed out, not
 * allowed): the body is then read and dropped as after any refusal, so the browser is not left stuck.
 */
export async function guardUpload<T>(request: Request, guard: () => Promise<T>): Promise<T> {
  try {
    return await guard();
  } catch (error) {
    dropBody(request);
    throw error;
  }
}

/** Reads a body nobody will read and drops it (see drain). */
export function dropBody(request: Request): void {
  if (!request.body || request.bodyUsed) return;
  drain(Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>));
}

/** A file name as kept: no directory part, no control characters, at most 255 characters. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  // Cut at 255 UTF-16 units (the contract's limit) without splitting a character.
  let kept = '';
  for (const char of clean) {
    if (kept.length + char.length > 255) break;
    kept += char;
  }
  return kept;
}

/**
 * At most `atOnce` uploads are read and sent at a time (each may hold 50 MB of files until the back
 * office has them); a few more wait their turn for a while, the others are told to try again.
 */
export function createUploadGate(limits: { atOnce: number; waiting: number; waitMs: number }) {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  /** A turn (call the returned release when done), or null when none came in time. */
  const enter = (): Promise<(() => void) | null> => {
    if (running < limits.atOnce) {
      running += 1;
      return Promise.resolve(once(release));
    }
    if (queue.length >= limits.waiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(once(release));
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(turn), 1);
        resolve(null);
      }, limits.waitMs);
      queue.push(turn);
    });
  };
  return {
    enter,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}

export type UploadGate = ReturnType<typeof createUploadGate>;

/** Two uploads at a time per portal process, eight more wait up to 20 seconds. */
export const uploadGate = createUploadGate({ atOnce: 2, waiting: 8, waitMs: 20_000 });

/**
 * Reads the form in its turn and hands it to `work` (which sends it on); the turn ends when `work` has
 * finished. Without a turn in time the form comes back `busy`, with what was typed and no files.
 */
export async function withUploadForm<T>(
  request: Request,
  options: ParseOptions,
  work: (upload: UploadForm) => Promise<T>,
  gate: UploadGate = uploadGate,
): Promise<T> {
  const release = await gate.enter();
  try {
    return await work(await parseUploadForm(request, { ...options, busy: !release }));
  } finally {
    release?.();
  }
}
