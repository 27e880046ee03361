// DEMO_MODULES=off (ADR 059): every demo module's screen — its page and its form — and the demo data calls
// answer 404 whoever asks; the menu and the dashboard leave them out; the real screens stay.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { isDemoScreen, SCREENS, screensFor } from '../../app/services/access';
import {
  formRequest,
  pageRequest,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
  type PortalAccount,
} from './portal-server';

// Read once by the portal's settings (env.server.ts), before anything asks for them.
process.env.DEMO_MODULES = 'off';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies } = await signInPortalAccounts(reference));
});
afterAll(async () => {
  delete process.env.DEMO_MODULES;
  await reference?.dispose();
});

const ROUTES = path.join(import.meta.dirname, '..', '..', 'app', 'routes');

/** The URL path of a flat route file, parameters as `1`. */
function pathOf(file: string): string {
  return (
    '/' +
    file
      .replace(/\.tsx?$/, '')
      .split('.')
      .filter((segment) => !segment.startsWith('_'))
      .map((segment) => (segment.startsWith('$') ? '1' : segment.replace(/_$/, '')))
      .join('/')
  );
}

interface RouteModule {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}

const demoRoutes = readdirSync(ROUTES).filter(
  (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && isDemoScreen(pathOf(file)),
);

describe('with the demo modules off', () => {
  it('finds the demo screens among the routes (the access table marks them)', () => {
    expect(demoRoutes.length).toBeGreaterThanOrEqual(SCREENS.filter((screen) => screen.demo).length);
    expect(isDemoScreen('/apps/chats')).toBe(true);
    expect(isDemoScreen('/apps/shipping')).toBe(false);
  });

  it.each(demoRoutes)('%s answers 404 to a signed-in customer, to read and to post', async (file) => {
    const mod = (await import(/* @vite-ignore */ path.join(ROUTES, file))) as RouteModule;
    const url = pathOf(file);
    const params = { id: '1' };
    const page = await thrown(() =>
      mod.loader!(withParams(pageRequest(url, { cookie: cookies.client }), params)),
    );
    expect(page.status).toBe(404);
    if (mod.action) {
      const posted = await thrown(() =>
        mod.action!(withParams(formRequest(url, { intent: 'save' }, { cookie: cookies.client }), params)),
      );
      expect(posted.status).toBe(404);
    }
  });

  it('answers 404 to the demo data calls', async () => {
    const mod = (await import('../../app/routes/api.data.notes.NotesData')) as RouteModule;
    const answer = (await mod.loader!(
      withParams(pageRequest('/api/data/notes/NotesData', { cookie: cookies.client }), {}),
    )) as Response;
    expect(answer.status).toBe(404);
  });

  it('leaves them out of the menu and the dashboard, and keeps the real screens', async () => {
    const frame = (await import('../../app/routes/_portal')) as RouteModule;
    const answer = (await frame.loader!(
      withParams(pageRequest('/dashboards/modern', { cookie: cookies.client }), {}),
    )) as { menu: { path: string }[] };
    const paths = answer.menu.map((entry) => entry.path);
    expect(paths).toContain('/apps/shipping');
    expect(paths.filter((entry) => isDemoScreen(entry))).toEqual([]);
    const dashboard = (await import('../../app/routes/_portal.dashboards.modern')) as RouteModule;
    const page = (await dashboard.loader!(
      withParams(pageRequest('/dashboards/modern', { cookie: cookies.client }), {}),
    )) as { entryPoints: { path: string }[] };
    expect(page.entryPoints.length).toBeGreaterThan(0);
    expect(page.entryPoints.filter((entry) => isDemoScreen(entry.path))).toEqual([]);
    // On (the default), the same table lists them.
    expect(screensFor(['client']).some((screen) => screen.demo)).toBe(true);
  });
});
