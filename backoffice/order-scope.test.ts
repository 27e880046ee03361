// Which orders each role sees and works on (decision record 049): a customer its own, an administrator
// all, a warehouse agent those leaving their warehouse's origin and those they handle (all without a
// warehouse). Outside it, every read and change of the order is "not found".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingOrdersAnswer } from '@contract';
import { startTestBackoffice, signInDemoAccounts, type DemoAccount, type TestBackoffice } from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };
const users: Record<DemoAccount, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});

/** A seeded order under way leaving this origin, with a tracking event and a document when asked. */
async function orderFrom(origin: string) {
  return bo.backoffice.database
    .selectFrom('shipping_orders as o')
    .select(['o.id', 'o.status'])
    .where('o.origin', '=', origin)
    .where('o.status', 'in', ['confirmed', 'in_transit', 'arrived'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('shipment_tracking as t').select('t.id').whereRef('t.shipping_order_id', '=', 'o.id'),
      ),
    )
    .orderBy('o.id')
    .executeTakeFirstOrThrow();
}

async function firstEvent(orderId: number) {
  return (
    await bo.backoffice.database
      .selectFrom('shipment_tracking')
      .select('id')
      .where('shipping_order_id', '=', orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const warehouse = {
  name: 'Dubai cross-dock',
  address: 'Jebel Ali Free Zone, Dubai',
  origin: 'dubai',
};

const as = (who: DemoAccount) => sessions[who];

async function listedIds(who: DemoAccount, query: Record<string, string | number> = {}) {
  const result = await bo.call('listShippingOrders', { query: { limit: 100, ...query }, session: as(who) });
  expect(result.status).toBe(200);
  return shippingOrdersAnswer.parse(result.body).orders.map((order) => order.id);
}

describe("a warehouse agent's orders", () => {
  it('are every order until the agent sets a warehouse', async () => {
    const china = await orderFrom('china');
    expect(
      (await bo.call('getShippingOrder', { params: { id: china.id }, session: as('agent') })).status,
    ).toBe(200);
  });

  it("are the warehouse's and those the agent handles; any other is not found, to read or to change", async () => {
    expect((await bo.call('updateWarehouse', { body: warehouse, session: as('agent') })).status).toBe(200);
    try {
      const dubai = await orderFrom('dubai');
      const china = await orderFrom('china');
      const chinaEvent = await firstEvent(china.id);
      const eventsBefore = await bo.backoffice.database
        .selectFrom('shipment_tracking')
        .select('id')
        .where('shipping_order_id', '=', china.id)
        .execute();

      const listed = await listedIds('agent');
      expect(listed).toContain(dubai.id);
      expect(listed).not.toContain(china.id);
      // The origin filter cannot widen the scope.
      expect(await listedIds('agent', { origin: 'china' })).toEqual([]);
      const summary = await bo.call('shippingOrderSummary', { session: as('agent') });
      const all = await bo.call('shippingOrderSummary', { session: as('admin') });
      const count = (body: unknown) =>
        Object.values((body as { by_status: Record<string, number> }).by_status).reduce((a, b) => a + b, 0);
      expect(count(summary.body)).toBeLessThan(count(all.body));

      expect(
        (await bo.call('getShippingOrder', { params: { id: dubai.id }, session: as('agent') })).status,
      ).toBe(200);
      const refusals = {
        read: await bo.call('getShippingOrder', { params: { id: china.id }, session: as('agent') }),
        timeline: await bo.call('getShipmentTracking', { params: { id: china.id }, session: as('agent') }),
        share: await bo.call('shareClearanceReceipt', { params: { id: china.id }, session: as('agent') }),
        edit: await bo.call('updateShippingOrder', {
          params: { id: china.id },
          body: {
            status: china.status,
            container_id: null,
            driver_id: null,
            handler_id: null,
            expected_arrival: null,
          },
          session: as('agent'),
        }),
        event: await bo.call('createTrackingEvent', {
          body: {
            shipping_order_id: china.id,
            milestone: 'delayed',
            place: 'Yard',
            event_time: new Date(Date.now() - 60_000).toISOString(),
          },
          session: as('agent'),
        }),
        withdraw: await bo.call('withdrawTrackingEvent', {
          params: { id: chinaEvent },
          session: as('agent'),
        }),
      };
      for (const [what, result] of Object.entries(refusals)) expect(result.status, what).toBe(404);
      // Nothing was changed by the refused calls.
      const events = await bo.backoffice.database
        .selectFrom('shipment_tracking')
        .select(['id', 'withdrawn_at'])
        .where('shipping_order_id', '=', china.id)
        .execute();
      expect(events.find((event) => event.id === chinaEvent)?.withdrawn_at).toBeNull();
      expect(events).toHaveLength(eventsBefore.length);

      // A tracking event sent with an Idempotency-Key (read in the call's own transaction): in the scope
      // it is added, outside it not found.
      const keyed = (orderId: number, key: string) =>
        bo.call('createTrackingEvent', {
          body: {
            shipping_order_id: orderId,
            milestone: 'delayed',
            place: 'Jebel Ali yard',
            event_time: new Date(Date.now() - 60_000).toISOString(),
          },
          headers: { 'Idempotency-Key': key },
          session: as('agent'),
        });
      expect((await keyed(dubai.id, `order-scope-in-${dubai.id}-0000`)).status).toBe(200);
      expect((await keyed(china.id, `order-scope-out-${china.id}-0000`)).status).toBe(404);

      // The administrator hands the order to the agent: it is theirs to see and work on.
      const order = await bo.call('getShippingOrder', { params: { id: china.id }, session: as('admin') });
      const current = order.body as {
        status: string;
        container_id: number | null;
        expected_arrival: string | null;
      };
      const handed = await bo.call('updateShippingOrder', {
        params: { id: china.id },
        body: {
          status: current.status,
          container_id: current.container_id,
          driver_id: null,
          handler_id: users.agent,
          expected_arrival: current.expected_arrival,
        },
        session: as('admin'),
      });
      expect(handed.status, JSON.stringify(handed.body)).toBe(200);
      expect(handed.body).toMatchObject({ handler_id: users.agent, handler_name: expect.any(String) });
      expect(
        (await bo.call('getShippingOrder', { params: { id: china.id }, session: as('agent') })).status,
      ).toBe(200);
      expect(await listedIds('agent', { origin: 'china' })).toContain(china.id);
    } finally {
      expect((await bo.call('clearWarehouse', { session: as('agent') })).status).toBe(200);
    }
  });

  it('are handed only to staff members', async () => {
    const order = await orderFrom('vietnam');
    const result = await bo.call('updateShippingOrder', {
      params: { id: order.id },
      body: {
        status: order.status,
        container_id: null,
        driver_id: null,
        handler_id: users.client,
        expected_arrival: null,
      },
      session: as('admin'),
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ issues: [{ path: 'handler_id' }] });
  });

  it("never widen a customer's: another customer's order stays not found", async () => {
    const mine = await listedIds('client');
    const theirs = await listedIds('client2');
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    const other = theirs[0]!;
    expect((await bo.call('getShippingOrder', { params: { id: other }, session: as('client') })).status).toBe(
      404,
    );
  });
});
