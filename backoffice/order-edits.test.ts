import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingOrderDetail, staffWork, type OrderStatus, type ShippingOrderUpdate } from '@contract';
import { transitionRefusal } from './orderEdits';
import { startTestBackoffice, signInDemoAccounts, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

/** A new order of the first customer, in this status, with no timeline. */
async function newOrder(status: OrderStatus, cbm = 2): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await bo.backoffice.database
    .insertInto('shipping_orders')
    .values({
      name: `SO-2099-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
      partner_id: partners.client,
      status,
      category: 'footwear',
      container_type: 'groupage',
      cbm,
      origin: 'china',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function newContainer(capacity: number, status = 'loading', origin = 'china'): Promise<number> {
  const { id } = await bo.backoffice.database
    .insertInto('containers')
    .values({
      name: `TEST${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
      size: '20ft',
      capacity_cbm: capacity,
      status,
      origin,
      destination: 'Jebel Ali',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const unchanged: Omit<ShippingOrderUpdate, 'status'> = {
  container_id: null,
  driver_id: null,
  handler_id: null,
  expected_arrival: null,
  location: null,
  shipping_mark: null,
};

function edit(
  id: number,
  body: Partial<ShippingOrderUpdate> & { status: OrderStatus },
  who: DemoAccount = 'agent',
) {
  return bo.call('updateShippingOrder', {
    params: { id },
    body: { ...unchanged, ...body },
    session: sessions[who],
  });
}

async function edited(id: number, body: Partial<ShippingOrderUpdate> & { status: OrderStatus }) {
  const result = await edit(id, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return shippingOrderDetail.parse(result.body);
}

describe('the transitions an edit allows', () => {
  it('moves one status on, cancels before delivery, and refuses the rest with the reason', () => {
    expect(transitionRefusal('draft', 'confirmed')).toBeNull();
    expect(transitionRefusal('cleared', 'delivered')).toBeNull();
    expect(transitionRefusal('arrived', 'arrived')).toBeNull();
    expect(transitionRefusal('in_transit', 'cancelled')).toBeNull();
    expect(transitionRefusal('confirmed', 'arrived')).toBe('skip');
    expect(transitionRefusal('draft', 'delivered')).toBe('skip');
    expect(transitionRefusal('arrived', 'confirmed')).toBe('backward');
    expect(transitionRefusal('delivered', 'cancelled')).toBe('delivered');
    expect(transitionRefusal('cancelled', 'confirmed')).toBe('cancelled');
  });
});

describe('staff edit an order', () => {
  it('records the next status as its milestone, where the goods are, by whom', async () => {
    const id = await newOrder('confirmed');
    const order = await edited(id, { status: 'in_transit', location: 'Ningbo port' });
    expect(order.status).toBe('in_transit');
    expect(order.location).toBe('Ningbo port');
    expect(order.tracking).toHaveLength(1);
    expect(order.tracking[0]).toMatchObject({
      milestone: 'departed_origin',
      place: 'Ningbo port',
      created_by: expect.any(String),
    });
    // Withdrawing that event takes the status back: the timeline stays the one truth.
    const withdrawn = await bo.call('withdrawTrackingEvent', {
      params: { id: order.tracking[0]!.id },
      session: sessions.agent,
    });
    expect(withdrawn.status).toBe(200);
    const after = shippingOrderDetail.parse(
      (await bo.call('getShippingOrder', { params: { id }, session: sessions.agent })).body,
    );
    expect(after.status).toBe('confirmed');
  });

  it('keeps the fields it is given, and a next event gives the location back to the timeline', async () => {
    const id = await newOrder('confirmed');
    const driver = await bo.backoffice.database
      .selectFrom('drivers')
      .select(['id', 'name'])
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    const order = await edited(id, {
      status: 'confirmed',
      driver_id: driver.id,
      expected_arrival: '2027-01-15',
      location: 'Yiwu warehouse',
      shipping_mark: 'NS-EDIT-1',
    });
    expect(order).toMatchObject({
      status: 'confirmed',
      driver_id: driver.id,
      driver_name: driver.name,
      expected_arrival: '2027-01-15',
      location: 'Yiwu warehouse',
      shipping_mark: 'NS-EDIT-1',
    });
    expect(order.tracking).toHaveLength(0);
    const event = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: id,
        milestone: 'cargo_received',
        place: 'Shenzhen CFS',
        event_time: new Date(Date.now() - 60_000).toISOString(),
      },
      session: sessions.agent,
    });
    expect(event.status).toBe(200);
    const after = shippingOrderDetail.parse(
      (await bo.call('getShippingOrder', { params: { id }, session: sessions.client })).body,
    );
    expect(after.location).toBe('Shenzhen CFS');
  });

  it('refuses a skip, a step back and any change after delivery, saying why on the status', async () => {
    const confirmed = await newOrder('confirmed');
    const skip = await edit(confirmed, { status: 'arrived', location: 'Dubai' });
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({ issues: [{ path: 'status', message: 'skip' }] });
    const arrived = await newOrder('arrived');
    const back = await edit(arrived, { status: 'confirmed', location: 'Dubai' });
    expect(back.body).toMatchObject({ issues: [{ path: 'status', message: 'backward' }] });
    const delivered = await newOrder('delivered');
    const cancel = await edit(delivered, { status: 'cancelled', cancel_reason: 'Too late' });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ issues: [{ path: 'status', message: 'delivered' }] });
    // Nothing of a refused edit is kept.
    const skipped = await edit(confirmed, { status: 'arrived', location: 'Dubai', shipping_mark: 'LOST' });
    expect(skipped.status).toBe(409);
    const row = await bo.backoffice.database
      .selectFrom('shipping_orders')
      .select(['status', 'shipping_mark', 'location'])
      .where('id', '=', confirmed)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', shipping_mark: null, location: null });
  });

  it('asks where the goods are when the status changes and nothing says so', async () => {
    const id = await newOrder('draft');
    const result = await edit(id, { status: 'confirmed' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ issues: [{ path: 'location' }] });
  });

  it('cancels with a reason, who and when; a cancelled order keeps its status', async () => {
    const id = await newOrder('in_transit');
    const without = await edit(id, { status: 'cancelled' });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ issues: [{ path: 'cancel_reason' }] });
    const order = await edited(id, { status: 'cancelled', cancel_reason: 'The buyer called it off.' });
    expect(order).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'The buyer called it off.',
      cancelled_by: expect.any(String),
      cancelled_at: expect.any(String),
    });
    const again = await edit(id, { status: 'in_transit', location: 'Dubai' });
    expect(again.body).toMatchObject({ issues: [{ path: 'status', message: 'cancelled' }] });
    // Its other fields may still be put right.
    expect((await edited(id, { status: 'cancelled', shipping_mark: 'NS-9' })).shipping_mark).toBe('NS-9');
  });

  it('loads a container only within its capacity, counting the orders already in it', async () => {
    const container = await newContainer(10);
    const first = await newOrder('confirmed', 6);
    expect((await edited(first, { status: 'confirmed', container_id: container })).container_id).toBe(
      container,
    );
    const second = await newOrder('confirmed', 5);
    const over = await edit(second, { status: 'confirmed', container_id: container });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ issues: [{ path: 'container_id', message: 'over_capacity' }] });
    const fits = await newOrder('confirmed', 4);
    expect((await edited(fits, { status: 'confirmed', container_id: container })).container_name).toMatch(
      /^TEST/,
    );
    const unknown = await edit(second, { status: 'confirmed', container_id: 999_999 });
    expect(unknown.body).toMatchObject({ issues: [{ path: 'container_id' }] });
    // A sealed container takes no more orders; a container of another origin takes none.
    const sealed = await edit(second, {
      status: 'confirmed',
      container_id: await newContainer(50, 'sealed'),
    });
    expect(sealed.status).toBe(409);
    expect(sealed.body).toMatchObject({ issues: [{ path: 'container_id', message: 'closed' }] });
    const dubai = await edit(second, {
      status: 'confirmed',
      container_id: await newContainer(50, 'planned', 'dubai'),
    });
    expect(dubai.status).toBe(409);
    expect(dubai.body).toMatchObject({ issues: [{ path: 'container_id', message: 'origin' }] });
    const driver = await edit(second, { status: 'confirmed', driver_id: 999_999 });
    expect(driver.body).toMatchObject({ issues: [{ path: 'driver_id' }] });
  });

  it('is staff work: a client is refused, an unknown order is not found', async () => {
    const id = await newOrder('confirmed');
    expect((await edit(id, { status: 'confirmed' }, 'client')).status).toBe(403);
    expect((await edit(999_999, { status: 'confirmed' })).status).toBe(404);
    expect((await edit(id, { status: 'confirmed', shipping_mark: 'ADMIN' }, 'admin')).status).toBe(200);
  });
});

