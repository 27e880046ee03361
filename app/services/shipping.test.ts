// Shipping orders, tracking, clearance receipts, containers, drivers and suppliers — the portal's
// loaders and actions against the reference back office, with every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@contract';
import type { TestBackoffice } from '../../backoffice/testing';
import {
  approvedRequest,
  args,
  formRequest,
  type PortalAccount,
  pageRequest,
  PORTAL,
  signInPortalAccounts,
  startPortalBackoffice,
  thrown,
  withParams,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';
import { defuse } from './csv.server';

let reference: TestBackoffice;
let cookies: Record<PortalAccount, string>;
let partners: Record<PortalAccount, number>;

beforeAll(async () => {
  reference = await startPortalBackoffice();
  ({ cookies, partners } = await signInPortalAccounts(reference));
});
afterAll(() => reference.dispose());

/** The customer's first order, in this status when one is named. */
async function orderOf(
  who: 'client' | 'client2',
  status?: OrderStatus,
): Promise<{ id: number; name: string }> {
  let query = reference.backoffice.database
    .selectFrom('shipping_orders')
    .select(['id', 'name'])
    .where('partner_id', '=', partners[who]);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id').executeTakeFirstOrThrow();
}

describe('the shipping-order list (/apps/shipping)', () => {
  it("shows a client only its own orders, ten a page, with every tab's count", async () => {
    const { loader } = await import('../routes/_portal.apps.shipping._index');
    const first = await loader(args(pageRequest('/apps/shipping', { cookie: cookies.client })));
    expect(first.heading).toBe('list.title');
    expect(first.page!.items).toHaveLength(10);
    expect(first.page!.total).toBeGreaterThanOrEqual(35);
    expect(new Set(first.page!.items.map((order) => order.partner_id))).toEqual(new Set([partners.client]));
    expect(first.page!.counts!.show_all).toBe(first.page!.total);
    const second = await loader(args(pageRequest('/apps/shipping?page=2', { cookie: cookies.client })));
    expect(second.page!.page).toBe(2);
    expect(second.page!.items.map((o) => o.id)).not.toContain(first.page!.items[0]!.id);
  });

  it('filters by tab: In Progress is Confirmed to Cleared, Completed is Delivered, Financed has a loan', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping._index');
    const list = async (filter: string) =>
      (await loader(args(pageRequest(`/apps/shipping?filter=${filter}`, { cookie: cookies.client })))).page!;
    const inProgress = await list('in_progress');
    expect(inProgress.total).toBeGreaterThan(0);
    for (const order of inProgress.items) {
      expect(['confirmed', 'in_transit', 'arrived', 'cleared']).toContain(order.status);
    }
    const completed = await list('completed');
    expect(completed.items.every((order) => order.status === 'delivered')).toBe(true);
    const financed = await list('financed');
    expect(financed.total).toBeGreaterThan(0);
    expect(financed.items.every((order) => order.loan_name !== null)).toBe(true);
    // An unknown tab falls back to All.
    const unknown = await list('everything');
    expect(unknown.total).toBe((await list('show_all')).total);
    expect(unknown.total).toBeGreaterThan(inProgress.total + completed.total);
  });

  it('searches by order number and shipping mark', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping._index');
    const order = await orderOf('client');
    const byNumber = await loader(
      args(pageRequest(`/apps/shipping?q=${encodeURIComponent(order.name)}`, { cookie: cookies.client })),
    );
    expect(byNumber.page!.items.map((o) => o.id)).toEqual([order.id]);
    const marked = await reference.backoffice.database
      .selectFrom('shipping_orders')
      .select('shipping_mark')
      .where('partner_id', '=', partners.client)
      .where('shipping_mark', 'is not', null)
      .orderBy('id')
      .$narrowType<{ shipping_mark: string }>()
      .executeTakeFirstOrThrow();
    const byMark = await loader(
      args(
        pageRequest(`/apps/shipping?q=${encodeURIComponent(marked.shipping_mark)}`, {
          cookie: cookies.client,
        }),
      ),
    );
    expect(byMark.page!.items.some((o) => o.shipping_mark === marked.shipping_mark)).toBe(true);
    // Another customer's order number finds nothing for this client.
    const foreign = await loader(
      args(
        pageRequest(`/apps/shipping?q=${encodeURIComponent((await orderOf('client2')).name)}`, {
          cookie: cookies.client,
        }),
      ),
    );
    expect(foreign.page!.total).toBe(0);
  });

  it("shows staff every customer's orders; the admin through the all-orders view", async () => {
    const { loader } = await import('../routes/_portal.apps.shipping._index');
    const agent = await loader(args(pageRequest('/apps/shipping', { cookie: cookies.agent })));
    const admin = await loader(args(pageRequest('/apps/shipping', { cookie: cookies.admin })));
    expect(agent.heading).toBe('list.titleStaff');
    expect(admin.heading).toBe('list.titleAdmin');
    const client = await loader(args(pageRequest('/apps/shipping', { cookie: cookies.client })));
    expect(agent.page!.total).toBeGreaterThan(client.page!.total);
    expect(admin.page!.total).toBe(agent.page!.total);
  });

  it('sends anonymous visitors to sign in', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping._index');
    const response = await thrown(() => loader(args(pageRequest('/apps/shipping'))));
    expect(response.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=%2Fapps%2Fshipping/);
  });
});

