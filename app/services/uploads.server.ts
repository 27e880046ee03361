// Reads a multipart form as it streams in: fields as text, files checked against the limits while they
// arrive (count, size, type), so no more than the limits is ever held in memory.
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

  let chosen = 0;
  parser.on('file', (name, stream, info) => {
    // An empty file input still sends a part, without a name.
    if (name !== options.fileField || !info.filename) {
      stream.resume();
      return;
    }
    chosen += 1;
    const filename = info.filename.replace(/[\\/]/g, '_').slice(0, 255);
    const mimetype = typeOf(filename);
    if (!mimetype) {
      problems.push({ code: 'fileType', filename });
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
      problems.push({ code: 'fileTooLarge', filename, maxMb: Math.round(maxFileBytes / (1024 * 1024)) });
      chunks.length = 0;
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
  parser.on('filesLimit', () => problems.push({ code: 'tooManyFiles', max: maxFiles }));
  parser.on('fieldsLimit', () => problems.push({ code: 'malformed' }));
  parser.on('partsLimit', () => problems.push({ code: 'malformed' }));

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', reject);
      Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)
        .on('error', reject)
        .pipe(parser);
    });
  } catch {
    return { formData, files: [], problems: [{ code: 'malformed' }] };
  }
  if (chosen > maxFiles && !problems.some((p) => p.code === 'tooManyFiles')) {
    problems.push({ code: 'tooManyFiles', max: maxFiles });
  }
  return { formData, files: problems.length ? [] : files, problems };
}
