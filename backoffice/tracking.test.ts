import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MILESTONE_STATUS,
  MILESTONES,
  shippingOrderDetail,
  trackingAnswer,
  trackingEvent,
  type OrderStatus,
} from '@contract';
import { statusAfter } from './tracking';
import { startTestBackoffice, signInDemoAccounts, type DemoAccount, type TestBackoffice } from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };

/** A seeded order of the first customer in this status. */
async function orderIn(status: OrderStatus, who: Who = 'client'): Promise<number> {
  const row = await bo.backoffice.database
    .selectFrom('shipping_orders')
    .select('id')
    .where('status', '=', status)
    .where('partner_id', '=', partners[who])
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw new Error(`No ${status} order`);
  return row.id;
}

async function order(id: number, who: Who = 'agent') {
  const result = await bo.call('getShippingOrder', { params: { id }, session: sessions[who] });
  expect(result.status).toBe(200);
  return shippingOrderDetail.parse(result.body);
}

async function add(body: Record<string, unknown>, who: Who = 'agent') {
  const result = await bo.call('createTrackingEvent', { body, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return trackingEvent.parse(result.body);
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

describe('statusAfter', () => {
  it('moves forward to the milestone’s status only, never back, and never a cancelled order', () => {
    expect(statusAfter('draft', 'booking_confirmed')).toBe('confirmed');
    expect(statusAfter('confirmed', 'departed_origin')).toBe('in_transit');
    expect(statusAfter('confirmed', 'delivered')).toBe('delivered');
    expect(statusAfter('delivered', 'booking_confirmed')).toBe('delivered');
    expect(statusAfter('arrived', 'departed_origin')).toBe('arrived');
    for (const milestone of MILESTONES) {
      expect(statusAfter('cancelled', milestone)).toBe('cancelled');
      if (!MILESTONE_STATUS[milestone]) expect(statusAfter('in_transit', milestone)).toBe('in_transit');
    }
  });
});

describe('POST /shipment-tracking', () => {
  it('adds an event by the staff user and moves the order forward, updating it', async () => {
    const id = await orderIn('confirmed');
    const before = await order(id);
    const event = await add({
      shipping_order_id: id,
      milestone: 'departed_origin',
      place: 'Yantian Port, Shenzhen',
      // Another offset is kept as the same moment, in UTC.
      event_time: '2030-01-01T10:00:00+08:00',
      note: 'On board MSC Aurora',
    });
    expect(event).toMatchObject({
      shipping_order_id: id,
      milestone: 'departed_origin',
      place: 'Yantian Port, Shenzhen',
      event_time: '2030-01-01T02:00:00.000Z',
      note: 'On board MSC Aurora',
      created_by: 'Omar Farouk',
    });
    const after = await order(id, 'client');
    expect(after.status).toBe('in_transit');
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(after.location).toBe('Yantian Port, Shenzhen');
    expect(after.tracking.at(-1)).toEqual(event);
  });

  it('keeps the location at the latest event by time, whenever an earlier one is added', async () => {
    const id = await orderIn('in_transit');
    const { location, status } = await order(id);
    await add({
      shipping_order_id: id,
      milestone: 'cargo_received',
      place: 'Somewhere earlier',
      event_time: '2001-01-01T00:00:00Z',
    });
    const after = await order(id);
    expect(after.location).toBe(location);
    expect(after.status).toBe(status);
    expect(after.tracking[0]!.place).toBe('Somewhere earlier');
  });

  it('never moves an order back, nor a cancelled one, and milestones without a status leave it', async () => {
    const cases: [OrderStatus, (typeof MILESTONES)[number], OrderStatus][] = [
      ['delivered', 'booking_confirmed', 'delivered'],
      ['cleared', 'arrived_destination', 'cleared'],
      ['cancelled', 'delivered', 'cancelled'],
      ['arrived', 'delayed', 'arrived'],
      ['arrived', 'out_for_delivery', 'arrived'],
      ['arrived', 'customs_cleared', 'cleared'],
    ];
    for (const [from, milestone, to] of cases) {
      const id = await orderIn(from, 'client2');
      await add(
        { shipping_order_id: id, milestone, place: 'Nansha Port, Guangzhou', event_time: hoursAgo(1) },
        'admin',
      );
      expect((await order(id)).status, `${from} + ${milestone}`).toBe(to);
    }
  });

  it('is staff work, and answers 404 for an unknown order', async () => {
    const id = await orderIn('confirmed', 'client2');
    const body = {
      shipping_order_id: id,
      milestone: 'delivered',
      place: 'Guangzhou',
      event_time: hoursAgo(1),
    };
    for (const who of ['client', 'client2'] as const) {
      const result = await bo.call('createTrackingEvent', { body, session: sessions[who] });
      expect(result.status).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
    expect((await order(id)).status).toBe('confirmed');
    const unknown = await bo.call('createTrackingEvent', {
      body: { ...body, shipping_order_id: 99999 },
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);
    const invalid = await bo.call('createTrackingEvent', {
      body: { ...body, milestone: 'teleported', place: ' ', event_time: 'yesterday' },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort()).toEqual(
      ['event_time', 'milestone', 'place'],
    );
  });
});

describe('PUT /shipment-tracking', () => {
  it('corrects an event, keeping its creator, and moves the order forward', async () => {
    const id = await orderIn('confirmed', 'client2');
    const [first] = (await order(id)).tracking;
    const corrected = await bo.call('updateTrackingEvent', {
      body: {
        id: first!.id,
        milestone: 'arrived_destination',
        place: 'Nansha Port, Guangzhou',
        event_time: hoursAgo(2),
        note: 'Corrected',
      },
      session: sessions.admin,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      id: first!.id,
      milestone: 'arrived_destination',
      place: 'Nansha Port, Guangzhou',
      note: 'Corrected',
      created_by: first!.created_by,
      created_at: first!.created_at,
    });
    expect(trackingEvent.parse(corrected.body).updated_at > first!.updated_at).toBe(true);
    const after = await order(id);
    expect(after.status).toBe('arrived');
    expect(after.tracking.find((event) => event.id === first!.id)?.milestone).toBe('arrived_destination');

    // A note left out is cleared: the whole event is sent.
    const cleared = await bo.call('updateTrackingEvent', {
      body: { id: first!.id, milestone: 'booking_confirmed', place: 'Mumbai', event_time: hoursAgo(3) },
      session: sessions.agent,
    });
    expect(cleared.body).toMatchObject({ note: null, milestone: 'booking_confirmed' });
    expect((await order(id)).status).toBe('arrived');
  });

  it('is staff work, and answers 404 for an unknown event', async () => {
    const [event] = (await order(await orderIn('delivered'))).tracking;
    const body = { id: event!.id, milestone: 'delayed', place: 'Cairo', event_time: hoursAgo(1) };
    const client = await bo.call('updateTrackingEvent', { body, session: sessions.client });
    expect(client.status).toBe(403);
    const unknown = await bo.call('updateTrackingEvent', {
      body: { ...body, id: 99999 },
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);
  });
});

describe('GET and PUT /shipment-tracking/:id', () => {
  it('answer an order’s timeline, oldest first, the same with either method', async () => {
    const id = await orderIn('delivered');
    const read = await bo.call('getShipmentTracking', { params: { id }, session: sessions.client });
    expect(read.status).toBe(200);
    const { tracking } = trackingAnswer.parse(read.body);
    expect(tracking).toEqual((await order(id)).tracking);
    expect(tracking.map((event) => event.milestone)).toEqual([
      'booking_confirmed',
      'cargo_received',
      'container_loaded',
      'departed_origin',
      'arrived_destination',
      'customs_cleared',
      'out_for_delivery',
      'delivered',
    ]);
    const put = await bo.call('getShipmentTrackingWithPut', { params: { id }, session: sessions.client });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(read.body);
    expect((await bo.call('getShipmentTracking', { params: { id }, session: sessions.agent })).body).toEqual(
      read.body,
    );
  });

  it("answers 404 for another customer's order and an unknown one", async () => {
    for (const id of [await orderIn('delivered', 'client2'), 99999]) {
      for (const name of ['getShipmentTracking', 'getShipmentTrackingWithPut'] as const) {
        const result = await bo.call(name, { params: { id }, session: sessions.client });
        expect(result.status).toBe(404);
        expect(result.body).toEqual(notFound);
      }
    }
  });
});