describe('the CSV export', () => {
  it('exports every order of the filtered list, with headers in the reader’s language', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping.export[.]csv');
    const response = await loader(
      args(
        pageRequest('/apps/shipping/export.csv?filter=in_progress', {
          cookie: cookies.client,
          language: 'fr',
        }),
      ),
    );
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toContain('shipping-orders-in_progress.csv');
    const bytes = Buffer.from(await response.arrayBuffer());
    // The byte-order mark, for spreadsheet programs.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Numéro d’ordre');
    const { loader: list } = await import('../routes/_portal.apps.shipping._index');
    const page = await list(
      args(pageRequest('/apps/shipping?filter=in_progress', { cookie: cookies.client })),
    );
    expect(lines).toHaveLength(page.page!.total + 1);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(defuse('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(defuse('+1')).toBe("'+1");
    expect(defuse('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(defuse('SO-2026-0001')).toBe('SO-2026-0001');
  });
});

describe('an order and its tracking (/apps/shipping-details/:id)', () => {
  it('shows the order with its timeline, oldest event first', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await orderOf('client', 'delivered');
    const page = await loader(
      withParams(pageRequest(`/apps/shipping-details/${order.id}`, { cookie: cookies.client }), {
        id: String(order.id),
      }),
    );
    expect(page.order.name).toBe(order.name);
    expect(page.order.tracking.length).toBeGreaterThan(1);
    const times = page.order.tracking.map((event) => event.event_time);
    expect([...times].sort()).toEqual(times);
    expect(page.staff).toBe(false);
  });

  it("answers 404 when a client opens another customer's order", async () => {
    const { loader } = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await orderOf('client');
    const response = await thrown(() =>
      loader(
        withParams(pageRequest(`/apps/shipping-details/${order.id}`, { cookie: cookies.client2 }), {
          id: String(order.id),
        }),
      ),
    );
    expect(response.status).toBe(404);
    const receipt = await import('../routes/_portal.apps.shipping.clearance-receipt.$id');
    const refused = await thrown(() =>
      receipt.loader(
        withParams(pageRequest(`/apps/shipping/clearance-receipt/${order.id}`, { cookie: cookies.client2 }), {
          id: String(order.id),
        }),
      ),
    );
    expect(refused.status).toBe(404);
  });

  it('lets staff add a tracking event that the customer then sees, and correct it', async () => {
    const { action, loader } = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await orderOf('client', 'in_transit');
    const path = `/apps/shipping-details/${order.id}`;
    const added = (await action(
      withParams(
        formRequest(
          path,
          {
            milestone: 'arrived_destination',
            place: 'Port Said',
            eventTime: '2026-11-20T08:30',
            note: 'Berth 4',
          },
          { cookie: cookies.agent },
        ),
        { id: String(order.id) },
      ),
    )) as Response;
    expect(added.headers.get('Location')).toBe(`${path}#tracking`);
    expect(await flashAfter(added)).toEqual({ key: 'shipping:tracking.added' });
    const seen = await loader(
      withParams(pageRequest(path, { cookie: cookies.client }), { id: String(order.id) }),
    );
    const event = seen.order.tracking.find((e) => e.place === 'Port Said');
    expect(event).toMatchObject({
      milestone: 'arrived_destination',
      note: 'Berth 4',
      event_time: '2026-11-20T08:30:00.000Z',
    });
    // The milestone moved the order forward.
    expect(seen.order.status).toBe('arrived');

    const corrected = (await action(
      withParams(
        formRequest(
          path,
          {
            eventId: String(event!.id),
            formId: `tracking-${event!.id}`,
            milestone: 'arrived_destination',
            place: 'Port Said East',
            eventTime: '2026-11-20T09:00',
          },
          { cookie: cookies.agent },
        ),
        { id: String(order.id) },
      ),
    )) as Response;
    expect(corrected.headers.get('Location')).toBe(`${path}#tracking`);
    expect(await flashAfter(corrected)).toEqual({ key: 'shipping:tracking.updated' });
    const after = await loader(
      withParams(pageRequest(path, { cookie: cookies.client }), { id: String(order.id) }),
    );
    expect(after.order.tracking.find((e) => e.id === event!.id)?.place).toBe('Port Said East');
  });

  it('gives the form back with what was typed when an event is incomplete', async () => {
    const { action } = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await orderOf('client');
    const result = (await action(
      withParams(
        formRequest(
          `/apps/shipping-details/${order.id}`,
          { formId: 'tracking-new', milestone: 'delivered', place: '', eventTime: 'soon' },
          { cookie: cookies.agent },
        ),
        { id: String(order.id) },
      ),
    )) as unknown as {
      init: ResponseInit;
      data: {
        formId: string;
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.formId).toBe('tracking-new');
    expect(result.data.result.error.place).toEqual(['validation.required']);
    expect(result.data.result.error.eventTime).toEqual(['validation.dateTime']);
    expect(result.data.result.initialValue.milestone).toBe('delivered');
  });

  it('refuses tracking changes from a client (403)', async () => {
    const { action } = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await orderOf('client');
    const response = await thrown(() =>
      action(
        withParams(
          formRequest(
            `/apps/shipping-details/${order.id}`,
            { milestone: 'delivered', place: 'Cairo', eventTime: '2026-11-21T10:00' },
            { cookie: cookies.client },
          ),
          { id: String(order.id) },
        ),
      ),
    );
    expect(response.status).toBe(403);
  });

  it('downloads an order document only for who may see the order', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping-details.$id.documents.$documentId');
    const doc = await reference.backoffice.database
      .selectFrom('order_documents as d')
      .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
      .select(['d.id', 'd.shipping_order_id as orderId'])
      .where('o.partner_id', '=', partners.client)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const params = { id: String(doc.orderId), documentId: String(doc.id) };
    const path = `/apps/shipping-details/${doc.orderId}/documents/${doc.id}`;
    const file = await loader(withParams(pageRequest(path, { cookie: cookies.client }), params));
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment; /);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const refused = await thrown(() =>
      loader(withParams(pageRequest(path, { cookie: cookies.client2 }), params)),
    );
    expect(refused.status).toBe(404);
  });
});

describe('containers (admin only)', () => {
  it('shows the admin containers with their orders and fill level', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping.container._index');
    const page = await loader(args(pageRequest('/apps/shipping/container', { cookie: cookies.admin })));
    expect(page.page!.items.length).toBeGreaterThan(0);
    const withOrders = page.page!.items.find((container) => container.orders.length > 0)!;
    const sum = withOrders.orders
      .filter((o) => o.status !== 'cancelled')
      .reduce((total, o) => total + o.cbm, 0);
    expect(withOrders.used_cbm).toBeCloseTo(sum, 5);
  });

  it('answers 403 to a warehouse agent and to a client', async () => {
    const { loader } = await import('../routes/_portal.apps.shipping.container._index');
    for (const who of ['agent', 'client'] as const) {
      const response = await thrown(() =>
        loader(args(pageRequest('/apps/shipping/container', { cookie: cookies[who] }))),
      );
      expect(response.status).toBe(403);
    }
  });
});

