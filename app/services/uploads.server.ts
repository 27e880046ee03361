// Reads a multipart form as it streams in: fields as text, files checked against the limits while they
// arrive (count, size, type), so no more than the limits is ever held in memory; once a limit is passed
// the form is refused, so reading stops there too (the rest of the body is never pulled).
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ATTACHMENT_LIMITS, attachmentType } from './backoffice/contract';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  /** The content, base64-encoded as the back office expects it. */
  data: string;
}

export type UploadProblem =
  | { code: 'tooManyFiles'; max: number }
  | { code: 'fileTooLarge'; filename: string; maxMb: number }
  | { code: 'fileType'; filename: string }
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

export async function parseUploadForm(
  request: Request,
  options: {
    fileField: string;
    maxFiles?: number;
    maxFileBytes?: number;
    /** The media type of an accepted file name (default: the attachment types). */
    typeOf?: (filename: string) => string | undefined;
  } = { fileField: 'attachments' },
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
  const problems: UploadProblem[] = [];

  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    // A form without files may come url-encoded; it carries no attachments.
    const plain = await request.formData();
    for (const [key, value] of plain) if (typeof value === 'string') formData.append(key, value);
    return { formData, files, problems };
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        files: maxFiles,
        fileSize: maxFileBytes,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + MAX_FIELDS,
      },
    });
  } catch {
    return { formData, files, problems: [{ code: 'malformed' }] };
  }

  // Set once reading starts: stops reading the body at a limit, whatever is still to come.
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
    const filename = info.filename.replace(/[\\/]/g, '_').slice(0, 255);
    const mimetype = typeOf(filename);
    if (!mimetype) {
      problems.push({ code: 'fileType', filename });
      // Skipped (the next files are checked too), but never read past the size limit.
      stream.on('limit', () => stop());
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on('limit', () => {
      chunks.length = 0;
      refuse({ code: 'fileTooLarge', filename, maxMb: Math.round(maxFileBytes / (1024 * 1024)) });
    });
    stream.on('close', () => {
      if ((stream as unknown as { truncated?: boolean }).truncated) return;
      files.push({ filename, mimetype, size, data: Buffer.concat(chunks).toString('base64') });
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
      stop = () => {
        // Not destroyed: that would cancel the request body, and the server would drop the connection
        // before the refusal is sent. Left paused, it is pulled no further; the server discards what
        // the client still sends once the answer is out.
        body.unpipe(parser);
        body.pause();
        resolve();
      };
      parser.on('close', resolve);
      parser.on('error', reject);
      // Kept after a stop too: a body that fails later must not become an unhandled error.
      body.on('error', reject).pipe(parser);
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= maxBodyBytes) return;
        body.off('data', count);
        refuse({ code: 'malformed' });
      };
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
