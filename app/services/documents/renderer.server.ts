// Server-side rendering of documents to PDF and PNG with Chromium (puppeteer-core): one browser per
// server, launched on first use; at most `concurrency` pages at once, a bounded queue behind them; a
// time limit per render; a fresh browser after a crash or every `recycleAfter` renders. The rendered
// page runs no JavaScript, and no request leaves for any origin but the portal's own.
import os from 'node:os';
import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';

export type DocumentFormat = 'pdf' | 'png';

export interface RendererOptions {
  executablePath: string;
  /** The only origin the rendered page may load from (fonts and styles of the portal), e.g. http://127.0.0.1:3000. */
  allowedOrigin: string;
  /** Renders at the same time; about one per core. */
  concurrency?: number;
  /** Renders waiting for a page; more are refused at once (RendererBusy). */
  queueLimit?: number;
  timeoutMs?: number;
  /** Renders before the browser is replaced (memory held by Chromium grows over time). */
  recycleAfter?: number;
}

export interface RenderRequest {
  html: string;
  format: DocumentFormat;
  /** Told of every request the page tried and was refused (a test's probe; otherwise unused). */
  onBlocked?: (url: string) => void;
}

/** Every page is busy and the queue is full: the caller answers 503 and the user tries again. */
export class RendererBusy extends Error {
  constructor() {
    super('Document renderer busy');
    this.name = 'RendererBusy';
  }
}

/** A render took longer than its time limit; the page is closed. */
export class RenderTimeout extends Error {
  constructor(ms: number) {
    super(`Document render exceeded ${ms} ms`);
    this.name = 'RenderTimeout';
  }
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

/** CSS pixels: an A4 page's printable width at 96 dpi, about. */
const DOCUMENT_WIDTH = 900;
/** The tallest PNG made (a very long statement is cut there; its PDF has every page). */
const MAX_PNG_HEIGHT = 16_000;

/** The path the document is "served" at: the interception answers it with the HTML, nothing is fetched. */
const DOCUMENT_PATH = '/__document-render';

interface BrowserSlot {
  browser: Promise<Browser>;
  renders: number;
  active: number;
  retired: boolean;
}

/** Whether a URL the rendered page asks for may be loaded: data: URLs and the portal's own origin only. */
export function isAllowedRequest(url: string, allowedOrigin: string): boolean {
  if (url.startsWith('data:')) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === allowedOrigin;
  } catch {
    return false;
  }
}

export class DocumentRenderer {
  private readonly options: Required<RendererOptions>;
  private slot: BrowserSlot | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(options: RendererOptions) {
    this.options = {
      concurrency: Math.max(1, os.availableParallelism()),
      queueLimit: 16,
      timeoutMs: 20_000,
      recycleAfter: 200,
      ...options,
      allowedOrigin: new URL(options.allowedOrigin).origin,
    };
  }

  async render(request: RenderRequest): Promise<Buffer> {
    if (this.closed) throw new Error('Document renderer closed');
    await this.acquire();
    try {
      return await this.renderOnce(request);
    } finally {
      this.release();
    }
  }

  /** Closes the browser; renders under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    const slot = this.slot;
    this.slot = null;
    if (slot) await closeBrowser(slot.browser);
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.queueLimit) return Promise.reject(new RendererBusy());
    // The slot passes straight from release() to the next in line, so `running` stays the same.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** The current browser, launched on first use and after a crash or retirement. */
  private currentSlot(): BrowserSlot {
    if (this.slot && !this.slot.retired) return this.slot;
    const browser = puppeteer.launch({
      executablePath: this.options.executablePath,
      headless: true,
      args: LAUNCH_ARGS,
    });
    const slot: BrowserSlot = { browser, renders: 0, active: 0, retired: false };
    browser.then(
      (launched) =>
        launched.once('disconnected', () => {
          // A crashed (or closed) browser is never used again: the next render launches another.
          slot.retired = true;
          if (this.slot === slot) this.slot = null;
        }),
      () => {
        slot.retired = true;
        if (this.slot === slot) this.slot = null;
      },
    );
    this.slot = slot;
    return slot;
  }

  private async renderOnce({ html, format, onBlocked }: RenderRequest): Promise<Buffer> {
    const slot = this.currentSlot();
    slot.renders += 1;
    slot.active += 1;
    if (slot.renders >= this.options.recycleAfter) slot.retired = true;
    const browser = await slot.browser;
    const context = await browser.createBrowserContext();
    let timer: NodeJS.Timeout | undefined;
    try {
      const work = (async () => {
        const page = await context.newPage();
        await page.setJavaScriptEnabled(false);
        await page.setRequestInterception(true);
        const documentUrl = `${this.options.allowedOrigin}${DOCUMENT_PATH}`;
        page.on('request', (request: HTTPRequest) => {
          const url = request.url();
          if (url === documentUrl && request.isNavigationRequest()) {
            void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
          } else if (isAllowedRequest(url, this.options.allowedOrigin) && !request.isNavigationRequest()) {
            void request.continue();
          } else {
            onBlocked?.(url);
            void request.abort('blockedbyclient');
          }
        });
        await page.setViewport({ width: DOCUMENT_WIDTH, height: 600, deviceScaleFactor: 1 });
        await page.goto(documentUrl, { waitUntil: 'load', timeout: this.options.timeoutMs });
        await page.evaluateHandle('document.fonts.ready').catch(() => undefined);
        if (format === 'pdf') {
          return Buffer.from(
            await page.pdf({
              format: 'A4',
              printBackground: true,
              margin: { top: '14mm', bottom: '14mm', left: '12mm', right: '12mm' },
            }),
          );
        }
        // The image is as tall as the document: the viewport is set to the body's height (measured
        // without page script) and shot as is; a full-page shot misplaces right-to-left pages.
        const box = await (await page.$('body'))?.boundingBox();
        const height = Math.min(Math.max(Math.ceil(box?.height ?? 0), 200), MAX_PNG_HEIGHT);
        await page.setViewport({ width: DOCUMENT_WIDTH, height, deviceScaleFactor: 1 });
        return Buffer.from(await page.screenshot({ type: 'png' }));
      })();
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RenderTimeout(this.options.timeoutMs)), this.options.timeoutMs);
      });
      work.catch(() => undefined);
      return await Promise.race([work, limit]);
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
      slot.active -= 1;
      if (slot.retired && slot.active === 0) {
        if (this.slot === slot) this.slot = null;
        void closeBrowser(slot.browser);
      }
    }
  }
}

async function closeBrowser(browser: Promise<Browser>) {
  try {
    await (await browser).close();
  } catch {
    // Already gone (crashed or never launched).
  }
}