describe('drivers and suppliers (staff)', () => {
  it('lists, adds, refuses a duplicate licence, and edits a driver', async () => {
    const list = await import('../routes/_portal.apps.shipping.drivers._index');
    const add = await import('../routes/_portal.apps.shipping.drivers.new');
    const edit = await import('../routes/_portal.apps.shipping.drivers.$id');
    const before = await list.loader(args(pageRequest('/apps/shipping/drivers', { cookie: cookies.agent })));
    expect(before.page!.total).toBeGreaterThan(0);
    const fields = {
      name: 'Karim Haddad',
      phone: '+971 50 123 4567',
      licenceNumber: 'DXB-TR-99812',
      vehiclePlate: 'D 44521',
      origin: 'dubai',
      active: 'on',
    };
    const created = (await add.action(
      args(formRequest('/apps/shipping/drivers/new', fields, { cookie: cookies.agent })),
    )) as Response;
    expect(created.headers.get('Location')).toBe('/apps/shipping/drivers');
    expect(await flashAfter(created)).toEqual({
      key: 'shipping:directory.saved',
      values: { name: 'Karim Haddad' },
    });
    const again = (await add.action(
      args(
        formRequest('/apps/shipping/drivers/new', { ...fields, name: 'Other' }, { cookie: cookies.agent }),
      ),
    )) as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.error.licenceNumber).toEqual(['shipping:drivers.duplicate']);
    expect(again.data.initialValue.name).toBe('Other');

    const found = await list.loader(
      args(pageRequest('/apps/shipping/drivers?q=Karim', { cookie: cookies.agent })),
    );
    const driver = found.page!.items[0]!;
    // Unchecking "active" (the browser then sends nothing) makes the driver inactive.
    const { active: _active, ...inactive } = fields;
    const saved = (await edit.action(
      withParams(formRequest(`/apps/shipping/drivers/${driver.id}`, inactive, { cookie: cookies.agent }), {
        id: String(driver.id),
      }),
    )) as Response;
    expect(saved.status).toBe(302);
    const inactiveList = await list.loader(
      args(pageRequest('/apps/shipping/drivers?q=Karim&active=false', { cookie: cookies.agent })),
    );
    expect(inactiveList.page!.items.map((d) => d.id)).toContain(driver.id);
  });

  it('adds and edits a supplier; an unknown one is 404', async () => {
    const add = await import('../routes/_portal.apps.suppliers.new');
    const edit = await import('../routes/_portal.apps.suppliers.$id');
    const created = (await add.action(
      args(
        formRequest(
          '/apps/suppliers/new',
          {
            name: 'Hanoi Ceramics Co.',
            email: 'sales@hanoi-ceramics.example',
            location: 'Hanoi, Vietnam',
            active: 'on',
          },
          { cookie: cookies.agent },
        ),
      ),
    )) as Response;
    expect(created.headers.get('Location')).toBe('/apps/suppliers');
    expect(await flashAfter(created)).toEqual({
      key: 'shipping:directory.saved',
      values: { name: 'Hanoi Ceramics Co.' },
    });
    const badEmail = (await add.action(
      args(
        formRequest('/apps/suppliers/new', { name: 'X', email: 'not-an-email' }, { cookie: cookies.agent }),
      ),
    )) as unknown as { init: ResponseInit; data: { error: Record<string, string[]> } };
    expect(badEmail.data.error.email).toEqual(['validation.email']);
    const missing = await thrown(() =>
      edit.loader(
        withParams(pageRequest('/apps/suppliers/999999', { cookie: cookies.agent }), { id: '999999' }),
      ),
    );
    expect(missing.status).toBe(404);
  });

  it('answers 403 to a client on every driver and supplier screen', async () => {
    const screens = [
      ['../routes/_portal.apps.shipping.drivers._index', '/apps/shipping/drivers'],
      ['../routes/_portal.apps.suppliers._index', '/apps/suppliers'],
      ['../routes/_portal.apps.shipping.drivers.new', '/apps/shipping/drivers/new'],
      ['../routes/_portal.apps.suppliers.new', '/apps/suppliers/new'],
    ] as const;
    for (const [module, path] of screens) {
      const { loader } = (await import(/* @vite-ignore */ module)) as {
        loader: (a: unknown) => Promise<unknown>;
      };
      const response = await thrown(() => loader(args(pageRequest(path, { cookie: cookies.client }))));
      expect(response.status, path).toBe(403);
    }
  });
});

