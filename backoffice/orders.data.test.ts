/**
 * Shipping orders, their timelines and containers on both engines: tab counts and sums, the latest
 * place, conversions and milestones racing on one row, yearly numbers.
 */
import type { Milestone } from '@contract';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@contract';
import { EVERY_CUSTOMER } from './access';
import { createContainer, listContainers, openContainers } from './containers';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import {
  createOrderFromRequest,
  findShippingOrder,
  insertShippingOrder,
  listShippingOrders,
  orderSummary,
  type NewShippingOrder,
} from './orders';
import { createShippingRequest, reviewShippingRequest } from './requests';
import { addTrackingEvent, listTracking, updateTrackingEvent } from './tracking';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-orders-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-11-24T10:00:00.000Z');
const at = (hours: number) => new Date(now.getTime() + hours * 60 * 60 * 1000);

async function customer(db: Database, name: string) {
  const partner = await db
    .insertInto('partners')
    .values({ name, referral_code: `R-${name}`, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      password_hash: 'x',
      first_name: name,
      partner_id: partner.id,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { partnerId: partner.id, userId: user.id };
}

const order = (partnerId: number, more: Partial<NewShippingOrder> = {}): NewShippingOrder => ({
  partnerId,
  requestId: null,
  status: 'confirmed',
  category: 'footwear',
  containerType: 'groupage',
  cbm: 1.25,
  origin: 'china',
  supplierId: null,
  shippingMark: null,
  invoiceStatus: 'not_invoiced',
  totalInvoiceCents: 0,
  loanId: null,
  containerId: null,
  expectedArrival: null,
  ...more,
});

const event = (milestone: Milestone, hours: number) => ({
  milestone,
  place: `Place of ${milestone}`,
  eventTime: at(hours).toISOString(),
  note: null,
});

describe.each(ENGINES)('shipping orders on $engine', ({ engine, available }) => {
  it.skipIf(!available)('number, count per tab, sum and page alike, with the latest place', async () => {
    const db = await open(engine);
    const nile = await customer(db, 'Nile Star');
    const jade = await customer(db, 'Jade Harbor');
    const loan = await db
      .insertInto('loans')
      .values({
        name: 'LN-2026-0001',
        partner_id: nile.partnerId,
        principal_cents: 100,
        interest_rate: 1,
        term_months: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statuses: OrderStatus[] = [
      'draft',
      'confirmed',
      'in_transit',
      'delivered',
      'delivered',
      'cancelled',
    ];
    const ids: number[] = [];
    for (const [index, status] of statuses.entries())
      ids.push(
        await insertShippingOrder(
          db,
          order(nile.partnerId, {
            status,
            cbm: 1.25 + index,
            loanId: index % 2 === 0 ? loan.id : null,
            shippingMark: `NST/${index}`,
            category: index === 0 ? 'electronics_accessories' : 'footwear',
          }),
          at(index),
        ),
      );
    await insertShippingOrder(db, order(jade.partnerId), at(10));
    const first = await findShippingOrder(db, EVERY_CUSTOMER, ids[0]!);
    expect(first?.name).toBe('SO-2026-0001');
    expect((await findShippingOrder(db, EVERY_CUSTOMER, ids[5]!))?.name).toBe('SO-2026-0006');

    const list = await listShippingOrders(db, {
      scope: nile.partnerId,
      tab: 'show_all',
      limit: 2,
      offset: 1,
    });
    expect(list.counts).toEqual({ show_all: 6, in_progress: 2, completed: 2, financed: 3 });
    expect(list.total).toBe(6);
    expect(list.orders.map((one) => one.id)).toEqual([ids[4], ids[3]]);
    const financed = await listShippingOrders(db, { scope: null, tab: 'financed', limit: 10, offset: 0 });
    expect(financed.total).toBe(3);
    expect(financed.orders.every((one) => one.loan_name === 'LN-2026-0001')).toBe(true);
    // The category's English name, the mark and the customer, ignoring case.
    const search = (text: string) =>
      listShippingOrders(db, { scope: null, tab: 'show_all', search: text, limit: 10, offset: 0 });
    expect((await search('ELECTRONICS')).orders.map((one) => one.id)).toEqual([ids[0]]);
    expect((await search('nst/5')).orders.map((one) => one.id)).toEqual([ids[5]]);
    expect((await search('JADE')).counts.show_all).toBe(1);
    expect((await search('nobody')).counts).toEqual({
      show_all: 0,
      in_progress: 0,
      completed: 0,
      financed: 0,
    });

    // No event: no place; the latest event by time (not by entry) gives it.
    expect(list.orders[0]?.location).toBeNull();
    // The delivered order's timeline, as staff keep it: cleared, then events entered out of time order
    // (the delivery last: after it the timeline is closed).
    await db.updateTable('shipping_orders').set({ status: 'cleared' }).where('id', '=', ids[4]!).execute();
    await addTrackingEvent(db, ids[4]!, event('delayed', 40), nile.userId, at(31));
    await addTrackingEvent(db, ids[4]!, event('delivered', 30), nile.userId, at(32));
    const relisted = await listShippingOrders(db, {
      scope: nile.partnerId,
      tab: 'completed',
      limit: 1,
      offset: 0,
    });
    expect(relisted.orders[0]?.location).toBe('Place of delayed');

    const summary = await orderSummary(db, nile.partnerId);
    expect(summary.by_status).toEqual({
      draft: 1,
      confirmed: 1,
      in_transit: 1,
      arrived: 0,
      cleared: 0,
      delivered: 2,
      cancelled: 1,
    });
    expect(summary.financed).toBe(3);
    expect(summary.total_cbm_in_progress).toBe(2.25 + 3.25);
    expect(await orderSummary(db, 9999)).toMatchObject({ financed: 0, total_cbm_in_progress: 0 });
  });

  it.skipIf(!available)('move an order forward only, each event from the status the other left', async () => {
    const db = await open(engine);
    const { partnerId, userId } = await customer(db, 'Tracker');
    const id = await insertShippingOrder(db, order(partnerId, { status: 'confirmed' }), now);
    // Two milestones at once: whichever comes second sees the first's status.
    await Promise.all([
      addTrackingEvent(db, id, event('customs_cleared', 5), userId, at(5)),
      addTrackingEvent(db, id, event('departed_origin', 1), userId, at(6)),
    ]);
    const moved = await findShippingOrder(db, EVERY_CUSTOMER, id);
    expect(moved?.status).toBe('cleared');
    expect(moved?.receipt_issued_at).toBe(at(5).toISOString());
    expect(moved?.tracking.map((one) => one.milestone)).toEqual(['departed_origin', 'customs_cleared']);
    expect(moved?.tracking[0]?.created_by).toBe('Tracker');
    // Corrected later: the status follows the timeline (back as well); the receipt keeps its first date.
    const [, cleared] = await listTracking(db, EVERY_CUSTOMER, id);
    const corrected = await updateTrackingEvent(db, cleared!.id, event('arrived_destination', 4), at(40));
    expect(corrected).toMatchObject({ milestone: 'arrived_destination', updated_at: at(40).toISOString() });
    expect(await findShippingOrder(db, EVERY_CUSTOMER, id)).toMatchObject({
      status: 'arrived',
      receipt_issued_at: at(5).toISOString(),
      updated_at: at(40).toISOString(),
    });
    expect(await updateTrackingEvent(db, 9999, event('delivered', 1), at(41))).toBeNull();
    expect(await addTrackingEvent(db, 9999, event('delivered', 1), userId, at(41))).toBeNull();
  });

  it.skipIf(!available)('give an approved request one order, however many conversions race', async () => {
    const db = await open(engine);
    const { partnerId, userId } = await customer(db, 'Converter');
    const requestOf = async () =>
      createShippingRequest(
        db,
        {
          partnerId,
          emailFrom: 'converter@example.com',
          name: 'Request',
          service: 'shipping',
          origin: null,
          description: '',
          expectedRevenue: 0,
          attachments: [],
        },
        now,
      );
    const approved = await requestOf();
    await reviewShippingRequest(
      db,
      { id: approved, status: 'approved', note: null, reviewerId: userId },
      now,
    );
    const pending = await requestOf();
    const input = (requestId: number, supplierId: number | null = null) => ({
      requestId,
      category: 'footwear' as const,
      containerType: 'groupage' as const,
      cbm: 2,
      origin: 'india' as const,
      supplierId,
      shippingMark: null,
    });
    expect(await createOrderFromRequest(db, input(pending), now)).toBe('not_approved');
    expect(await createOrderFromRequest(db, input(9999), now)).toBe('not_found');
    expect(await createOrderFromRequest(db, input(approved, 9999), now)).toBe('unknown_supplier');
    const outcomes = await Promise.all(
      Array.from({ length: 3 }, () => createOrderFromRequest(db, input(approved), now)),
    );
    const made = outcomes.filter((outcome) => typeof outcome === 'object');
    expect(made).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'has_order')).toHaveLength(2);
    const orders = await listShippingOrders(db, { scope: partnerId, tab: 'show_all', limit: 10, offset: 0 });
    expect(orders.orders).toMatchObject([{ request_id: approved, status: 'confirmed', origin: 'india' }]);
    // The refused conversions gave their numbers back.
    expect(orders.orders[0]?.name).toBe('SO-2026-0001');
    const request = await db
      .selectFrom('shipping_requests')
      .select('shipping_order_id')
      .where('id', '=', approved)
      .executeTakeFirstOrThrow();
    expect(request.shipping_order_id).toBe(orders.orders[0]?.id);
  });

  it.skipIf(!available)('fill containers with the volume of their orders not cancelled', async () => {
    const db = await open(engine);
    const { partnerId } = await customer(db, 'Shipper');
    const container = (name: string, status: 'loading' | 'departed') =>
      createContainer(
        db,
        { name, size: '20ft', status, origin: 'china', destination: 'Port Said', departureDate: null },
        now,
      );
    const empty = await container('EMPTY 1', 'loading');
    const full = await container('ABCU 1', 'loading');
    const sailed = await container('SAIL 1', 'departed');
    for (const [cbm, status] of [
      [1.1, 'confirmed'],
      [2.2, 'confirmed'],
      [5, 'cancelled'],
    ] as const)
      await insertShippingOrder(db, order(partnerId, { cbm, status, containerId: full }), now);
    await insertShippingOrder(db, order(partnerId, { containerId: sailed }), now);
    expect(await openContainers(db)).toEqual([
      { id: full, name: 'ABCU 1', origin: 'china', capacity_cbm: 33, used_cbm: 3.3 },
      { id: empty, name: 'EMPTY 1', origin: 'china', capacity_cbm: 33, used_cbm: 0 },
    ]);
    const page = await listContainers(db, { search: 'abcu', limit: 10, offset: 0 });
    expect(page.total).toBe(1);
    expect(page.containers[0]).toMatchObject({ used_cbm: 3.3, size: '20ft' });
    expect(page.containers[0]?.orders.map((one) => one.partner_name)).toEqual([
      'Shipper',
      'Shipper',
      'Shipper',
    ]);
    expect((await listContainers(db, { status: 'departed', limit: 10, offset: 0 })).containers).toHaveLength(
      1,
    );
  });
});
