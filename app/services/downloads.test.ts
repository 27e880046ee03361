// The Content-Disposition of files handed out: the name as it was given for browsers that read
// `filename*` (RFC 6266 / 8187), an ASCII stand-in for the others, and nothing that could break the header.
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './downloads.server';

/** The name a browser that reads `filename*` saves the file under. */
function savedName(header: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
}

describe('contentDisposition', () => {
  it.each([
    ['بوليصة الشحن.pdf', 'attachment; filename="______ _____.pdf"'],
    ['装箱单.pdf', 'attachment; filename="___.pdf"'],
    ['Facture réglée.pdf', 'attachment; filename="Facture reglee.pdf"'],
    ['📦 photos.png', 'attachment; filename="__ photos.png"'],
  ])('keeps %s in UTF-8 with an ASCII stand-in', (name, start) => {
    const header = contentDisposition(name);
    expect(header.startsWith(`${start}; filename*=UTF-8''`)).toBe(true);
    expect(header).toMatch(/^[\x20-\x7e]*$/);
    expect(savedName(header)).toBe(name);
  });

  it('sends a plain ASCII name once, and says inline when asked', () => {
    expect(contentDisposition('invoice-118.pdf')).toBe('attachment; filename="invoice-118.pdf"');
    expect(contentDisposition('invoice-118.pdf', 'inline')).toBe('inline; filename="invoice-118.pdf"');
  });

  it('makes quotes, line breaks and directories harmless', () => {
    const quoted = contentDisposition('say "hi".pdf');
    expect(quoted).toBe('attachment; filename="say \\"hi\\".pdf"');
    expect(savedName(quoted)).toBe('say "hi".pdf');

    const broken = contentDisposition('a\r\nSet-Cookie: x=1.pdf');
    expect(broken).not.toMatch(/[\r\n]/);
    expect(savedName(broken)).toBe('aSet-Cookie: x=1.pdf');

    expect(savedName(contentDisposition('..\\..\\windows\\evil.pdf'))).toBe('evil.pdf');
    expect(savedName(contentDisposition('../../etc/passwd'))).toBe('passwd');
  });
});