describe('an approved shipping request becomes an order', () => {
  it('creates the order from the request, then refuses a second one', async () => {
    const page = await import('../routes/_portal.apps.shipping.new-order.$requestId');
    const request = { id: await approvedRequest(reference, 'shipping') };
    const params = { requestId: String(request.id) };
    const path = `/apps/shipping/new-order/${request.id}`;
    const loaded = await page.loader(withParams(pageRequest(path, { cookie: cookies.agent }), params));
    expect(loaded.blocker).toBeNull();
    const fields = {
      requestId: String(request.id),
      category: 'electronics_accessories',
      containerType: 'groupage',
      origin: 'china',
      cbm: '14.5',
      shippingMark: 'NST/NEW/001',
    };
    const created = (await page.action(
      withParams(formRequest(path, fields, { cookie: cookies.agent }), params),
    )) as Response;
    expect(created.headers.get('Location')).toMatch(/^\/apps\/shipping-details\/\d+$/);
    // The message names the new order as its page does.
    const orderId = created.headers.get('Location')!.split('/').at(-1)!;
    const details = await import('../routes/_portal.apps.shipping-details.$id');
    const order = await details.loader(
      withParams(pageRequest(`/apps/shipping-details/${orderId}`, { cookie: cookies.agent }), {
        id: orderId,
      }),
    );
    expect(await flashAfter(created)).toEqual({
      key: 'shipping:newOrder.created',
      values: { name: order.order.name },
    });
    const reloaded = await page.loader(withParams(pageRequest(path, { cookie: cookies.agent }), params));
    expect(reloaded.blocker).toBe('hasOrder');
    const again = (await page.action(
      withParams(formRequest(path, fields, { cookie: cookies.agent }), params),
    )) as unknown as { data: { error: Record<string, string[]> } };
    expect(again.data.error['']).toEqual(['shipping:newOrder.conflict']);
  });

  it('refuses the page to a client (403)', async () => {
    const page = await import('../routes/_portal.apps.shipping.new-order.$requestId');
    const response = await thrown(() =>
      page.loader(
        withParams(pageRequest('/apps/shipping/new-order/1', { cookie: cookies.client }), { requestId: '1' }),
      ),
    );
    expect(response.status).toBe(403);
  });
});

