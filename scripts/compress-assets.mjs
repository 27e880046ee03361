#!/usr/bin/env node
// After `remix vite:build`: a Brotli (.br) and a gzip (.gz) copy of every text file of the browser build
// (scripts, styles, SVG), made once here at the highest settings so that the server only picks one
// (server/precompressed.js) and never compresses while answering.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'client');
const TEXT = /\.(js|mjs|css|svg|json|txt|html)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const SMALLEST = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else yield file;
  }
}

let plain = 0;
let compressed = 0;
for (const file of files(root)) {
  if (!TEXT.test(file) || statSync(file).size < SMALLEST) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy only where it is smaller: the server serves whichever exists.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  plain += content.length;
  compressed += Math.min(br.length, content.length);
}
console.info(
  `compressed the browser build: ${(plain / 1024).toFixed(0)} kB of text, ${(compressed / 1024).toFixed(0)} kB with Brotli`,
);
