import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRole, isStaff, rolesFor, SCREENS, screensFor } from './access';

/** The URL path a flat-routes file answers ("_portal.dashboards.modern.tsx" → "/dashboards/modern"). */
function routePath(file: string): string {
  const name = file.replace(/\.(tsx|ts)$/, '');
  // "[.]" is a literal dot ("export[.]csv" → "export.csv"), not a segment separator.
  const segments = name
    .replace(/\[\.\]/g, '~')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/~/g, '.'))
    // A trailing "_" only opts the route out of its parent's layout ("$loanNumber_").
    .map((segment) => segment.replace(/(.)_$/, '$1'))
    .map((segment) => (segment.startsWith('$') ? `:${segment.slice(1)}` : segment));
  return `/${segments.join('/')}`;
}

const routeFiles = readdirSync(path.join(import.meta.dirname, '..', 'routes')).filter(
  (file) => /\.(tsx|ts)$/.test(file) && !/\.(test|server)\.tsx?$/.test(file),
);
const routePaths = new Set(routeFiles.map(routePath));

describe('the access table', () => {
  it('names only screens that exist', () => {
    for (const screen of SCREENS) expect(routePaths, screen.path).toContain(screen.path);
  });

  it('has a rule for every screen of the portal frame', () => {
    const framed = routeFiles
      .filter((file) => file.startsWith('_portal.') && file !== '_portal.tsx')
      .map(routePath);
    for (const screen of framed) expect(() => rolesFor(screen), screen).not.toThrow();
  });

  it('refuses a screen without a rule', () => {
    expect(() => rolesFor('/apps/nowhere')).toThrow(/No access rule/);
  });

  it('matches roles by name, case-insensitively', () => {
    expect(hasRole(['Admin'], ['admin'])).toBe(true);
    expect(hasRole(['client'], ['admin', 'warehouse_agent'])).toBe(false);
    expect(isStaff(['WAREHOUSE_AGENT'])).toBe(true);
    expect(isStaff(['client'])).toBe(false);
  });

  it('gives every role the dashboard in its menu', () => {
    for (const role of ['client', 'warehouse_agent', 'admin']) {
      expect(screensFor([role]).map((screen) => screen.path)).toContain('/dashboards/modern');
    }
    expect(screensFor([])).toEqual([]);
  });
});
