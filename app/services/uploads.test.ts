import { describe, expect, it } from 'vitest';
import { parseUploadForm } from './uploads.server';

const PDF = Buffer.from('%PDF-1.4\n%test\n');

function multipart(
  parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer })[],
) {
  const form = new FormData();
  for (const part of parts) {
    if ('filename' in part) form.append(part.name, new Blob([new Uint8Array(part.content)]), part.filename);
    else form.append(part.name, part.value);
  }
  return new Request('http://127.0.0.1/upload', { method: 'POST', body: form });
}

/**
 * A multipart body of one part (`head` its headers) with `size` bytes of content, made only as it is read;
 * `pulled` says how much of it was.
 */
function lazyMultipart(head: string, size: number) {
  const boundary = 'lazy-boundary';
  const start = new TextEncoder().encode(`--${boundary}\r\n${head}\r\n\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled === 0) {
          controller.enqueue(start);
        } else if (counter.pulled < size) {
          controller.enqueue(chunk.slice());
        } else {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
        counter.pulled += counter.pulled === 0 ? start.length : chunk.length;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://127.0.0.1/upload', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  return { request, counter };
}

describe('parseUploadForm', () => {
  it('keeps the text fields and base64-encodes allowed files', async () => {
    const result = await parseUploadForm(
      multipart([
        { name: 'description', value: 'Twenty pallets' },
        { name: 'attachments', filename: 'packing-list.pdf', content: PDF },
      ]),
      { fileField: 'attachments' },
    );
    expect(result.problems).toEqual([]);
    expect(result.formData.get('description')).toBe('Twenty pallets');
    expect(result.files).toEqual([
      {
        filename: 'packing-list.pdf',
        mimetype: 'application/pdf',
        size: PDF.length,
        data: PDF.toString('base64'),
      },
    ]);
  });

  it('ignores an empty file input', async () => {
    const result = await parseUploadForm(
      multipart([{ name: 'attachments', filename: '', content: Buffer.alloc(0) }]),
      {
        fileField: 'attachments',
      },
    );
    expect(result).toMatchObject({ files: [], problems: [] });
  });

  it('refuses a file over the size limit, naming it, and keeps nothing', async () => {
    const result = await parseUploadForm(
      multipart([
        { name: 'description', value: 'kept' },
        { name: 'attachments', filename: 'small.pdf', content: PDF },
        { name: 'attachments', filename: 'huge.pdf', content: Buffer.alloc(2048, 1) },
      ]),
      { fileField: 'attachments', maxFileBytes: 1024 },
    );
    expect(result.problems).toEqual([{ code: 'fileTooLarge', filename: 'huge.pdf', maxMb: 0 }]);
    expect(result.files).toEqual([]);
    expect(result.formData.get('description')).toBe('kept');
  });

  it('refuses more files than allowed', async () => {
    const files = Array.from({ length: 3 }, (_, i) => ({
      name: 'attachments',
      filename: `f${i}.pdf`,
      content: PDF,
    }));
    const result = await parseUploadForm(multipart(files), { fileField: 'attachments', maxFiles: 2 });
    expect(result.problems).toContainEqual({ code: 'tooManyFiles', max: 2 });
    expect(result.files).toEqual([]);
  });

  it('refuses a type outside the list', async () => {
    const result = await parseUploadForm(
      multipart([{ name: 'attachments', filename: 'run.exe', content: Buffer.from('MZ') }]),
      { fileField: 'attachments' },
    );
    expect(result.problems).toEqual([{ code: 'fileType', filename: 'run.exe' }]);
  });

  it('strips directory parts from file names', async () => {
    const result = await parseUploadForm(
      multipart([{ name: 'attachments', filename: '..\\..\\evil.pdf', content: PDF }]),
      { fileField: 'attachments' },
    );
    expect(result.files[0]?.filename).not.toMatch(/[\\/]/);
  });

  it('reads a url-encoded form as fields without files', async () => {
    const request = new Request('http://127.0.0.1/upload', {
      method: 'POST',
      body: new URLSearchParams({ service: 'other' }),
    });
    const result = await parseUploadForm(request, { fileField: 'attachments' });
    expect(result.formData.get('service')).toBe('other');
    expect(result.files).toEqual([]);
  });

  it('stops reading at the size limit of a file of a refused type', async () => {
    const { request, counter } = lazyMultipart(
      'Content-Disposition: form-data; name="attachments"; filename="run.exe"',
      20 * 1024 * 1024,
    );
    const result = await parseUploadForm(request, { fileField: 'attachments', maxFileBytes: 1024 });
    expect(result.problems).toEqual([{ code: 'fileType', filename: 'run.exe' }]);
    expect(counter.pulled).toBeLessThan(512 * 1024);
  });

  it('stops reading a body longer than any valid form (an endless text field)', async () => {
    const { request, counter } = lazyMultipart(
      'Content-Disposition: form-data; name="description"',
      20 * 1024 * 1024,
    );
    const result = await parseUploadForm(request, {
      fileField: 'attachments',
      maxFiles: 1,
      maxFileBytes: 1024,
    });
    expect(result.problems).toEqual([{ code: 'malformed' }]);
    // 1 file of 1 KiB, 50 fields of 20 000 bytes and 1 MiB of headers: about 2 MiB.
    expect(counter.pulled).toBeLessThan(3 * 1024 * 1024);
  });

  it('calls a broken body malformed', async () => {
    const request = new Request('http://127.0.0.1/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    const result = await parseUploadForm(request, { fileField: 'attachments' });
    expect(result.problems).toEqual([{ code: 'malformed' }]);
  });
});
