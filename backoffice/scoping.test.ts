/**
 * Partner scoping stays inside the data functions: handlers pass the caller's scope to the finders
 * and never check a found record's partner themselves, and EVERY_CUSTOMER is used only where no
 * principal exists, each time with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);
const sources = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({
      file: path.relative(here, path.join(dir, name)),
      text: readFileSync(path.join(dir, name), 'utf8'),
    }));

const routes = sources(path.join(here, 'routes'));
const dataModules = sources(here).filter(({ file }) => file !== 'access.ts');

describe('partner scoping', () => {
  it('finds route files to check', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map(({ file }) => file)).toContain(path.join('routes', 'orders.ts'));
  });

  it('leaves no handler to compare a found record’s partner with the caller', () => {
    for (const { file, text } of routes) {
      // A partner id the request names (query, body) goes through `customerInScope`; a record's own
      // `partner_id` is the finder's business.
      const checks = text.match(/(?<!query|body)\.partner_id\b|\bpartnerId\b.*===|canSeePartner/g) ?? [];
      expect(checks, file).toEqual([]);
    }
  });

  it('keeps EVERY_CUSTOMER out of the handlers', () => {
    for (const { file, text } of routes) expect(text.includes('EVERY_CUSTOMER'), file).toBe(false);
  });

  it('gives the reason for each use of EVERY_CUSTOMER in a comment just above it', () => {
    let uses = 0;
    for (const { file, text } of dataModules) {
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        if (!line.includes('EVERY_CUSTOMER') || line.startsWith('import ')) return;
        uses += 1;
        expect(lines[index - 1]?.trim().startsWith('//'), `${file}:${index + 1}`).toBe(true);
      });
    }
    expect(uses).toBeGreaterThan(0);
  });
});
