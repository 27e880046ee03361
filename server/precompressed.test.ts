// The precompressed copies (server/precompressed.js) in a small Express app beside express.static: the
// best coding the browser accepts, the plain file otherwise, the same caching, and no other file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressed } from './precompressed.js';

const script = 'console.log("hello");'.repeat(100);
let root = '';
let base = '';
let close: () => void = () => {};

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app.js'), script);
  writeFileSync(path.join(root, 'assets', 'app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets', 'app.js.gz'), gzipSync(script));
  // Only a gzip copy.
  writeFileSync(path.join(root, 'assets', 'old.css'), 'a{}'.repeat(400));
  writeFileSync(path.join(root, 'assets', 'old.css.gz'), gzipSync('a{}'.repeat(400)));
  writeFileSync(path.join(root, 'secret.txt'), 'not public');
  writeFileSync(path.join(root, 'secret.txt.gz'), gzipSync('not public'));
  mkdirSync(path.join(root, '.hidden'));
  writeFileSync(path.join(root, '.hidden', 'x.js.gz'), gzipSync('hidden'));

  const app = express();
  app.use(
    precompressed(root, {
      cacheOf: (urlPath: string) =>
        urlPath.startsWith('/assets/') ? { immutable: true, maxAge: '1y' } : { maxAge: '1h' },
    }),
  );
  app.use('/assets', express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use((_req, res) => {
    res.status(404).end('none');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  rmSync(root, { recursive: true, force: true });
});

/** fetch() would undo the coding: read the raw bytes as sent. */
function get(urlPath: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request(
      // The path as written: a URL would resolve its dot segments first.
      {
        hostname,
        port,
        path: urlPath,
        method,
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed', () => {
  it('sends the Brotli copy to a browser that accepts it, typed and cached as the file', async () => {
    const response = await get('/assets/app.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('sends gzip where Brotli is not accepted or has no copy', async () => {
    const js = await get('/assets/app.js', 'gzip');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.body).toString()).toBe(script);
    const css = await get('/assets/old.css', 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends the plain file to a browser that accepts no coding, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const response = await get('/assets/app.js', accept);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(script);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await get('/assets/app.js', 'br', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body.length).toBe(0);
  });

  it('serves no file but the copies found at start, each by its exact path', async () => {
    expect((await get('/assets/app.js.br', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/../secret.txt', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/%2e%2e/secret.txt', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/.hidden/x.js', 'gzip')).status).toBe(404);
    expect((await get('/assets/missing.js', 'gzip')).status).toBe(404);
  });
});
