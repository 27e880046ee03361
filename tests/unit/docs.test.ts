// The documents a newcomer reads first must say what the code does: every decision record is dated and
// says whether it still holds, every back-office call is in docs/api.md, and every dependency is used.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls } from '@contract';

const decisionsDir = 'docs/decisions';
const records = readdirSync(decisionsDir).filter(
  (name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000'),
);

describe('decision records', () => {
  it.each(records)('%s is dated and has a status whose links lead to records', (name) => {
    const text = readFileSync(join(decisionsDir, name), 'utf8');
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    expect(status).toBeDefined();
    for (const [, target] of status!.matchAll(/\]\(([^)]+)\)/g)) {
      expect(existsSync(join(decisionsDir, target!)), `${name} links to ${target}`).toBe(true);
    }
  });
});

function markdown(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdown(path);
    return name.endsWith('.md') ? [path] : [];
  });
}
const documents = ['README.md', 'backoffice/README.md', ...markdown('docs')];

describe('what the documents say of sessions and settings', () => {
  it.each(documents)('%s gives the session cookies the lengths the code uses (12 hours)', (path) => {
    const text = readFileSync(path, 'utf8').replace(/\s+/g, ' ');
    for (const [said] of text.matchAll(/`(?:bo_session|__session)`,[^)]*\)/g)) {
      expect(said).not.toMatch(/\bdays?\b/);
      expect(said).toMatch(/12 hours/);
    }
  });

  it('does not call a setting the code reads "not yet used"', () => {
    const rows = readFileSync('README.md', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const code = ['app/services/env.server.ts', 'server.js']
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    for (const row of rows) {
      const name = /^\| `(\w+)`/.exec(row)?.[1];
      if (name && code.includes(name)) expect(row, name).not.toMatch(/not yet used/);
    }
  });
});

describe('docs/api.md', () => {
  const api = readFileSync('docs/api.md', 'utf8');

  it.each(Object.keys(calls))('has a row for %s', (name) => {
    expect(api).toContain(`| \`${name}\``);
  });
});

describe('package.json', () => {
  // Used without an import: a peer of @mui/joy, a mailer loaded by name only when SMTP_URL is set
  // (backoffice/mail.ts), and tools run as commands.
  const usedWithoutImport = new Set([
    '@emotion/styled',
    'nodemailer',
    'tsx',
    'typescript',
    'eslint',
    'prettier',
    'patch-package',
    'vitest',
    '@types/node',
  ]);
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
    });
  }
  const code = ['app', 'backoffice', 'contract', 'server', 'scripts', 'tests']
    .flatMap(sources)
    .concat(['server.js', 'vite.config.ts', 'playwright.config.ts', 'eslint.config.js'])
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');

  function imported(name: string): boolean {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return new RegExp(`(from|import|require)\\s*\\(?\\s*['"]${escaped}(/[^'"]*)?['"]`).test(code);
  }

  it.each(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }))('uses %s', (name) => {
    const typed = /^@types\/(.+)$/.exec(name)?.[1];
    // @types/foo serves foo, @types/scope__foo serves @scope/foo.
    const served = typed?.includes('__') ? `@${typed.replace('__', '/')}` : typed;
    expect(usedWithoutImport.has(name) || imported(name) || (served !== undefined && imported(served))).toBe(
      true,
    );
  });
});
