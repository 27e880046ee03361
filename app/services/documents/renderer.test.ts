// The document renderer against Debian's Chromium: PDF and PNG come out valid, in Arabic and Chinese
// too; the rendered page runs no script and reaches no origin but the portal's own; a reused page holds
// nothing of the previous document; time limit, queue bound and recovery after the browser dies.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentRenderer, RendererBusy, RenderTimeout, isAllowedRequest } from './renderer.server';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The portal's stand-in: serves a stylesheet and records every path Chromium asks for. */
let portal: Server;
let origin: string;
const asked: string[] = [];
let renderer: DocumentRenderer;
let scratch: string;

beforeAll(async () => {
  portal = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/assets/doc.css') {
      response.writeHead(200, { 'Content-Type': 'text/css' }).end('h1 { color: rgb(0, 0, 128); }');
    } else if (request.url === '/assets/never.css') {
      // Never answered: the page waiting for it runs out of time.
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  renderer = new DocumentRenderer({ executablePath: CHROME, allowedOrigin: origin, timeoutMs: 15_000 });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'render-test-'));
});

afterAll(async () => {
  await renderer?.close();
  portal?.closeAllConnections();
  await new Promise((resolve) => portal?.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** The text poppler reads from a PDF (proves the file opens and holds these glyphs). */
function pdfText(pdf: Buffer): string {
  const file = path.join(scratch, `doc-${asked.length}-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('isAllowedRequest', () => {
  const own = 'http://127.0.0.1:3000';
  it.each([
    ['http://127.0.0.1:3000/assets/a.css', true],
    ['data:image/png;base64,AAAA', true],
    ['http://127.0.0.1:3001/assets/a.css', false],
    ['https://127.0.0.1:3000/assets/a.css', false],
    ['http://localhost:3000/assets/a.css', false],
    ['https://cdn.example.com/font.woff2', false],
    ['file:///etc/passwd', false],
    ['ftp://127.0.0.1:3000/x', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedRequest(url, own)).toBe(allowed);
  });
});

/** A PNG's height in pixels, from its header. */
const pngHeight = (png: Buffer) => png.readUInt32BE(20);

/** The renderer's insides a test looks at: the current browser's warm pages. */
function warmPages(renderer: DocumentRenderer) {
  const slot = (
    renderer as unknown as {
      slot: {
        idle: { page: { url(): string; content(): Promise<string> } }[];
        context: Promise<{ pages(): Promise<unknown[]> }>;
      } | null;
    }
  ).slot;
  if (!slot) throw new Error('no browser');
  return slot;
}

describe('DocumentRenderer', () => {
  it('renders a valid PDF with Arabic and Chinese glyphs that poppler opens', async () => {
    const pdf = await renderer.render({
      html: '<!DOCTYPE html><html lang="ar" dir="rtl"><body><h1>فاتورة رقم ١٢</h1><p>发票 INV-2026-0001</p></body></html>',
      format: 'pdf',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('فاتورة');
    expect(text).toContain('发票');
    expect(text).toContain('INV-2026-0001');
  });

  it('leaves stopping to the portal: its browser adds no signal handler of its own', async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const before = signals.map((signal) => process.listenerCount(signal));
    const fresh = new DocumentRenderer({ executablePath: CHROME, allowedOrigin: origin, timeoutMs: 15_000 });
    try {
      await fresh.render({ html: '<!DOCTYPE html><title>t</title><p>x</p>', format: 'pdf' });
      // puppeteer's own handlers would kill Chromium at once and exit 130 on Ctrl+C, cutting renders.
      expect(signals.map((signal) => process.listenerCount(signal))).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it('renders a PNG image', async () => {
    const png = await renderer.render({ html: '<p>Statement</p>', format: 'png' });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('makes PNGs on several warm pages at once, one after another, none waiting for a page behind', async () => {
    const several = new DocumentRenderer({
      executablePath: CHROME,
      allowedOrigin: origin,
      concurrency: 3,
      timeoutMs: 10_000,
    });
    try {
      // Three pages, each warmed by a PDF, then PNGs and PDFs mixed on all of them at once, twice over.
      for (let round = 0; round < 2; round += 1) {
        const made = await Promise.all(
          ['png', 'pdf', 'png', 'png', 'pdf', 'png'].map((format, index) =>
            several.render({ html: `<p>Document ${index}</p>`, format: format as 'png' | 'pdf' }),
          ),
        );
        expect(made.every((file) => file.length > 100)).toBe(true);
      }
    } finally {
      await several.close();
    }
  });

  it("loads the portal's own assets, blocks every other origin and file://, and runs no script", async () => {
    const blocked: string[] = [];
    asked.length = 0;
    const other = 'http://127.0.0.2:9';
    const pdf = await renderer.render({
      html: `<!DOCTYPE html><html><head><base href="${origin}/">
        <link rel="stylesheet" href="/assets/doc.css">
        <link rel="stylesheet" href="${other}/steal.css">
        </head><body><h1>Invoice</h1>
        <img src="${other}/pixel.png" alt="">
        <img src="file:///etc/hostname" alt="">
        <iframe src="${other}/frame"></iframe>
        <script>fetch('/script-ran'); new Image().src = '/script-ran-too';</script>
        </body></html>`,
      format: 'pdf',
      onBlocked: (url) => blocked.push(url),
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(asked).toContain('/assets/doc.css');
    expect(blocked).toEqual(
      expect.arrayContaining([`${other}/steal.css`, `${other}/pixel.png`, `${other}/frame`]),
    );
    // Nothing but the stylesheet reached the portal: the script never ran, file:// never loaded.
    expect(asked.filter((url) => url.includes('script-ran'))).toEqual([]);
    expect(blocked.every((url) => !url.startsWith(origin))).toBe(true);
  });

  describe('reusing a warm page', () => {
    let reused: DocumentRenderer;
    beforeAll(() => {
      reused = new DocumentRenderer({ executablePath: CHROME, allowedOrigin: origin, concurrency: 1 });
    });
    afterAll(async () => {
      await reused?.close();
    });

    it('renders the next document on the same page with nothing of the last one', async () => {
      const first = await reused.render({
        html: '<!DOCTYPE html><html><head><title>A</title><style>p::after { content: " ALPHA-STYLE"; }</style></head><body><p>ALPHA-7731 customer one</p></body></html>',
        format: 'pdf',
      });
      expect(pdfText(first)).toContain('ALPHA-7731');
      // Between renders the page is blank (it is cleared just after the document is handed over).
      const slot = warmPages(reused);
      await vi.waitFor(() => expect(slot.idle).toHaveLength(1));
      expect(await slot.idle[0]?.page.content()).not.toContain('ALPHA');
      const second = await reused.render({ html: '<p>BRAVO-4410 customer two</p>', format: 'pdf' });
      const text = pdfText(second);
      expect(text).toContain('BRAVO-4410');
      expect(text).not.toContain('ALPHA');
      // Still the one page: it was reused, not opened again.
      expect(await (await warmPages(reused).context).pages()).toHaveLength(1);
    });

    it('does not let a tall image stretch the next one', async () => {
      const short = '<p style="margin:0;height:300px">short</p>';
      const before = pngHeight(await reused.render({ html: short, format: 'png' }));
      const tall = await reused.render({ html: '<div style="height:3000px">tall</div>', format: 'png' });
      expect(pngHeight(tall)).toBeGreaterThanOrEqual(3000);
      expect(pngHeight(await reused.render({ html: short, format: 'png' }))).toBe(before);
    });

    it('answers a refresh a document asks for with "no content", even when it comes due later', async () => {
      const other = 'http://127.0.0.2:9';
      // Due at once: the page stays on the document (an aborted navigation would show an error page).
      const now = await reused.render({
        html: `<meta http-equiv="refresh" content="0;url=${other}/now"><p>one</p>`,
        format: 'pdf',
      });
      expect(pdfText(now)).toContain('one');
      // Due while the page waits for the next render: it stays at its own address, and renders.
      await reused.render({
        html: `<meta http-equiv="refresh" content="1;url=${other}/later"><p>two</p>`,
        format: 'pdf',
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(warmPages(reused).idle[0]?.page.url()).toBe(`${origin}/__document-render`);
      expect(pdfText(await reused.render({ html: '<p>CHARLIE-9</p>', format: 'pdf' }))).toContain(
        'CHARLIE-9',
      );
    });
  });

  it('closes a page that ran out of time instead of reusing it', async () => {
    const limited = new DocumentRenderer({
      executablePath: CHROME,
      allowedOrigin: origin,
      concurrency: 1,
      // Long enough for the next document on a fresh page on a busy machine, which the same limit holds.
      timeoutMs: 8000,
    });
    try {
      await limited.render({ html: '<p>warm</p>', format: 'pdf' });
      const slot = warmPages(limited);
      await vi.waitFor(() => expect(slot.idle).toHaveLength(1));
      const first = slot.idle[0];
      await expect(
        limited.render({
          html: `<base href="${origin}/"><link rel="stylesheet" href="/assets/never.css"><p>STUCK-1</p>`,
          format: 'pdf',
        }),
      ).rejects.toBeInstanceOf(RenderTimeout);
      const next = await limited.render({ html: '<p>DELTA-2</p>', format: 'pdf' });
      expect(pdfText(next)).toContain('DELTA-2');
      await vi.waitFor(() => expect(slot.idle).toHaveLength(1));
      expect(slot.idle[0]).not.toBe(first);
      expect(await (await slot.context).pages()).toHaveLength(1);
    } finally {
      await limited.close();
    }
  }, 40_000);

  it('gives up on a render that takes longer than its limit', async () => {
    const slow = new DocumentRenderer({ executablePath: CHROME, allowedOrigin: origin, timeoutMs: 1 });
    try {
      await expect(slow.render({ html: '<p>slow</p>', format: 'pdf' })).rejects.toBeInstanceOf(RenderTimeout);
    } finally {
      await slow.close();
    }
  });

  it('refuses at once when every page is busy and the queue is full', async () => {
    const small = new DocumentRenderer({
      executablePath: CHROME,
      allowedOrigin: origin,
      concurrency: 1,
      queueLimit: 1,
    });
    try {
      const first = small.render({ html: '<p>one</p>', format: 'png' });
      const second = small.render({ html: '<p>two</p>', format: 'png' });
      await expect(small.render({ html: '<p>three</p>', format: 'png' })).rejects.toBeInstanceOf(
        RendererBusy,
      );
      await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('launches a new browser after the old one dies, and after a set number of renders', async () => {
    const short = new DocumentRenderer({ executablePath: CHROME, allowedOrigin: origin, recycleAfter: 2 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const png = await short.render({ html: `<p>${round}</p>`, format: 'png' });
        expect(png.length).toBeGreaterThan(100);
      }
      // Kill the current browser: the next render must still succeed.
      const slot = (
        short as unknown as {
          slot: { browser: Promise<{ process(): { kill(signal: string): void } | null }> } | null;
        }
      ).slot;
      const browser = await slot?.browser;
      browser?.process()?.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const png = await short.render({ html: '<p>after crash</p>', format: 'png' });
      expect(png.length).toBeGreaterThan(100);
    } finally {
      await short.close();
    }
  });
});
