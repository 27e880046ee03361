import { describe, expect, it } from 'vitest';
import {
  createUploadGate,
  DRAIN_BYTES,
  parseUploadForm,
  safeFilename,
  withUploadForm,
} from './uploads.server';

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
 * `pulled` says how much of it was, `ended` resolves when it was read to its end or cancelled.
 */
function lazyMultipart(head: string, size: number) {
  const boundary = 'lazy-boundary';
  const start = new TextEncoder().encode(`--${boundary}\r\n${head}\r\n\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let end = (_how: 'read' | 'cancelled') => {};
  const counter = {
    pulled: 0,
    ended: new Promise<'read' | 'cancelled'>((resolve) => (end = resolve)),
  };
  const body = new ReadableStream<Uint8Array>(
    {
      cancel() {
        end('cancelled');
      },
      pull(controller) {
        if (counter.pulled === 0) {
          controller.enqueue(start);
        } else if (counter.pulled < size) {
          controller.enqueue(chunk.slice());
        } else {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          end('read');
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

  it('answers at the size limit of a file of a refused type, then reads the rest and drops it', async () => {
    const { request, counter } = lazyMultipart(
      'Content-Disposition: form-data; name="attachments"; filename="run.exe"',
      20 * 1024 * 1024,
    );
    const result = await parseUploadForm(request, { fileField: 'attachments', maxFileBytes: 1024 });
    expect(result.problems).toEqual([{ code: 'fileType', filename: 'run.exe' }]);
    // The sender's connection is left clean for its next request.
    expect(await counter.ended).toBe('read');
  });

  it('cancels a refused body that goes on past what any browser would send', async () => {
    const { request, counter } = lazyMultipart(
      'Content-Disposition: form-data; name="attachments"; filename="huge.pdf"',
      200 * 1024 * 1024,
    );
    const result = await parseUploadForm(request, { fileField: 'attachments', maxFileBytes: 1024 });
    expect(result.problems).toEqual([{ code: 'fileTooLarge', filename: 'huge.pdf', maxMb: 0 }]);
    expect(await counter.ended).toBe('cancelled');
    expect(counter.pulled).toBeLessThan(DRAIN_BYTES + 2 * 1024 * 1024);
  });

  it('refuses a body longer than any valid form (an endless text field) and drops the rest', async () => {
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
    expect(await counter.ended).toBe('read');
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

  it('accepts a file of exactly 10 MiB and refuses one byte more', async () => {
    const limit = 10 * 1024 * 1024;
    const exact = Buffer.alloc(limit, 0x41);
    exact.write('%PDF-1.4\n');
    const accepted = await parseUploadForm(
      multipart([{ name: 'attachments', filename: 'exact.pdf', content: exact }]),
      { fileField: 'attachments' },
    );
    expect(accepted.problems).toEqual([]);
    expect(accepted.files[0]?.size).toBe(limit);

    const refused = await parseUploadForm(
      multipart([
        { name: 'attachments', filename: 'over.pdf', content: Buffer.concat([exact, PDF.subarray(0, 1)]) },
      ]),
      { fileField: 'attachments' },
    );
    expect(refused.problems).toEqual([{ code: 'fileTooLarge', filename: 'over.pdf', maxMb: 10 }]);
  });

  it('keeps file names in any script as they were chosen (UTF-8)', async () => {
    const names = ['بوليصة الشحن.pdf', '装箱单.pdf', 'Facture réglée.pdf', '📦 photos.png'];
    const result = await parseUploadForm(
      multipart(names.map((filename) => ({ name: 'attachments', filename, content: PDF }))),
      { fileField: 'attachments' },
    );
    expect(result.problems).toEqual([]);
    expect(result.files.map((file) => file.filename)).toEqual(names);
  });
});

describe('safeFilename', () => {
  it('keeps the name without directories, control characters or more than 255 characters', () => {
    expect(safeFilename('..\\..\\windows\\evil.pdf')).toBe('evil.pdf');
    expect(safeFilename('/etc/passwd.pdf')).toBe('passwd.pdf');
    expect(safeFilename('a\r\nSet-Cookie: x=1.pdf')).toBe('aSet-Cookie: x=1.pdf');
    expect(safeFilename('say "hi".pdf')).toBe('say "hi".pdf');
    expect(safeFilename('../')).toBe('file');
    const long = safeFilename(`${'😀'.repeat(200)}.pdf`);
    expect(long.length).toBeLessThanOrEqual(255);
    expect(long).toBe('😀'.repeat(127));
  });
});

describe('withUploadForm', () => {
  const form = () =>
    multipart([
      { name: 'description', value: 'Typed while others were sending' },
      { name: 'attachments', filename: 'packing-list.pdf', content: PDF },
    ]);

  it('tells a form that finds every turn taken and the waiting line full to try again, keeping what was typed', async () => {
    const gate = createUploadGate({ atOnce: 1, waiting: 0, waitMs: 60_000 });
    const release = await gate.enter();
    const upload = await withUploadForm(form(), { fileField: 'attachments' }, async (u) => u, gate);
    expect(upload.problems).toEqual([{ code: 'busy' }]);
    expect(upload.files).toEqual([]);
    expect(upload.formData.get('description')).toBe('Typed while others were sending');
    release?.();
    const later = await withUploadForm(form(), { fileField: 'attachments' }, async (u) => u, gate);
    expect(later.problems).toEqual([]);
    expect(later.files.map((file) => file.filename)).toEqual(['packing-list.pdf']);
  });

  it('lets a waiting form in when a turn ends, and never more at once than allowed', async () => {
    const gate = createUploadGate({ atOnce: 2, waiting: 8, waitMs: 60_000 });
    let inside = 0;
    let most = 0;
    const uploads = await Promise.all(
      Array.from({ length: 6 }, () =>
        withUploadForm(
          form(),
          { fileField: 'attachments' },
          async (upload) => {
            inside += 1;
            most = Math.max(most, inside);
            await new Promise((resolve) => setTimeout(resolve, 20));
            inside -= 1;
            return upload;
          },
          gate,
        ),
      ),
    );
    expect(uploads.every((upload) => upload.problems.length === 0 && upload.files.length === 1)).toBe(true);
    expect(most).toBe(2);
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('ends the turn when sending fails', async () => {
    const gate = createUploadGate({ atOnce: 1, waiting: 0, waitMs: 60_000 });
    await expect(
      withUploadForm(form(), { fileField: 'attachments' }, () => Promise.reject(new Error('down')), gate),
    ).rejects.toThrow('down');
    expect(gate.running).toBe(0);
  });
});
