#!/usr/bin/env node
// The floor of `npm run bench` section 6: the HTML the portal prints for one invoice, printed by plain
// puppeteer-core (one browser, one page, setContent + pdf) and nothing else. The HTML is taken in this
// process from the production server build: the invoice download route's loader runs here, against the
// bench's back office and with the bench's settings, and the document it hands to Chromium is kept on
// its way in. The portal itself has no route or setting for this.
//
//   node scripts/bench-render-floor.mjs <portal origin> <invoice id> <session cookie>
//
// Needs the environment the bench's portal runs with (BACKOFFICE_URL, SESSION_SECRET, PORT, DATA_DIR,
// NODE_ENV=production). Prints READY {"htmlBytes":…,"pdfBytes":…}, then prints the document once for
// each line "print" it reads and answers PRINTED <ms>, so that the bench can alternate these with the
// portal's own downloads (both measured under the same load). Ends with its input.
import puppeteer, { Page } from 'puppeteer-core';

import { createInterface } from 'node:readline';

const [portal, id, cookie] = process.argv.slice(2);
if (!portal || !id || !cookie) {
  console.error('usage: bench-render-floor.mjs <portal origin> <invoice id> <session cookie>');
  process.exit(2);
}
// Whatever happens, this stops by itself.
setTimeout(() => {
  console.error('[floor] over 5 minutes: stopping');
  process.exit(1);
}, 300_000).unref();

// ---- The portal's HTML for the invoice ----------------------------------------------------------------
let html;
const setContent = Page.prototype.setContent;
Page.prototype.setContent = function keepDocument(content, options) {
  // The renderer also writes a blank page between documents: keep the document, which names its origin.
  if (html === undefined && content.includes('<base href=')) html = content;
  return setContent.call(this, content, options);
};
const build = await import(new URL('../build/server/index.js', import.meta.url).href);
const route = build.routes['routes/_portal.apps.invoice.$id.download'];
const response = await route.module.loader({
  request: new Request(`${portal}/apps/invoice/${id}/download?format=pdf`, { headers: { Cookie: cookie } }),
  params: { id },
  context: {},
});
Page.prototype.setContent = setContent;
await response.arrayBuffer();
if (response.status !== 200 || html === undefined) {
  console.error(`[floor] the route answered ${response.status} and no document was captured`);
  process.exit(1);
}

// ---- Plain puppeteer: the same HTML, the same PDF settings --------------------------------------------
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: true,
  // The flags this machine needs for Chromium to start and stay quiet (docs STACK), as the renderer's.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--font-render-hinting=none',
  ],
});
const page = await browser.newPage();
await page.setViewport({ width: 900, height: 600, deviceScaleFactor: 1 });
// On the portal's origin, as the renderer's pages are (fonts are refused cross-origin), at one of its
// static files: they come without the pages' Content-Security-Policy, which would stay with the
// document and refuse the inline styles.
const staticFile = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
if (!staticFile) throw new Error('no stylesheet of the portal in the document');
await page.goto(`${portal}${staticFile}`);
const print = async () => {
  const started = performance.now();
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    margin: { top: '14mm', bottom: '14mm', left: '12mm', right: '12mm' },
  });
  return { ms: performance.now() - started, pdf: Buffer.from(pdf) };
};
for (let index = 0; index < 3; index += 1) await print();
console.info(
  `READY ${JSON.stringify({ htmlBytes: Buffer.byteLength(html), pdfBytes: (await print()).pdf.length })}`,
);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'print') break;
  console.info(`PRINTED ${(await print()).ms}`);
}
await browser.close();
// The build's own renderer (used once above) closes with the process.
process.exit(0);