describe('orders at once (/apps/shipping, staff)', () => {
  function bulkRequest(pairs: [string, string][], cookie: string, query = '') {
    return new Request(new URL(`/apps/shipping?index${query}`, PORTAL), {
      method: 'POST',
      body: new URLSearchParams(pairs),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    });
  }

  it('adds one tracking event to each checked order, names the ones whose rules refuse it, and goes back to the list as it was', async () => {
    const { action } = await import('../routes/_portal.apps.shipping._index');
    const moving = await orderOf('client2', 'in_transit');
    const delivered = await orderOf('client2', 'delivered');
    const answer = (await action(
      args(
        bulkRequest(
          [
            ['orderIds', String(moving.id)],
            ['orderIds', String(delivered.id)],
            ['bulk', 'event'],
            ['milestone', 'delayed'],
            ['place', 'Jebel Ali anchorage'],
            ['eventTime', '2026-11-20T08:30'],
          ],
          cookies.agent,
          '&status=in_transit&origin=all',
        ),
      ),
    )) as Response;
    expect(answer.headers.get('Location')).toBe('/apps/shipping?status=in_transit&origin=all');
    expect(await flashAfter(answer)).toEqual({
      key: 'shipping:bulk.partly',
      values: { count: 1, refused: delivered.name },
    });
    const events = await reference.backoffice.database
      .selectFrom('shipment_tracking')
      .select(['shipping_order_id'])
      .where('place', '=', 'Jebel Ali anchorage')
      .execute();
    expect(events.map((event) => event.shipping_order_id)).toEqual([moving.id]);
  });

  it('stops when the back office stops answering part-way, naming the orders done and those left undone', async () => {
    const { requireUser } = await import('./auth.server');
    const { bulkOrders } = await import('./shipping.server');
    const { BackofficeError } = await import('./backoffice/client.server');
    const agent = await requireUser(pageRequest('/apps/shipping', { cookie: cookies.agent }));
    // The back office answers the first event, then is unreachable.
    let events = 0;
    const flaky = {
      ...agent,
      backoffice: {
        ...agent.backoffice,
        record: ((name, options) => {
          if (name === 'createTrackingEvent' && ++events > 1)
            return Promise.reject(new BackofficeError('unavailable', name));
          return agent.backoffice.record(name, options);
        }) as typeof agent.backoffice.record,
      },
    };
    const ids = (
      await reference.backoffice.database
        .selectFrom('shipping_orders')
        .select(['id', 'name'])
        .where('partner_id', '=', partners.client2)
        .where('status', 'in', ['confirmed', 'in_transit'])
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((order) => order);
    expect(ids).toHaveLength(3);
    const bulk = {
      bulk: 'event' as const,
      orderIds: ids.map((order) => order.id),
      milestone: 'delayed' as const,
      place: 'Stopped part-way',
      eventTime: '2026-11-21T08:30',
    };
    expect(await bulkOrders(flaky, bulk)).toEqual({
      done: [ids[0]!.name],
      refused: [],
      stopped: [ids[1]!.name, `#${ids[2]!.id}`],
      stoppedBy: 'common:errors.unavailable',
    });
    const written = await reference.backoffice.database
      .selectFrom('shipment_tracking')
      .select('shipping_order_id')
      .where('place', '=', 'Stopped part-way')
      .execute();
    expect(written.map((event) => event.shipping_order_id)).toEqual([ids[0]!.id]);

    // Before any order was done, the failure is the form's, as for one order: nothing to name.
    events = 1;
    await expect(bulkOrders(flaky, { ...bulk, orderIds: [ids[1]!.id] })).rejects.toBeInstanceOf(
      BackofficeError,
    );
  });

  it('gives the checked orders one driver, keeping the rest of each order', async () => {
    const { action } = await import('../routes/_portal.apps.shipping._index');
    const first = await orderOf('client2', 'confirmed');
    const before = await reference.backoffice.database
      .selectFrom('shipping_orders')
      .select(['status', 'shipping_mark', 'container_id', 'expected_arrival'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const driver = await reference.backoffice.database
      .selectFrom('drivers')
      .select(['id'])
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const answer = (await action(
      args(
        bulkRequest(
          [
            ['orderIds', String(first.id)],
            ['bulk', 'driver'],
            ['driverId', String(driver.id)],
            ['deliveryDate', '2026-12-04'],
          ],
          cookies.admin,
        ),
      ),
    )) as Response;
    expect(answer.headers.get('Location')).toBe('/apps/shipping');
    expect(await flashAfter(answer)).toEqual({
      key: 'shipping:bulk.done',
      values: { count: 1, refused: '' },
    });
    const after = await reference.backoffice.database
      .selectFrom('shipping_orders')
      .select(['status', 'shipping_mark', 'container_id', 'expected_arrival', 'driver_id', 'delivery_date'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, driver_id: driver.id, delivery_date: '2026-12-04' });
  });

  it('says when no order is checked, and is refused to a client', async () => {
    const { action } = await import('../routes/_portal.apps.shipping._index');
    const none = (await action(
      args(
        bulkRequest(
          [
            ['bulk', 'event'],
            ['milestone', 'delayed'],
            ['place', 'Yard'],
            ['eventTime', '2026-11-20T08:30'],
          ],
          cookies.agent,
        ),
      ),
    )) as unknown as { init: { status: number }; data: { error: Record<string, string[]> } };
    expect(none.init.status).toBe(400);
    expect(none.data.error.orderIds).toEqual(['shipping:bulk.noneChosen']);
    const own = await orderOf('client', 'in_transit');
    const refused = await thrown(() =>
      action(
        args(
          bulkRequest(
            [
              ['orderIds', String(own.id)],
              ['bulk', 'event'],
            ],
            cookies.client,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(403);
  });
});
