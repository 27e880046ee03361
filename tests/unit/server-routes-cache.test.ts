// A render reuses the server's routes of its build (patches/@remix-run+react and react-router-dom, ADR
// 036): RemixServer made them, and createStaticRouter their data routes, afresh for every request, so the
// router ranked a new array during every render. The same build now renders with the same data routes;
// another route module (the development server's update) gets new ones; what is rendered is unchanged.
import { RemixServer, useMatches } from '@remix-run/react';
import type { EntryContext } from '@remix-run/node';
import { createStaticHandler } from '@remix-run/router';
import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

const seen: unknown[] = [];

function Root() {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  seen.push(router.routes);
  const ids = useMatches().map((match) => match.id);
  return createElement('p', null, ids.join(','));
}

const manifestRoutes = {
  root: {
    id: 'root',
    path: '',
    hasLoader: false,
    hasAction: false,
    hasErrorBoundary: false,
    module: '/root.js',
  },
  'routes/orders': {
    id: 'routes/orders',
    parentId: 'root',
    path: 'orders',
    hasLoader: false,
    hasAction: false,
    hasErrorBoundary: false,
    module: '/orders.js',
  },
  'routes/invoices': {
    id: 'routes/invoices',
    parentId: 'root',
    path: 'invoices',
    hasLoader: false,
    hasAction: false,
    hasErrorBoundary: false,
    module: '/invoices.js',
  },
};
const manifest = {
  routes: manifestRoutes,
  entry: { module: '/entry.js', imports: [] },
  url: '/manifest.js',
  version: '1',
};
const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
};

async function render(routeModules: Record<string, unknown>, path = '/orders'): Promise<string> {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'routes/orders', path: 'orders' },
        { id: 'routes/invoices', path: 'invoices' },
      ],
    },
  ]);
  const staticHandlerContext = await handler.query(new Request(`http://localhost${path}`));
  if (staticHandlerContext instanceof Response) throw new Error('unexpected response');
  const context = {
    manifest,
    routeModules,
    staticHandlerContext,
    serverHandoffString: '{}',
    future,
    isSpaMode: false,
    serializeError: (error: Error) => ({ message: error.message }),
    renderMeta: {},
  } as unknown as EntryContext;
  return renderToString(createElement(RemixServer, { context, url: `http://localhost${path}` }));
}

describe('server routes kept per build', () => {
  const orders = { default: () => createElement('span', null, 'orders') };
  const invoices = { default: () => createElement('span', null, 'invoices') };
  const root = { default: Root };

  it('renders with the same data routes for the same build, from a new route-modules object each time', async () => {
    seen.length = 0;
    const first = await render({ root, 'routes/orders': orders, 'routes/invoices': invoices });
    const second = await render({ root, 'routes/orders': orders, 'routes/invoices': invoices });
    expect(first).toContain('root,routes/orders');
    expect(second).toBe(first);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });

  it('makes them again when a route module is another one', async () => {
    seen.length = 0;
    await render({ root, 'routes/orders': orders, 'routes/invoices': invoices });
    await render({
      root,
      'routes/orders': { default: () => createElement('span', null, 'orders, updated') },
      'routes/invoices': invoices,
    });
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('looks only at the routes a render shows, and at another one when a render shows it', async () => {
    seen.length = 0;
    const updated = { default: () => createElement('span', null, 'invoices, updated') };
    await render({ root, 'routes/orders': orders, 'routes/invoices': invoices });
    // The invoices' module changed, and this render does not show them: the same routes.
    await render({ root, 'routes/orders': orders, 'routes/invoices': updated });
    expect(seen[1]).toBe(seen[0]);
    // A render of the invoices makes them again, from the module it was given.
    const page = await render({ root, 'routes/orders': orders, 'routes/invoices': updated }, '/invoices');
    expect(page).toContain('root,routes/invoices');
    expect(seen[2]).not.toBe(seen[0]);
  });
});
