// The portal's and the back office's settings: each bad value refused with what it must be, and the
// processes refusing to start on one.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readBackofficeSettings } from '../backoffice/settings';
import { readPortalSettings } from './settings.js';

const problemsOf = (checked: { ok: true } | { ok: false; problems: string[] }): string[] =>
  checked.ok ? [] : checked.problems;

describe('the portal settings', () => {
  it('take their defaults when unset or blank', () => {
    const checked = readPortalSettings({ PORT: '', LOG_LEVEL: ' ' });
    expect(checked.ok && checked.settings).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      BACKOFFICE_READ_TIMEOUT_MS: 10_000,
    });
  });

  it('refuse every bad value at once, each saying what it must be and what it got', () => {
    const problems = problemsOf(
      readPortalSettings({
        PORT: 'abc',
        BACKOFFICE_URL: 'backoffice:8069',
        RENDER_TIMEOUT_MS: '-5',
        LOG_LEVEL: 'loud',
        ANALYTICS_SCRIPT_URL: 'javascript:alert(1)',
      }),
    );
    expect(problems).toEqual([
      'PORT must be a port number (1 to 65535), got "abc".',
      'BACKOFFICE_URL must be an http:// or https:// URL, got "backoffice:8069".',
      'RENDER_TIMEOUT_MS must be a number of milliseconds, got "-5".',
      'ANALYTICS_SCRIPT_URL must be an http:// or https:// URL, got "javascript:alert(1)".',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
    ]);
  });

  it('never repeat a secret in a refusal', () => {
    const [problem] = problemsOf(readPortalSettings({ SESSION_SECRET: 'hunter2-is-short' }));
    expect(problem).toBe('SESSION_SECRET must be at least 32 characters, got a value of 16 characters.');
  });
});

describe('the back office settings', () => {
  it('take their defaults when unset', () => {
    const checked = readBackofficeSettings({});
    expect(checked.ok && checked.settings).toMatchObject({
      BACKOFFICE_PORT: 8069,
      PORTAL_URL: 'http://127.0.0.1:3000',
      BACKOFFICE_STORAGE_QUOTA_MB: 200,
      LOG_LEVEL: 'info',
    });
    expect(checked.ok && checked.settings.DATABASE_URL).toBeUndefined();
  });

  it('take a PostgreSQL DATABASE_URL, and refuse another kind without showing its password', () => {
    for (const url of ['postgres://portal:pw@db.internal:5432/freight', 'postgresql://db/freight']) {
      const checked = readBackofficeSettings({ DATABASE_URL: url });
      expect(checked.ok && checked.settings.DATABASE_URL).toBe(url);
    }
    const problems = problemsOf(
      readBackofficeSettings({ DATABASE_URL: 'mysql://portal:s3cret-pw@db/freight', BACKOFFICE_PORT: '80a' }),
    );
    expect(problems).toEqual([
      'BACKOFFICE_PORT must be a port number, got "80a".',
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got a mysql://… value.',
    ]);
    expect(problemsOf(readBackofficeSettings({ DATABASE_URL: 'db.internal/freight' }))).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got a value of 19 characters.',
    ]);
  });

  it('refuse a sealing key that is not 32 bytes, and a negative quota', () => {
    expect(
      problemsOf(
        readBackofficeSettings({ BACKOFFICE_SECRET_KEY: 'c2hvcnQ=', BACKOFFICE_STORAGE_QUOTA_MB: '-1' }),
      ),
    ).toEqual([
      'BACKOFFICE_SECRET_KEY must be 32 bytes in base64 (for example `openssl rand -base64 32`), got a value of 8 characters.',
      'BACKOFFICE_STORAGE_QUOTA_MB must be a number of megabytes, got "-1".',
    ]);
  });
});

describe('a process with a bad setting', () => {
  // Started for real: each must stop before serving anything, saying why.
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, args, {
      cwd: process.cwd(),
      // Only these: none of the test run's own settings leak in.
      env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it.each<[string, string[], Record<string, string>, RegExp]>([
    ['the portal', ['server.js'], { PORT: 'abc' }, /portal cannot start[\s\S]*PORT must be a port number/],
    [
      'the back office',
      ['--import', 'tsx', 'backoffice/main.ts'],
      { BACKOFFICE_PORT: '99999' },
      /back office cannot start[\s\S]*BACKOFFICE_PORT must be a port number, got "99999"/,
    ],
    [
      'the start script, before it starts the back office',
      ['scripts/start.mjs'],
      { DATABASE_URL: 'sqlite:./data/db' },
      /back office cannot start[\s\S]*DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
  ])('refuses to start: %s', (_who, args, env, message) => {
    const result = run(args, env);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});
