// Settings as a whole: the README's table lists exactly the settings the schemas read (with their
// defaults), nothing but the settings module reads the environment, and the browser sees only the
// settings meant for it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeSettingsSchema } from '../../backoffice/settings';
import { BROWSER_SETTINGS, portalSettingsSchema } from '../../server/settings.js';
import type { TestBackoffice } from '../../backoffice/testing';
import { args, pageRequest, signInPortalAccounts, startPortalBackoffice } from './portal-server';

const root = process.cwd();

/** The README's settings table: each row's names (first cell) and its default (second cell). */
function readmeSettings(): Map<string, string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Settings$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const names = [...(cells[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!);
    const defaults = (cells[2] ?? '').split(', ');
    names.forEach((name, index) =>
      rows.set(name, names.length === defaults.length ? defaults[index]! : (cells[2] ?? '')),
    );
  }
  return rows;
}

describe('the README settings table', () => {
  const portalDefaults: Record<string, unknown> = portalSettingsSchema.parse({});
  const backofficeDefaults: Record<string, unknown> = backofficeSettingsSchema.parse({});
  const schemaNames = new Set([
    ...Object.keys(portalSettingsSchema.shape),
    ...Object.keys(backofficeSettingsSchema.shape),
  ]);

  it('lists every setting the portal and the back office read, and no other', () => {
    expect([...readmeSettings().keys()].sort()).toEqual([...schemaNames].sort());
  });

  it("gives each setting's default as the schema has it", () => {
    const table = readmeSettings();
    for (const name of schemaNames) {
      // DATA_DIR: the back office's is the same directory, made absolute.
      const fallback = name in portalDefaults ? portalDefaults[name] : backofficeDefaults[name];
      if (fallback === undefined) continue;
      expect(table.get(name), name).toContain(String(fallback).replace(/^\.\//, ''));
    }
  });
});

describe('the environment', () => {
  it('is read by the settings modules only (app, server, back office, start script)', () => {
    const sources = ['app', 'server', 'backoffice']
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
          path.join(dir, file),
        ),
      )
      .concat(['server.js', 'scripts/start.mjs'])
      .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.|testing\.ts|fixture/.test(file));
    const readers = sources.filter((file) =>
      /process\.env\s*(\.|\[)/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});

describe('what the browser sees of the settings', () => {
  let reference: TestBackoffice;
  let client: string;
  /** A value for every setting of the portal, each one findable in a page's data. */
  const values: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '41937',
    HOST: '127.0.0.213',
    DATA_DIR: '',
    SESSION_SECRET: 'settings-test-secret-which-no-page-may-carry-0001',
    TRUST_PROXY: '10.213.0.0/16',
    WEB_CONCURRENCY: '913',
    SHUTDOWN_GRACE_MS: '24913',
    CONNECTIONS_PER_ADDRESS: '6413',
    CHROME_PATH: '/opt/settings-test/chromium',
    PORTAL_INTERNAL_URL: 'http://127.0.0.213:41937/',
    RENDER_TIMEOUT_MS: '20913',
    RENDER_CONCURRENCY: '713',
    BACKOFFICE_TIMEOUT_MS: '60913',
    BACKOFFICE_READ_TIMEOUT_MS: '10913',
    BACKOFFICE_MAX_ANSWER_BYTES: '16777913',
    REGISTRATIONS_PER_HOUR: '1913',
    ANALYTICS_SCRIPT_URL: 'https://cdn.analytics.example/settings-test.js',
    COMPANY_NAME: 'Settings Test Shipping Company',
    LOG_LEVEL: 'warn',
    DEMO_MODULES: 'on',
  };
  const saved = { ...process.env };

  beforeAll(async () => {
    reference = await startPortalBackoffice();
    values.DATA_DIR = reference.dataDir;
    values.BACKOFFICE_URL = process.env.BACKOFFICE_URL!;
    Object.assign(process.env, values);
    ({
      cookies: { client },
    } = await signInPortalAccounts(reference));
  });

  afterAll(async () => {
    process.env = saved;
    await reference.dispose();
  });

  it('is the list of browser settings and nothing else, on a signed-in page', async () => {
    expect(Object.keys(values).sort()).toEqual(Object.keys(portalSettingsSchema.shape).sort());
    // The root's data goes with every page; the frame's with every signed-in one.
    const request = () => args(pageRequest('/apps/loans', { cookie: client }));
    const { loader: root } = await import('../../app/root');
    const { loader: frame } = await import('../../app/routes/_portal');
    const page = JSON.stringify([await root(request()), await frame(request())]);
    expect(page).toContain('client@example.com');
    for (const [name, value] of Object.entries(values)) {
      if ((BROWSER_SETTINGS as readonly string[]).includes(name)) expect(page, name).toContain(value);
      // Words of a choice (`warn`, `on`) are found in any page: only values that name something are asked.
      else if (!['NODE_ENV', 'LOG_LEVEL', 'DEMO_MODULES'].includes(name))
        expect(page, name).not.toContain(value);
    }
  });
});
