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

/** An order in this status: a seeded one, or a new draft (the demo data has few drafts to spare). */
async function draftOr(status: OrderStatus): Promise<number> {
  if (status !== 'draft') return orderIn(status, 'client2');
  const { id } = await bo.backoffice.database
    .insertInto('shipping_orders')
    .values({
      name: `SO-2099-${String(Math.floor(Math.random() * 9000) + 1000)}`,
      partner_id: partners.client,
      status: 'draft',
      category: 'footwear',
      container_type: 'groupage',
      cbm: 2,
      origin: 'china',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
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
/** A minute ago, to the second. */
const minuteAgo = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
/** A moment written with China's offset (+08:00). */
const inChinaTime = (moment: Date) =>
  `${new Date(moment.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

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
      event_time: inChinaTime(minuteAgo),
      note: 'On board MSC Aurora',
    });
    expect(event).toMatchObject({
      shipping_order_id: id,
      milestone: 'departed_origin',
      place: 'Yantian Port, Shenzhen',
      event_time: minuteAgo.toISOString(),
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

  it('never moves an order back, and milestones without a status leave it', async () => {
    const cases: [OrderStatus, (typeof MILESTONES)[number], OrderStatus][] = [
      ['cleared', 'arrived_destination', 'cleared'],
      ['arrived', 'delayed', 'arrived'],
      ['arrived', 'out_for_delivery', 'arrived'],
      ['arrived', 'customs_cleared', 'cleared'],
      ['draft', 'booking_confirmed', 'confirmed'],
    ];
    for (const [from, milestone, to] of cases) {
      const id = await draftOr(from);
      await add(
        { shipping_order_id: id, milestone, place: 'Nansha Port, Guangzhou', event_time: hoursAgo(1) },
        'admin',
      );
      expect((await order(id)).status, `${from} + ${milestone}`).toBe(to);
    }
  });

  it('refuses what the rules forbid, saying why, and changes nothing', async () => {
    const cases: [OrderStatus, (typeof MILESTONES)[number], string][] = [
      ['delivered', 'booking_confirmed', 'The order is delivered'],
      ['cancelled', 'delivered', 'The order is cancelled'],
      ['draft', 'delivered', 'The order is a draft'],
      ['draft', 'departed_origin', 'The order is a draft'],
    ];
    for (const [from, milestone, error] of cases) {
      const id = await draftOr(from);
      const before = await order(id);
      const result = await bo.call('createTrackingEvent', {
        body: { shipping_order_id: id, milestone, place: 'Nansha', event_time: hoursAgo(1) },
        session: sessions.agent,
      });
      expect(result.status, `${from} + ${milestone}`).toBe(409);
      expect(result.body).toMatchObject({
        error: expect.stringContaining(error),
        issues: [{ path: 'milestone' }],
      });
      const after = await order(id);
      expect(after.status).toBe(from);
      expect(after.tracking).toHaveLength(before.tracking.length);
    }
    // Not dated in the future (beyond a few minutes of clock difference).
    const future = await bo.call('createTrackingEvent', {
      body: {
        shipping_order_id: await orderIn('in_transit'),
        milestone: 'delayed',
        place: 'At sea',
        event_time: new Date(Date.now() + 3600_000).toISOString(),
      },
      session: sessions.agent,
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ issues: [{ path: 'event_time' }] });
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
    // The status follows the corrected timeline, back as well.
    expect((await order(id)).status).toBe('confirmed');
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

describe('POST /shipment-tracking/:id/withdraw', () => {
  it('keeps a mistaken event, marked withdrawn, and the status follows the events that stand', async () => {
    const id = await orderIn('in_transit');
    const mistaken = await add({
      shipping_order_id: id,
      milestone: 'delivered',
      place: 'Cairo',
      event_time: hoursAgo(1),
    });
    expect((await order(id)).status).toBe('delivered');
    const withdrawn = await bo.call('withdrawTrackingEvent', {
      params: { id: mistaken.id },
      session: sessions.admin,
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(trackingEvent.parse(withdrawn.body)).toMatchObject({
      id: mistaken.id,
      withdrawn_at: expect.any(String),
      withdrawn_by: expect.any(String),
    });
    const after = await order(id, 'client');
    expect(after.status).toBe('in_transit');
    expect(after.tracking.find((event) => event.id === mistaken.id)?.withdrawn_at).toBeTruthy();
    // Once only; a withdrawn event is not corrected either.
    const again = await bo.call('withdrawTrackingEvent', {
      params: { id: mistaken.id },
      session: sessions.agent,
    });
    expect(again.status).toBe(409);
    const corrected = await bo.call('updateTrackingEvent', {
      body: { id: mistaken.id, milestone: 'delayed', place: 'Cairo', event_time: hoursAgo(1) },
      session: sessions.agent,
    });
    expect(corrected.status).toBe(409);
    expect(corrected.body).toEqual({ error: 'This tracking event was withdrawn', code: 'conflict' });
  });

  it('is staff work (403), and answers 404 for an unknown event', async () => {
    const [event] = (await order(await orderIn('delivered'))).tracking;
    for (const who of ['client', 'client2'] as const) {
      const result = await bo.call('withdrawTrackingEvent', {
        params: { id: event!.id },
        session: sessions[who],
      });
      expect(result.status).toBe(403);
    }
    const unknown = await bo.call('withdrawTrackingEvent', {
      params: { id: 99_999 },
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);
    expect((await order(await orderIn('delivered'))).tracking.every((one) => !one.withdrawn_at)).toBe(true);
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
