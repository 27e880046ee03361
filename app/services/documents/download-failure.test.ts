// When Chromium cannot render, the reader is sent back to the document with a message, not left with
// an error page or a broken file.
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.CHROME_PATH = '/nonexistent/chromium';
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-for-signing';
});

describe('documentDownload when rendering fails', () => {
  it('redirects to the document with ?download_failed=<format>', async () => {
    const { documentDownload, DOWNLOAD_FAILED_PARAM } = await import('./documents.server');
    const response = await documentDownload({
      request: new Request('http://127.0.0.1:3000/apps/invoice/7/download?format=pdf'),
      element: createElement('p', null, 'Invoice'),
      title: 'Invoice',
      filename: 'INV-2026-0007',
      format: 'pdf',
      backTo: '/apps/invoice/7',
      language: 'en',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/apps/invoice/7?${DOWNLOAD_FAILED_PARAM}=pdf`);
    expect(response.headers.get('Content-Disposition')).toBeNull();
  });
});