describe("an order's delivery", () => {
  it('is planned on the edit (driver and day), and done with who received it: the Delivered event', async () => {
    const id = await newOrder('cleared');
    const driver = await bo.backoffice.database
      .selectFrom('drivers')
      .select('id')
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const planned = await edited(id, {
      status: 'cleared',
      driver_id: driver.id,
      delivery_date: '2026-12-02',
      location: 'Jebel Ali customs',
    });
    expect(planned).toMatchObject({ driver_id: driver.id, delivery_date: '2026-12-02' });
    const listed = await bo.call('listShippingOrders', {
      query: { driver_id: driver.id, limit: 100 },
      session: sessions.agent,
    });
    const ids = (listed.body as { orders: { id: number; driver_id: number | null }[] }).orders;
    expect(ids.map((order) => order.id)).toContain(id);
    expect(ids.every((order) => order.driver_id === driver.id)).toBe(true);

    const done = await bo.call('completeDelivery', {
      params: { id },
      body: { received_by: 'Hoda Samir' },
      session: sessions.agent,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const order = shippingOrderDetail.parse(done.body);
    expect(order).toMatchObject({ status: 'delivered', received_by: 'Hoda Samir' });
    expect(order.tracking.at(-1)).toMatchObject({
      milestone: 'delivered',
      place: 'Jebel Ali customs',
      note: 'Hoda Samir',
    });
    // A mistaken delivery withdrawn: the order is cleared again, and nobody has received the goods.
    const withdrawn = await bo.call('withdrawTrackingEvent', {
      params: { id: order.tracking.at(-1)!.id },
      session: sessions.agent,
    });
    expect(withdrawn.status).toBe(200);
    const again = shippingOrderDetail.parse(
      (await bo.call('getShippingOrder', { params: { id }, session: sessions.client })).body,
    );
    expect(again).toMatchObject({ status: 'cleared', received_by: null });
  });

  it('is done only for an order whose next step is delivery, and by staff', async () => {
    const inTransit = await newOrder('in_transit');
    const early = await bo.call('completeDelivery', {
      params: { id: inTransit },
      body: { received_by: 'Someone', place: 'Dubai' },
      session: sessions.agent,
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ issues: [{ path: 'status', message: 'skip' }] });
    const cleared = await newOrder('cleared');
    const nowhere = await bo.call('completeDelivery', {
      params: { id: cleared },
      body: { received_by: 'Someone' },
      session: sessions.agent,
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toMatchObject({ issues: [{ path: 'location' }] });
    const client = await bo.call('completeDelivery', {
      params: { id: cleared },
      body: { received_by: 'Me', place: 'Home' },
      session: sessions.client,
    });
    expect(client.status).toBe(403);
  });
});

describe('what waits for staff', () => {
  it('counts pending requests by kind, stale orders and deliveries today, and lists the orders behind each', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const work = async () => {
      const result = await bo.call('staffWork', { session: sessions.agent });
      expect(result.status).toBe(200);
      return staffWork.parse(result.body);
    };
    const before = await work();
    expect(before.pending_requests).toBeGreaterThanOrEqual(
      before.quotation_requests + before.finance_requests,
    );

    // An order under way for a month with no news: stale. One to deliver today: counted.
    const stale = await newOrder('in_transit');
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
    await bo.backoffice.database
      .updateTable('shipping_orders')
      .set({ created_at: monthAgo })
      .where('id', '=', stale)
      .execute();
    const toDeliver = await newOrder('cleared');
    await edited(toDeliver, { status: 'cleared', delivery_date: today, location: 'Dubai' });
    const after = await work();
    expect(after.stale_orders).toBe(before.stale_orders + 1);
    expect(after.deliveries_today).toBe(before.deliveries_today + 1);

    const listed = async (attention: string) =>
      (
        (await bo.call('listShippingOrders', { query: { attention, limit: 100 }, session: sessions.agent }))
          .body as { orders: { id: number }[] }
      ).orders.map((order) => order.id);
    expect(await listed('stale')).toContain(stale);
    expect(await listed('delivery_today')).toEqual(expect.arrayContaining([toDeliver]));
    expect(await listed('delivery_today')).not.toContain(stale);

    // News within the week: no longer stale. Delivered: no longer to deliver.
    const event = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: stale,
        milestone: 'delayed',
        place: 'Suez canal',
        event_time: new Date(Date.now() - 3600_000).toISOString(),
      },
      session: sessions.agent,
    });
    expect(event.status).toBe(200);
    expect(
      (
        await bo.call('completeDelivery', {
          params: { id: toDeliver },
          body: { received_by: 'Ali' },
          session: sessions.agent,
        })
      ).status,
    ).toBe(200);
    expect(await work()).toMatchObject({
      stale_orders: before.stale_orders,
      deliveries_today: before.deliveries_today,
    });
    expect((await bo.call('staffWork', { session: sessions.client })).status).toBe(403);
  });
});
