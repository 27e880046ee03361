// Server-side rendering of documents to PDF and PNG with Chromium (puppeteer-core): one browser per
// server, launched on first use; at most `concurrency` warm pages, each reused from render to render
// (cleared in between), a bounded queue behind them; a time limit per render; a fresh browser after a
// crash or every `recycleAfter` renders. The rendered page runs no JavaScript, and no request leaves for
// any origin but the portal's own.
import os from 'node:os';
import puppeteer, { type Browser, type BrowserContext, type HTTPRequest, type Page } from 'puppeteer-core';

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
  // Several warm pages are open at once and only one is in front: a page in the background must still
  // paint, or a PNG screenshot of it waits for a frame that never comes.
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

/** CSS pixels: an A4 page's printable width at 96 dpi, about. */
const DOCUMENT_WIDTH = 900;
/** The viewport's height while rendering; a PNG render stretches it to the document's height. */
const VIEWPORT_HEIGHT = 600;
/** The tallest PNG made (a very long statement is cut there; its PDF has every page). */
const MAX_PNG_HEIGHT = 16_000;

/**
 * The address a page "lives" at: its one navigation, when it opens, is answered by the interception
 * with a blank page, so the documents written into it later resolve the portal's stylesheets and fonts
 * as same-origin (fonts need that). Nothing is fetched from it.
 */
const DOCUMENT_PATH = '/__document-render';
/** What a page holds between renders: nothing of the last document. */
const BLANK_PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title></title></head><body></body></html>';

interface WarmPage {
  page: Page;
  /** Told of the requests refused during the current render. */
  onBlocked?: (url: string) => void;
  /** The viewport's height now set. */
  height: number;
  /** Its renderer crashed: it is closed, never used again. */
  broken: boolean;
}

interface BrowserSlot {
  browser: Promise<Browser>;
  /** One in-memory context for the slot's pages: they share the cache of the portal's stylesheets and fonts. */
  context: Promise<BrowserContext>;
  /** Warm pages waiting for a render, blank. */
  idle: WarmPage[];
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
    const { result, done } = this.renderOnce(request);
    // The place in the pool is free again once the page is blank (or closed), which may be after the
    // reader has the document.
    void done.finally(() => this.release());
    return result;
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
      // DevTools over a pipe to this process only: no debugging port other local users could reach.
      pipe: true,
      // The portal's shutdown closes the browser after the renders under way; puppeteer's own signal
      // handlers would kill it at once and exit with 130.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const context = browser.then((launched) => launched.createBrowserContext());
    context.catch(() => undefined);
    const slot: BrowserSlot = { browser, context, idle: [], renders: 0, active: 0, retired: false };
    browser.then(
      (launched) =>
        launched.once('disconnected', () => {
          // A crashed (or closed) browser is never used again: the next render launches another.
          slot.retired = true;
          slot.idle = [];
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

  /**
   * One render on a warm page. `result` settles when the document is made (or the time limit passes);
   * `done` when the page is blank again and back in the pool, or closed.
   */
  private renderOnce(request: RenderRequest): { result: Promise<Buffer>; done: Promise<void> } {
    const slot = this.currentSlot();
    slot.renders += 1;
    slot.active += 1;
    if (slot.renders >= this.options.recycleAfter) slot.retired = true;
    let warm: WarmPage | undefined;
    let abandoned = false;
    const work = (async () => {
      warm = await this.takePage(slot);
      if (abandoned) throw new RenderTimeout(this.options.timeoutMs);
      return renderOn(warm, request, this.options.timeoutMs);
    })();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout(this.options.timeoutMs)), this.options.timeoutMs);
    });
    const result = Promise.race([work, limit]).finally(() => clearTimeout(timer));
    const done = result.then(
      async () => {
        // Only a page made blank goes back: the next reader's document never meets this one's.
        const page = warm as WarmPage;
        if (!slot.retired && !this.closed && !page.broken && (await blank(page, this.options.timeoutMs))) {
          slot.idle.push(page);
        } else {
          await closePage(page);
        }
      },
      async () => {
        // A page that failed or ran out of time is closed, which also stops what it was doing; one
        // still opening is closed as soon as it is open.
        abandoned = true;
        if (warm) await closePage(warm);
        await work.catch(() => undefined);
        if (warm) await closePage(warm);
      },
    );
    return {
      result,
      done: done.finally(() => {
        slot.active -= 1;
        if (slot.retired && slot.active === 0) {
          if (this.slot === slot) this.slot = null;
          return closeBrowser(slot.browser);
        }
      }),
    };
  }

  /** A blank warm page of `slot`, or a new one. */
  private async takePage(slot: BrowserSlot): Promise<WarmPage> {
    for (let warm = slot.idle.pop(); warm; warm = slot.idle.pop()) {
      if (!warm.broken && !warm.page.isClosed()) return warm;
    }
    const page = await (await slot.context).newPage();
    const warm: WarmPage = { page, height: VIEWPORT_HEIGHT, broken: false };
    try {
      page.once('error', () => {
        warm.broken = true;
      });
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      const documentUrl = `${this.options.allowedOrigin}${DOCUMENT_PATH}`;
      let opened = false;
      page.on('request', (request: HTTPRequest) => {
        const url = request.url();
        if (request.isNavigationRequest()) {
          if (!opened && url === documentUrl && request.frame() === page.mainFrame()) {
            void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: BLANK_PAGE });
          } else {
            // Any later navigation (a frame, a refresh a document asked for) is answered "no content",
            // so the page stays on the document it holds, even when it comes due during a later render.
            warm.onBlocked?.(url);
            void request.respond({ status: 204, body: '' });
          }
        } else if (isAllowedRequest(url, this.options.allowedOrigin)) {
          void request.continue();
        } else {
          warm.onBlocked?.(url);
          void request.abort('blockedbyclient');
        }
      });
      await page.setViewport({ width: DOCUMENT_WIDTH, height: VIEWPORT_HEIGHT, deviceScaleFactor: 1 });
      await page.goto(documentUrl, { waitUntil: 'load', timeout: this.options.timeoutMs });
      opened = true;
      return warm;
    } catch (error) {
      await closePage(warm);
      throw error;
    }
  }
}

