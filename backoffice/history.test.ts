// A record's history: who did what, when and what changed, for staff; the entries meant for the
// customer on its own orders and loans; nothing of another customer's, nor of the forwarder's own work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyAnswer, type HistoryRecord, type ShippingOrderUpdate } from '@contract';
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

async function history(recordType: HistoryRecord, id: number, who: DemoAccount) {
  const result = await bo.call('getHistory', {
    params: { record_type: recordType, id },
    session: sessions[who],
  });
  return {
    status: result.status,
    events: result.status === 200 ? historyAnswer.parse(result.body).events : [],
  };
}

async function newOrder(): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await bo.backoffice.database
    .insertInto('shipping_orders')
    .values({
      name: `SO-2098-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
      partner_id: partners.client,
      status: 'confirmed',
      category: 'footwear',
      container_type: 'groupage',
      cbm: 2,
      origin: 'china',
      created_at: now,
      updated_at: now,
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

describe("an order's history", () => {
  it('says who changed what; the customer reads the cancellation, not the staff work', async () => {
    const id = await newOrder();
    const edit = (body: Partial<ShippingOrderUpdate>) =>
      bo.call('updateShippingOrder', {
        params: { id },
        body: { ...unchanged, status: 'confirmed', ...body },
        session: sessions.agent,
      });
    expect((await edit({ shipping_mark: 'NS-1', location: 'Shenzhen' })).status).toBe(200);
    expect((await edit({ shipping_mark: 'NS-1', location: 'Shenzhen' })).status).toBe(200);
    const event = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: id,
        milestone: 'cargo_received',
        place: 'Shenzhen',
        event_time: new Date().toISOString(),
      },
      session: sessions.agent,
    });
    expect(event.status).toBe(200);
    expect(
      (await edit({ status: 'cancelled', cancel_reason: 'The buyer called it off', shipping_mark: 'NS-1' }))
        .status,
    ).toBe(200);

    const staff = await history('order', id, 'admin');
    expect(staff.events.map((entry) => entry.action)).toEqual(['edited', 'tracking_added', 'cancelled']);
    expect(staff.events[0]).toMatchObject({
      by: 'Omar Farouk',
      changes: {
        shipping_mark: { before: null, after: 'NS-1' },
        location: { before: null, after: 'Shenzhen' },
      },
    });
    expect(staff.events[1]).toMatchObject({
      changes: { milestone: { before: null, after: 'cargo_received' } },
      note: 'Shenzhen',
    });
    expect(staff.events[2]).toMatchObject({ note: 'The buyer called it off', changes: null });

    const customer = await history('order', id, 'client');
    expect(customer.events.map((entry) => entry.action)).toEqual(['cancelled']);
    expect((await history('order', id, 'client2')).status).toBe(404);
  });
});

describe("a container's history", () => {
  it('keeps its creation, edits, the orders loaded and its events; the admin’s only', async () => {
    const input = {
      name: 'HIST 000001-1',
      kind: 'dry',
      size: '20ft',
      capacity_cbm: 33,
      status: 'planned',
      origin: 'china',
      destination: 'Port Said',
      departure_date: null,
      arrival_date: null,
    };
    const created = await bo.call('createContainer', { body: input, session: sessions.admin });
    const containerId = (created.body as { id: number }).id;
    await bo.call('updateContainer', {
      params: { id: containerId },
      body: { ...input, vessel: 'MSC Aurora' },
      session: sessions.admin,
    });
    const orderId = await newOrder();
    await bo.call('loadContainer', {
      params: { id: containerId },
      body: { order_ids: [orderId] },
      session: sessions.admin,
    });
    const { events } = await history('container', containerId, 'admin');
    expect(events.map((entry) => entry.action)).toEqual(['created', 'edited', 'loaded']);
    expect(events[1]?.changes).toEqual({ vessel: { before: null, after: 'MSC Aurora' } });
    // The order's history says it went in.
    const order = await history('order', orderId, 'agent');
    expect(order.events.at(-1)).toMatchObject({
      action: 'edited',
      changes: { container_name: { before: null, after: 'HIST 000001-1' } },
    });
    expect((await history('container', containerId, 'agent')).status).toBe(403);
    expect((await history('container', containerId, 'client')).status).toBe(403);
  });
});

describe("a customer's and a loan's history", () => {
  it('keeps the customer’s creation, corrections and invitation for staff', async () => {
    const body = {
      name: 'History Customer',
      phone: '+20 100 731 2284',
      email: 'history@customer.example',
      national_id: 'HIST-1',
      client_type: 'company' as const,
      business_industry: 'Textiles',
    };
    const created = await bo.call('createCustomer', { body, session: sessions.agent });
    const id = (created.body as { id: number }).id;
    await bo.call('updateCustomer', {
      params: { id },
      body: { ...body, business_industry: 'Furniture' },
      session: sessions.admin,
    });
    await bo.call('inviteCustomer', { params: { id }, body: { language: 'fr' }, session: sessions.agent });
    const { events } = await history('customer', id, 'agent');
    expect(events.map((entry) => entry.action)).toEqual(['created', 'edited', 'invited']);
    expect(events[1]).toMatchObject({
      by: 'Amina Haddad',
      changes: { business_industry: { before: 'Textiles', after: 'Furniture' } },
    });
    expect((await history('customer', id, 'client')).status).toBe(403);
  });

  it('tells the customer its loan was approved; another customer gets 404', async () => {
    const loan = await bo.backoffice.database
      .selectFrom('loans')
      .select(['id', 'name'])
      .where('partner_id', '=', partners.client)
      .where('state', '=', 'requested')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const decided = await bo.call('decideLoan', {
      params: { number: loan.name },
      body: { state: 'approved', note: 'Terms as agreed.' },
      session: sessions.agent,
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const mine = await history('loan', loan.id, 'client');
    expect(mine.events).toEqual([expect.objectContaining({ action: 'approved', note: 'Terms as agreed.' })]);
    expect((await history('loan', loan.id, 'client2')).status).toBe(404);
  });
});
