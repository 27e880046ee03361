import { describe, expect, it } from 'vitest';
import { filenameOf } from './document-actions';

const answer = (header: string) => new Response('', { headers: { 'Content-Disposition': header } });

describe('the name a downloaded document is saved under', () => {
  it.each([
    ['attachment; filename="INV-2026-0048.pdf"', 'INV-2026-0048.pdf'],
    [`attachment; filename="_.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8.pdf`, '发票.pdf'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
  ])('%s → %s', (header, name) => {
    expect(filenameOf(answer(header), 'fallback.pdf')).toBe(name);
  });

  it('falls back to the document’s own name without a header', () => {
    expect(filenameOf(new Response(''), 'Invoice.pdf')).toBe('Invoice.pdf');
  });
});
