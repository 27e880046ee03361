// When Chromium cannot render, the reader is sent back to the document with a message, not left with
// an error page or a broken file.
import os from 'node:os';
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

  it('frees the place in the pool: more failed downloads in a row than pages are all answered', async () => {
    const { documentDownload } = await import('./documents.server');
    for (let round = 0; round <= os.availableParallelism(); round += 1) {
      const response = await documentDownload({
        request: new Request('http://127.0.0.1:3000/apps/invoice/8/download?format=png'),
        element: createElement('p', null, 'Invoice'),
        title: 'Invoice',
        filename: 'INV-2026-0008',
        format: 'png',
        backTo: '/apps/invoice/8',
        language: 'en',
      });
      expect(response.status).toBe(303);
    }
  });
});
