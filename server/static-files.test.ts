// The build's files found at start (server/static-files.js): only requests naming one reach the static
// handlers; pages, data and anything else go on without a file lookup.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, onlyFiles } from './static-files.js';

let root = '';
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  mkdirSync(path.join(root, 'assets', 'fonts'), { recursive: true });
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(root, 'assets', 'app.js'), '');
  writeFileSync(path.join(root, 'assets', 'app.js.br'), '');
  writeFileSync(path.join(root, 'assets', 'fonts', 'ubuntu 400.woff2'), '');
  writeFileSync(path.join(root, '.env'), 'SECRET=1');
  mkdirSync(path.join(root, '.hidden'));
  writeFileSync(path.join(root, '.hidden', 'x.js'), '');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('listFiles', () => {
  it('lists every file by its URL path, hidden files and folders left out', () => {
    expect([...listFiles(root)].sort()).toEqual([
      '/assets/app.js',
      '/assets/app.js.br',
      '/assets/fonts/ubuntu 400.woff2',
      '/favicon.svg',
    ]);
  });
});

describe('onlyFiles', () => {
  /** Which of `handler` and `next` a request went to. */
  function route(method: string, urlPath: string): 'handler' | 'next' {
    let reached: 'handler' | 'next' | undefined;
    const middleware = onlyFiles(listFiles(root), () => {
      reached = 'handler';
    });
    middleware(
      { method, path: urlPath } as Request,
      {} as Response,
      (() => {
        reached = 'next';
      }) as NextFunction,
    );
    if (!reached) throw new Error('neither was called');
    return reached;
  }

  it('passes GET and HEAD requests for the build’s files to the static handlers', () => {
    expect(route('GET', '/assets/app.js')).toBe('handler');
    expect(route('HEAD', '/favicon.svg')).toBe('handler');
    expect(route('GET', '/assets/fonts/ubuntu%20400.woff2')).toBe('handler');
  });

  it('sends everything else on without touching the file system', () => {
    for (const urlPath of [
      '/apps/loans',
      '/apps/loans.data',
      '/assets',
      '/assets/',
      '/assets/missing.js',
      '/assets/%2e%2e/favicon.svg',
      '/.env',
      '/.hidden/x.js',
      '/%E0%A4%A',
    ])
      expect(route('GET', urlPath), urlPath).toBe('next');
    expect(route('POST', '/assets/app.js')).toBe('next');
  });
});
