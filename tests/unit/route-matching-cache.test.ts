// Route matching keeps the flattened, ranked branches of each routes array (patches/@remix-run+router,
// ADR 036): the same array reuses them on every match, another array gets its own, patching routes in
// (lazy route discovery) starts afresh, and the portal's URLs match the same routes as before. The
// matches of each path are kept too (ADR 056), and each caller gets its own copy. Each
// route pattern is compiled to its regular expression once, then kept. Checked on
// both copies of the router: the CommonJS file the server loads and the ES module the browser build uses.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { afterAll, describe, expect, it } from 'vitest';

type Router = typeof import('@remix-run/router');
type RouteObject = import('@remix-run/router').AgnosticRouteObject;
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

const require = createRequire(import.meta.url);
const serverFile = require.resolve('@remix-run/router');
// The browser build takes the package's "module" file; Node would read it as CommonJS, so it is loaded
// from a copy named .mjs (in node_modules, which the test runner hands to Node as it is).
const browserFile = path.join(path.dirname(serverFile), 'router.js');
const cacheDir = path.resolve(import.meta.dirname, '../../node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const copyDir = mkdtempSync(path.join(cacheDir, 'router-esm-'));
copyFileSync(browserFile, path.join(copyDir, 'router.mjs'));
afterAll(() => rmSync(copyDir, { recursive: true, force: true }));

const copies: [string, Router][] = [
  ['server (router.cjs.js)', require(serverFile) as Router],
  ['browser (router.js)', (await import(pathToFileURL(path.join(copyDir, 'router.mjs')).href)) as Router],
];

/** The portal's route tree, as Remix builds it from app/routes. */
function portalRoutes(): Route[] {
  const manifest = flatRoutes(path.resolve(import.meta.dirname, '../../app'), [
    '**/*.test.{ts,tsx}',
    '**/*.server.ts',
    '**/.*',
  ]);
  const childrenOf = (parentId: string): Route[] =>
    Object.values(manifest)
      .filter((route) => (route.parentId ?? 'root') === parentId)
      .map(({ id, path, index, caseSensitive }) => ({
        id,
        path,
        index,
        caseSensitive,
        children: index ? undefined : childrenOf(id),
      }));
  return [{ id: 'root', path: '', children: childrenOf('root') }];
}

const PORTAL_URLS = [
  '/',
  '/apps/loans',
  '/apps/loan/loan-details/LN-0001',
  '/apps/loan/loan-details/LN-0001/summary',
  '/apps/loan/loan-details/LN-0001/summary/download',
  '/apps/shipping',
  '/apps/shipping/export.csv',
  '/apps/shipping-details/12',
  '/apps/shipping-details/12/documents/3',
  '/apps/invoice',
  '/apps/invoice/7/download',
  '/apps/customers/new',
  '/dashboards/modern',
  '/pages/account-settings',
  '/pages/account-settings/two-step',
  '/auth/login',
  '/auth/login2',
  '/shared/abc123',
  '/no/such/page',
];

/** The ids of the routes `url` matches (null for none). */
const match = (router: Router, routes: unknown[], url: string) =>
  router.matchRoutes(routes as RouteObject[], url)?.map((found) => found.route.id) ?? null;

describe.each(copies)('route matching cache, %s', (_copy, router) => {
  it('reuses the branches of a routes array and gives another array its own', () => {
    const routes: Route[] = [{ id: 'orders', path: '/orders' }];
    expect(match(router, routes, '/orders')).toEqual(['orders']);
    // Changed behind the router's back: the same array still matches with the branches of its first match…
    routes[0]!.path = '/shipments';
    expect(match(router, routes, '/shipments')).toBeNull();
    expect(match(router, routes, '/orders')).toEqual(['orders']);
    // …and another array holding the same route is flattened and ranked for itself.
    expect(match(router, [...routes], '/shipments')).toEqual(['orders']);
  });

  it('starts afresh when routes are patched in', () => {
    const app = router.createRouter({
      history: router.createMemoryHistory(),
      routes: [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }],
    });
    const before = app.routes;
    expect(match(router, before, '/late')).toBeNull();
    app.patchRoutes('root', [{ id: 'late', path: 'late' }]);
    // The root route's children grew in place: the array matched before sees the new route too.
    expect(match(router, before, '/late')).toEqual(['root', 'late']);
    expect(match(router, app.routes, '/late')).toEqual(['root', 'late']);
  });

  it('compiles a pattern once, keeping its own params, case rule and end rule', () => {
    const Native = globalThis.RegExp;
    let compiled = 0;
    globalThis.RegExp = new Proxy(Native, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args);
      },
    });
    try {
      const pattern = `/compiled-once-${_copy.length}/:id`;
      expect(router.matchPath(pattern, '/compiled-once-' + _copy.length + '/7')?.params).toEqual({ id: '7' });
      const first = compiled;
      expect(first).toBeGreaterThan(0);
      expect(router.matchPath(pattern, '/COMPILED-ONCE-' + _copy.length + '/8')?.params).toEqual({ id: '8' });
      expect(compiled).toBe(first);
      // Another case rule or end rule is another pattern.
      expect(
        router.matchPath({ path: pattern, caseSensitive: true }, '/COMPILED-ONCE-' + _copy.length + '/8'),
      ).toBeNull();
      expect(
        router.matchPath({ path: pattern, end: false }, `/compiled-once-${_copy.length}/9/more`)?.params,
      ).toEqual({ id: '9' });
      expect(router.matchPath(pattern, `/compiled-once-${_copy.length}/9/more`)).toBeNull();
    } finally {
      globalThis.RegExp = Native;
    }
  });

  it('answers a path matched before without matching again, each caller with its own matches', () => {
    const routes: Route[] = [{ id: 'root', path: '/', children: [{ id: 'order', path: 'orders/:id' }] }];
    const first = router.matchRoutes(routes as RouteObject[], '/orders/7')!;
    expect(first.map((found) => found.route.id)).toEqual(['root', 'order']);
    const exec = RegExp.prototype.exec;
    let executed = 0;
    RegExp.prototype.exec = function (this: RegExp, text: string) {
      executed++;
      return exec.call(this, text);
    };
    let again: ReturnType<Router['matchRoutes']>;
    try {
      again = router.matchRoutes(routes as RouteObject[], '/orders/7');
    } finally {
      RegExp.prototype.exec = exec;
    }
    expect(executed).toBe(0);
    expect(again).toEqual(first);
    // Changing an answer changes neither the one kept nor another caller's; the matches of one answer
    // share their params, as the matcher's own do.
    expect(again![0]).not.toBe(first[0]);
    expect(again![0]!.params).toBe(again![1]!.params);
    (again![1]!.params as Record<string, string>).id = '8';
    expect(again![0]!.params.id).toBe('8');
    expect(first[1]!.params.id).toBe('7');
    expect(router.matchRoutes(routes as RouteObject[], '/orders/7')![1]!.params).toEqual({ id: '7' });
    // Another path is matched for itself; a path with no route is kept as none.
    expect(router.matchRoutes(routes as RouteObject[], '/orders/9')![1]!.params).toEqual({ id: '9' });
    expect(router.matchRoutes(routes as RouteObject[], '/nowhere')).toBeNull();
    expect(router.matchRoutes(routes as RouteObject[], '/nowhere')).toBeNull();
  });

  it("matches the portal's URLs to the same routes as a fresh ranking does", () => {
    const routes = portalRoutes();
    for (const url of PORTAL_URLS) {
      const cached = [match(router, routes, url), match(router, routes, url)];
      const fresh = match(router, structuredClone(routes), url);
      expect(cached, url).toEqual([fresh, fresh]);
    }
    expect(match(router, routes, '/apps/loans')).toEqual([
      'root',
      'routes/_portal',
      'routes/_portal.apps.loans._index',
    ]);
    expect(match(router, routes, '/apps/shipping/export.csv')?.at(-1)).toBe(
      'routes/_portal.apps.shipping.export[.]csv',
    );
    expect(match(router, routes, '/no/such/page')).toEqual(['root', 'routes/$']);
  });
});