/** The footer of every PDF page: its number and how many there are, in digits every reader reads. */
const PAGE_FOOTER =
  '<div style="width:100%;font-size:8px;color:#555;text-align:center;font-family:sans-serif">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

/** Writes `html` into the warm page (the document replaces whatever it held) and prints it. */
async function renderOn(
  warm: WarmPage,
  { html, format, onBlocked }: RenderRequest,
  timeoutMs: number,
): Promise<Buffer> {
  const { page } = warm;
  warm.onBlocked = onBlocked;
  if (warm.height !== VIEWPORT_HEIGHT) {
    await page.setViewport({ width: DOCUMENT_WIDTH, height: VIEWPORT_HEIGHT, deviceScaleFactor: 1 });
    warm.height = VIEWPORT_HEIGHT;
  }
  await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
  if (format === 'pdf') {
    // page.pdf waits for the fonts itself.
    return Buffer.from(
      await page.pdf({
        format: 'A4',
        printBackground: true,
        // A footer on every page with its number and the count ("2 / 3"), in the bottom margin.
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: PAGE_FOOTER,
        margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' },
        timeout: timeoutMs,
      }),
    );
  }
  // Only the page in front paints: a screenshot of one behind would wait for a frame that never comes.
  // Screenshots of one browser's pages therefore take turns, each brought to the front first.
  return inFront(page, async () => {
    // By value, so that nothing of the document stays referenced from this side.
    await page.evaluate('document.fonts.ready.then(() => true)').catch(() => undefined);
    // The image is as tall as the document: the viewport is set to the body's height (measured
    // without page script) and shot as is; a full-page shot misplaces right-to-left pages.
    const body = await page.$('body');
    const box = await body?.boundingBox();
    await body?.dispose();
    const height = Math.min(Math.max(Math.ceil(box?.height ?? 0), 200), MAX_PNG_HEIGHT);
    await page.setViewport({ width: DOCUMENT_WIDTH, height, deviceScaleFactor: 1 });
    warm.height = height;
    return Buffer.from(await page.screenshot({ type: 'png' }));
  });
}

const fronts = new WeakMap<Browser, Promise<unknown>>();

/** Runs `work` with `page` in front of its browser, after any other page's turn there. */
function inFront<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const browser = page.browser();
  const turn = (fronts.get(browser) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await page.bringToFront();
      return work();
    });
  fronts.set(
    browser,
    turn.catch(() => undefined),
  );
  return turn;
}

/** Empties the page for the next render; false when it could not (the page is then closed). */
async function blank(warm: WarmPage, timeoutMs: number): Promise<boolean> {
  warm.onBlocked = undefined;
  try {
    await warm.page.setContent(BLANK_PAGE, { waitUntil: 'load', timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

async function closePage(warm: WarmPage) {
  warm.broken = true;
  await warm.page.close().catch(() => undefined);
}

async function closeBrowser(browser: Promise<Browser>) {
  try {
    await (await browser).close();
  } catch {
    // Already gone (crashed or never launched).
  }
}
