// The message's way through Remix itself, with the portal's root loader: an action's redirect sets it,
// the next page shows it and clears it, the page after has none; a page whose loader redirects keeps
// it for the page it sends the browser to; with JavaScript (data requests) the same holds.
import { createRequestHandler, redirect, type ActionFunctionArgs, type ServerBuild } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, PORTAL } from '../../tests/unit/portal-server';

let handle: (request: Request) => Promise<Response>;

/** The page's loader data as the test's document renderer writes it. */
async function loaderDataOf(response: Response): Promise<Record<string, { flash?: unknown } | undefined>> {
  return JSON.parse(await response.text()) as Record<string, { flash?: unknown }>;
}

beforeAll(async () => {
  process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
  const root = await import('../root');
  const { redirectWithFlash } = await import('./flash.server');
  const route = (id: string, path: string, module: Record<string, unknown>) => ({
    id,
    path,
    parentId: 'root',
    module: { default: () => null, ...module },
  });
  const build = {
    mode: 'production',
    entry: {
      module: {
        // The document is the loader data: what the page would be rendered from.
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          context: { staticHandlerContext: { loaderData: unknown } },
        ) => new Response(JSON.stringify(context.staticHandlerContext.loaderData), { status, headers }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { loader: root.loader, default: () => null } },
      'routes/customers': route('routes/customers', 'customers', { loader: () => ({ list: [] }) }),
      'routes/customers.new': route('routes/customers.new', 'customers/new', {
        loader: () => null,
        action: ({ request }: ActionFunctionArgs) =>
          redirectWithFlash(request, '/customers', {
            key: 'customers:directory.added',
            values: { name: 'Mariam Okafor' },
          }),
      }),
      'routes/old-customers': route('routes/old-customers', 'old-customers', {
        loader: () => {
          throw redirect('/customers');
        },
      }),
    },
    assets: {
      entry: { imports: [], module: '/entry.js' },
      routes: {},
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  handle = (request) => handler(request, { cspNonce: 'test' } as never);
});

const get = (path: string, cookie = '') =>
  handle(new Request(new URL(path, PORTAL), { headers: cookie ? { Cookie: cookie } : {} }));

async function added(path = '/customers/new'): Promise<Response> {
  return handle(
    new Request(new URL(path, PORTAL), {
      method: 'POST',
      body: new URLSearchParams({ name: 'Mariam Okafor' }),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: PORTAL,
        Host: new URL(PORTAL).host,
      },
    }),
  );
}

const MESSAGE = { key: 'customers:directory.added', values: { name: 'Mariam Okafor' } };
const clears = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => /^__flash=;.*Max-Age=0/i.test(cookie));

describe('a message after an action, without JavaScript', () => {
  it('shows on the next page once, with the address left clean', async () => {
    const answer = await added();
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/customers');
    const cookie = cookiesFrom(answer);
    expect(cookie).toMatch(/^__flash=./);

    const next = await get('/customers', cookie);
    expect(next.status).toBe(200);
    expect((await loaderDataOf(next)).root?.flash).toEqual(MESSAGE);
    expect(clears(next)).toBe(true);

    // The browser has dropped the cleared cookie: a reload says nothing.
    const reload = await get('/customers');
    expect((await loaderDataOf(reload)).root?.flash).toBeNull();
    expect(reload.headers.getSetCookie()).toEqual([]);
  });

  it('is kept through a page whose loader redirects, and shown where the browser lands', async () => {
    const cookie = cookiesFrom(await added());
    const moved = await get('/old-customers', cookie);
    expect(moved.status).toBe(302);
    expect(clears(moved)).toBe(false);
    const landed = await get(moved.headers.get('Location')!, cookie);
    expect((await loaderDataOf(landed)).root?.flash).toEqual(MESSAGE);
    expect(clears(landed)).toBe(true);
  });
});

describe('a message after an action, with JavaScript', () => {
  it('makes the browser load the root again, which reads it once', async () => {
    const answer = await added('/customers/new.data');
    // A single-fetch redirect, told to revalidate every loader because it sets a cookie.
    const body = await answer.text();
    expect(body).toContain('/customers');
    expect(body).toContain('revalidate');
    const cookie = cookiesFrom(answer);
    expect(cookie).toMatch(/^__flash=./);

    const data = await get('/customers.data', cookie);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain('Mariam Okafor');
    expect(clears(data)).toBe(true);
  });

  it('is kept when the page loaded by data request redirects', async () => {
    const cookie = cookiesFrom(await added());
    expect(cookie).toMatch(/^__flash=./);
    const moved = await get('/old-customers.data', cookie);
    expect(clears(moved)).toBe(false);
  });
});
