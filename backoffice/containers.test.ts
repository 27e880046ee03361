import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containersAnswer, type Container } from '@contract';
import { CONTAINER_CAPACITY } from './containers';
import { demoContainers } from './seedShipping';
import {
  startTestBackoffice,
  signInDemoAccounts,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  Object.assign(sessions, (await signInDemoAccounts(bo)).sessions);
});
afterAll(async () => {
  await bo?.dispose();
});

async function list(query: CallOptions['query'] = {}) {
  const result = await bo.call('listContainers', { query, session: sessions.admin });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return containersAnswer.parse(result.body);
}

const names = (containers: readonly Container[]) => containers.map((container) => container.name).sort();

describe('GET /shipping-orders/admin/containers', () => {
  it('is the admin’s: 403 for an agent and a client', async () => {
    for (const who of ['agent', 'client', 'client2'] as const) {
      const result = await bo.call('listContainers', { session: sessions[who] });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ error: 'You are not allowed to do this', code: 'forbidden' });
    }
  });

  it('lists the demo containers, at least two loading, with their capacity by size', async () => {
    const { containers, total } = await list();
    expect(total).toBe(demoContainers.length);
    expect(names(containers)).toEqual(demoContainers.map((container) => container.name).sort());
    expect(containers.filter((container) => container.status === 'loading').length).toBeGreaterThanOrEqual(2);
    expect(new Set(containers.map((container) => container.size))).toEqual(
      new Set(['20ft', '40ft', '40ft_hc']),
    );
    for (const container of containers) {
      expect(container.capacity_cbm).toBe(CONTAINER_CAPACITY[container.size]);
      expect(container.departure_date === null).toBe(['planned', 'loading'].includes(container.status));
    }
    expect(CONTAINER_CAPACITY).toEqual({ '20ft': 33, '40ft': 67, '40ft_hc': 76 });
  });

  it('gives each container its orders and the volume of those not cancelled', async () => {
    const { containers } = await list();
    const withCancelled = containers.find((container) =>
      container.orders.some((order) => order.status === 'cancelled'),
    );
    expect(withCancelled).toBeDefined();
    for (const container of containers) {
      expect(container.orders.length, container.name).toBeGreaterThan(0);
      const used = container.orders
        .filter((order) => order.status !== 'cancelled')
        .reduce((sum, order) => sum + order.cbm, 0);
      expect(container.used_cbm, container.name).toBeCloseTo(used, 2);
      expect(container.used_cbm).toBeLessThanOrEqual(container.capacity_cbm);
      const stored = (
        await bo.backoffice.database
          .selectFrom('shipping_orders')
          .select('id')
          .where('container_id', '=', container.id)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      expect(container.orders.map((order) => order.id).sort((a, b) => a - b)).toEqual(stored);
      expect(container.orders.every((order) => order.partner_name.length > 0)).toBe(true);
    }
  });

  it('filters by status, origin and search (number, destination), and pages with the total', async () => {
    const open = await list({ status: 'loading' });
    expect(open.containers.every((container) => container.status === 'loading')).toBe(true);
    expect(open.total).toBe(open.containers.length);
    const china = await list({ origin: 'china' });
    expect(china.containers.every((container) => container.origin === 'china')).toBe(true);
    expect(names((await list({ search: 'mscu 482' })).containers)).toEqual(['MSCU 482913-7']);
    expect(names((await list({ search: 'nansha' })).containers)).toEqual(['HLXU 674120-3']);
    expect((await list({ search: 'port said', status: 'departed' })).containers.map((c) => c.name)).toEqual([
      'MSKU 906377-2',
    ]);
    const all = await list();
    const page = await list({ limit: 2, offset: 2 });
    expect(page.total).toBe(demoContainers.length);
    expect(page.containers.map((container) => container.id)).toEqual(
      all.containers.slice(2, 4).map((c) => c.id),
    );
  });
});

