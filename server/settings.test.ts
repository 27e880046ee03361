import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionSecretProblem, shareSessionSecret } from './settings.js';

const secret = 's'.repeat(48);

describe('sessionSecretProblem', () => {
  it.each([
    ['one process in production without a secret (npm start on one machine)', { NODE_ENV: 'production' }],
    [
      'several processes with a secret',
      { NODE_ENV: 'production', WEB_CONCURRENCY: '4', SESSION_SECRET: secret },
    ],
    ['several processes in development', { NODE_ENV: 'development', WEB_CONCURRENCY: '4' }],
    [
      'several production processes of one machine without a secret (they share the one in DATA_DIR)',
      { NODE_ENV: 'production', WEB_CONCURRENCY: '4' },
    ],
  ])('lets the portal start: %s', (_case, env) => {
    expect(sessionSecretProblem(env)).toBeNull();
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(sessionSecretProblem({ SESSION_SECRET: 'short' })).toMatch(/too short/);
  });
});

describe('shareSessionSecret', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'freight-portal-secret-'));

  it('keeps one secret in DATA_DIR for every process, made once and never replaced', () => {
    const dir = dataDir();
    try {
      const file = path.join(dir, 'data', 'session-secret');
      expect(shareSessionSecret({ DATA_DIR: path.join(dir, 'data') })).toBeNull();
      const made = readFileSync(file, 'utf8');
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(shareSessionSecret({ DATA_DIR: path.join(dir, 'data') })).toBeNull();
      expect(readFileSync(file, 'utf8')).toBe(made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves DATA_DIR alone when SESSION_SECRET is set', () => {
    const dir = dataDir();
    try {
      expect(shareSessionSecret({ DATA_DIR: path.join(dir, 'data'), SESSION_SECRET: secret })).toBeNull();
      expect(() => statSync(path.join(dir, 'data'))).toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses several processes when the secret cannot be kept in DATA_DIR, and says what to set', () => {
    const dir = dataDir();
    try {
      // A file where the directory should be: not even root can keep anything under it.
      writeFileSync(path.join(dir, 'taken'), '');
      const problem = shareSessionSecret({ DATA_DIR: path.join(dir, 'taken', 'data') });
      expect(problem).toMatch(/SESSION_SECRET is not set/);
      expect(problem).toMatch(/Set SESSION_SECRET \(at least 32 characters/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