describe('running a container (admin)', () => {
  const input = {
    name: 'TEST 100001-1',
    kind: 'dry',
    size: '20ft',
    capacity_cbm: 20,
    status: 'planned',
    origin: 'india',
    destination: 'Port Said, Egypt',
    vessel: 'Maersk Kinloss',
    voyage: '248W',
    departure_date: null,
    arrival_date: null,
  };
  const call = async (
    name:
      | 'createContainer'
      | 'getContainer'
      | 'updateContainer'
      | 'loadContainer'
      | 'unloadContainer'
      | 'addContainerEvent',
    options: CallOptions,
    who: DemoAccount = 'admin',
  ) => bo.call(name, { ...options, session: sessions[who] });
  const db = () => bo.backoffice.database;

  /** A new order of India, in no container, as the demo customer's. */
  async function newOrder(
    cbm: number,
    status: string,
    origin = 'india',
  ): Promise<{ id: number; name: string }> {
    const template = await db()
      .selectFrom('shipping_orders')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    const name = `SO-T${Math.floor(Math.random() * 1e9)}`;
    const { id } = await db()
      .insertInto('shipping_orders')
      .values({ ...rest, name, cbm, status, origin, container_id: null, request_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name };
  }

  it('is the admin’s: 403 for an agent and a client, 404 for an unknown container', async () => {
    for (const who of ['agent', 'client'] as const) {
      expect((await call('createContainer', { body: input }, who)).status).toBe(403);
      expect((await call('getContainer', { params: { id: 1 } }, who)).status).toBe(403);
      expect((await call('updateContainer', { params: { id: 1 }, body: input }, who)).status).toBe(403);
      expect((await call('loadContainer', { params: { id: 1 }, body: { order_ids: [1] } }, who)).status).toBe(
        403,
      );
      expect((await call('unloadContainer', { params: { id: 1, order_id: 1 } }, who)).status).toBe(403);
      const event = { milestone: 'delayed', place: 'Nhava Sheva', event_time: new Date().toISOString() };
      expect((await call('addContainerEvent', { params: { id: 1 }, body: event }, who)).status).toBe(403);
    }
    expect((await call('getContainer', { params: { id: 999999 } })).status).toBe(404);
    expect((await call('updateContainer', { params: { id: 999999 }, body: input })).status).toBe(404);
  });

  it('adds a container with its number once (any case), and an arrival not before the departure', async () => {
    const created = await call('createContainer', { body: input });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      name: input.name,
      kind: 'dry',
      capacity_cbm: 20,
      used_cbm: 0,
      vessel: 'Maersk Kinloss',
      orders: [],
      events: [],
    });
    const again = await call('createContainer', { body: { ...input, name: input.name.toLowerCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ issues: [{ path: 'name', message: 'number_taken' }] });
    const backwards = await call('createContainer', {
      body: { ...input, name: 'TEST 100002-2', departure_date: '2026-12-10', arrival_date: '2026-12-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ issues: [{ path: 'arrival_date' }] });
  });

  it('loads orders of its origin within its capacity, all or none, and unloads them until sealed', async () => {
    const { id } = (await call('createContainer', { body: { ...input, name: 'TEST 100003-3' } })).body as {
      id: number;
    };
    const small = await newOrder(8, 'confirmed');
    const large = await newOrder(15, 'draft');
    const loadable = ((await call('getContainer', { params: { id } })).body as { loadable: { id: number }[] })
      .loadable;
    expect(loadable.map((order) => order.id)).toEqual(expect.arrayContaining([small.id, large.id]));

    // 23 CBM in a 20 CBM container: refused, and neither is loaded.
    const over = await call('loadContainer', { params: { id }, body: { order_ids: [small.id, large.id] } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'order_ids', message: 'over_capacity' }] });
    const stored = await db()
      .selectFrom('shipping_orders')
      .select('container_id')
      .where('id', 'in', [small.id, large.id])
      .execute();
    expect(stored.every((row) => row.container_id === null)).toBe(true);

    // Another origin's order is refused.
    const china = await newOrder(1, 'confirmed', 'china');
    const elsewhere = await call('loadContainer', { params: { id }, body: { order_ids: [china.id] } });
    expect(elsewhere.status).toBe(400);

    const loaded = await call('loadContainer', { params: { id }, body: { order_ids: [small.id] } });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ status: 'loading', used_cbm: 8, orders: [{ id: small.id }] });

    // Its capacity may not fall below what it holds, nor its origin change while it holds orders.
    const below = await call('updateContainer', {
      params: { id },
      body: { ...input, name: 'TEST 100003-3', capacity_cbm: 5, status: 'loading' },
    });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ issues: [{ path: 'capacity_cbm', message: 'below_used' }] });
    const moved = await call('updateContainer', {
      params: { id },
      body: { ...input, name: 'TEST 100003-3', origin: 'china', status: 'loading' },
    });
    expect(moved.status).toBe(409);

    const sealed = await call('updateContainer', {
      params: { id },
      body: { ...input, name: 'TEST 100003-3', status: 'sealed' },
    });
    expect(sealed.status).toBe(200);
    expect((await call('unloadContainer', { params: { id, order_id: small.id } })).status).toBe(409);
    expect((await call('loadContainer', { params: { id }, body: { order_ids: [large.id] } })).status).toBe(
      409,
    );

    await call('updateContainer', {
      params: { id },
      body: { ...input, name: 'TEST 100003-3', status: 'loading' },
    });
    const unloaded = await call('unloadContainer', { params: { id, order_id: small.id } });
    expect(unloaded.status).toBe(200);
    expect(unloaded.body).toMatchObject({ orders: [], used_cbm: 0 });
    expect((await call('unloadContainer', { params: { id, order_id: small.id } })).status).toBe(404);
  });

  it('adds an event once to every order inside that still moves, and moves the container on', async () => {
    const { id } = (
      await call('createContainer', { body: { ...input, name: 'TEST 100004-4', capacity_cbm: 60 } })
    ).body as { id: number };
    const confirmed = await newOrder(3, 'confirmed');
    const draft = await newOrder(4, 'draft');
    const cancelled = await newOrder(5, 'confirmed');
    await call('loadContainer', {
      params: { id },
      body: { order_ids: [confirmed.id, draft.id, cancelled.id] },
    });
    await db()
      .updateTable('shipping_orders')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.id)
      .execute();
    const departed = {
      milestone: 'departed_origin',
      place: 'Nhava Sheva',
      event_time: new Date(Date.now() - 3600_000).toISOString(),
      note: 'On board',
    };

    const future = await call('addContainerEvent', {
      params: { id },
      body: { ...departed, event_time: new Date(Date.now() + 86400_000).toISOString() },
    });
    expect(future.status).toBe(400);
    const withDraft = await call('addContainerEvent', { params: { id }, body: departed });
    expect(withDraft.status).toBe(409);
    expect((withDraft.body as { error: string }).error).toContain(draft.name);
    expect(
      await db().selectFrom('container_events').select('id').where('container_id', '=', id).execute(),
    ).toEqual([]);

    await db()
      .updateTable('shipping_orders')
      .set({ status: 'confirmed' })
      .where('id', '=', draft.id)
      .execute();
    const added = await call('addContainerEvent', { params: { id }, body: departed });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      status: 'departed',
      departure_date: departed.event_time.slice(0, 10),
      events: [
        { milestone: 'departed_origin', place: 'Nhava Sheva', orders: 2, created_by: expect.any(String) },
      ],
    });
    for (const order of [confirmed, draft]) {
      const detail = await bo.call('getShippingOrder', { params: { id: order.id }, session: sessions.admin });
      const body = detail.body as {
        status: string;
        tracking: { milestone: string; container?: string | null }[];
      };
      expect(body.status).toBe('in_transit');
      expect(body.tracking.at(-1)).toMatchObject({
        milestone: 'departed_origin',
        container: 'TEST 100004-4',
      });
    }
    const untouched = await db()
      .selectFrom('shipment_tracking')
      .select('id')
      .where('shipping_order_id', '=', cancelled.id)
      .execute();
    expect(untouched).toEqual([]);
    // A departed container takes no more orders.
    const late = await newOrder(1, 'confirmed');
    expect((await call('loadContainer', { params: { id }, body: { order_ids: [late.id] } })).status).toBe(
      409,
    );
  });
});
