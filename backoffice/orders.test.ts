import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../app/catalog';
import {
  attachmentFile,
  createdAnswer,
  IN_PROGRESS_STATUSES,
  ORDER_FILTERS,
  ORDER_STATUSES,
  shippingOrderDetail,
  shippingOrdersAnswer,
  shippingOrderSummary,
  shippingRequest,
  type Milestone,
  type OrderStatus,
  type ShippingOrder,
  type TrackingEvent,
} from '@contract';
import { insertShippingOrder } from './orders';
import { demoOrders } from './seedShipping';
import {
  startTestBackoffice,
  signInDemoAccounts,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';
import { addTrackingEvent, statusAfter, updateTrackingEvent } from './tracking';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
const users: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };
/** The reference back office always sends the counts (an extension). */
const ordersAnswer = shippingOrdersAnswer.required({ counts: true });

async function list(who: Who, query: CallOptions['query'] = {}) {
  const result = await bo.call('listShippingOrders', {
    query: { limit: 100, ...query },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return ordersAnswer.parse(result.body);
}

async function detail(id: number, who: Who) {
  const result = await bo.call('getShippingOrder', { params: { id }, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return shippingOrderDetail.parse(result.body);
}

const db = () => bo.backoffice.database;
/** The number a query answers (its first row's first column), on either engine. */
const count = async (query: RawBuilder<unknown>) => {
  const { rows } = await query.execute(db());
  return Number(Object.values(rows[0] as Record<string, unknown>)[0]);
};

describe('the seeded orders', () => {
  it('give the first customer at least 40 orders in every status, and the second at least 8', async () => {
    const nile = await list('client');
    expect(nile.total).toBeGreaterThanOrEqual(40);
    expect(new Set(nile.orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    expect(nile.orders.every((order) => order.partner_name === 'Nile Star Trading')).toBe(true);
    expect(nile.counts.financed).toBeGreaterThanOrEqual(5);
    expect(nile.orders.filter((order) => order.container_id !== null).length).toBeGreaterThanOrEqual(5);
    for (const key of ['category', 'container_type', 'origin', 'invoice_status'] as const)
      expect(new Set(nile.orders.map((order) => order[key])).size, key).toBeGreaterThanOrEqual(3);
    expect(new Set(nile.orders.map((order) => order.supplier?.id)).size).toBeGreaterThanOrEqual(5);

    const jade = await list('client2');
    expect(jade.total).toBeGreaterThanOrEqual(8);
    expect(jade.orders.every((order) => order.partner_id === partners.client2)).toBe(true);
    expect(nile.total + jade.total).toBe(demoOrders.length);
  });

  it('number orders SO-YYYY-NNNN, with shipping marks like NST/2026/014, in USD', async () => {
    const { orders } = await list('admin');
    expect(new Set(orders.map((order) => order.name)).size).toBe(orders.length);
    for (const order of orders) {
      expect(order.name).toMatch(new RegExp(`^SO-${order.created_at.slice(0, 4)}-\\d{4,}$`));
      expect(order.currency).toBe('USD');
      if (order.status !== 'draft') expect(order.shipping_mark).toMatch(/^(NST|JHI)\/\d{4}\/\d{3}$/);
      if (order.invoice_status === 'not_invoiced') expect(order.total_invoice).toBe(0);
      else expect(order.total_invoice).toBeGreaterThan(0);
    }
  });

  it('give every order but drafts a timeline in the past that fits its status, by the agent', async () => {
    const { orders } = await list('admin');
    for (const order of orders) {
      const { tracking } = await detail(order.id, 'admin');
      if (order.status === 'draft') {
        expect(tracking).toEqual([]);
        expect(order.location).toBeNull();
        continue;
      }
      expect(tracking.length, order.name).toBeGreaterThan(0);
      expect(tracking.every((event) => event.created_by === 'Omar Farouk')).toBe(true);
      expect(tracking.every((event) => Date.parse(event.event_time) < Date.now())).toBe(true);
      const times = tracking.map((event) => event.event_time);
      expect(times).toEqual([...times].sort());
      expect(order.location).toBe(tracking.at(-1)!.place);
      const reached = tracking.reduce<OrderStatus>(
        (status, event) => statusAfter(status, event.milestone),
        'draft',
      );
      expect(reached, order.name).toBe(order.status === 'cancelled' ? 'confirmed' : order.status);
    }
  });

  it('link financed orders to their customer’s approved or repaid loans, and give a few documents', async () => {
    const financed = await db()
      .selectFrom('shipping_orders as o')
      .innerJoin('loans as l', 'l.id', 'o.loan_id')
      .select(['o.partner_id as order_partner', 'l.partner_id as loan_partner', 'l.state'])
      .execute();
    expect(financed.length).toBeGreaterThanOrEqual(8);
    for (const row of financed) {
      expect(row.order_partner).toBe(row.loan_partner);
      expect(['approved', 'repaid']).toContain(row.state);
    }
    expect(
      await count(sql`SELECT count(DISTINCT shipping_order_id) FROM order_documents`),
    ).toBeGreaterThanOrEqual(4);
  });

  it('leave the approved demo request without an order, for staff to convert', async () => {
    expect(
      await count(sql`SELECT count(*) FROM shipping_requests WHERE status = 'approved'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) FROM shipping_requests WHERE shipping_order_id IS NOT NULL`)).toBe(
      0,
    );
  });
});

describe('listing orders', () => {
  it("shows a client only its own customer's orders; another partner_id matches nothing", async () => {
    for (const [who, other] of [
      ['client', 'client2'],
      ['client2', 'client'],
    ] as const) {
      const own = await list(who, { partner_id: partners[who] });
      expect(own.total).toBe(
        await count(sql`SELECT count(*) FROM shipping_orders WHERE partner_id = ${partners[who]}`),
      );
      expect(await list(who, { partner_id: partners[other] })).toEqual({
        orders: [],
        total: 0,
        counts: { show_all: 0, in_progress: 0, completed: 0, financed: 0 },
      });
    }
    const all = await list('agent');
    expect(all.total).toBe(await count(sql`SELECT count(*) FROM shipping_orders`));
    expect(
      (await list('agent', { partner_id: partners.client2 })).orders.every(
        (o) => o.partner_id === partners.client2,
      ),
    ).toBe(true);
  });

  it('filters by tab, with the counts of every tab for the same search and total = the tab’s count', async () => {
    const tabs: Record<(typeof ORDER_FILTERS)[number], (order: ShippingOrder) => boolean> = {
      show_all: () => true,
      in_progress: (order) => IN_PROGRESS_STATUSES.includes(order.status),
      completed: (order) => order.status === 'delivered',
      financed: (order) => order.loan_id !== null,
    };
    const everything = (await list('client')).orders;
    const queries: Record<string, string>[] = [{}, { search: 'electronics' }, { origin: 'china' }];
    for (const query of queries) {
      const all = (await list('client', query)).orders;
      for (const tab of ORDER_FILTERS) {
        const answer = await list('client', { ...query, filter: tab });
        const expected = all.filter(tabs[tab]);
        expect(
          answer.orders.map((order) => order.id),
          tab,
        ).toEqual(expected.map((order) => order.id));
        expect(answer.total).toBe(expected.length);
        expect(answer.counts).toEqual(
          Object.fromEntries(ORDER_FILTERS.map((name) => [name, all.filter(tabs[name]).length])),
        );
      }
    }
    expect(everything.filter(tabs.financed).every((order) => order.loan_name?.startsWith('LN-'))).toBe(true);
  });

  it('filters by status and origin', async () => {
    const delivered = await list('client', { status: 'delivered' });
    expect(delivered.total).toBeGreaterThan(0);
    expect(delivered.orders.every((order) => order.status === 'delivered')).toBe(true);
    const india = await list('agent', { origin: 'india', status: 'delivered' });
    expect(india.orders.every((order) => order.origin === 'india' && order.status === 'delivered')).toBe(
      true,
    );
    expect(india.total).toBe(
      await count(sql`SELECT count(*) FROM shipping_orders WHERE origin = 'india' AND status = 'delivered'`),
    );
  });

  it('searches the order number, shipping mark, category (identifier and English name) and customer', async () => {
    const { orders } = await list('client');
    const sample = orders.find((order) => order.shipping_mark !== null)!;
    expect((await list('client', { search: sample.name.toLowerCase() })).orders.map((o) => o.id)).toEqual([
      sample.id,
    ]);
    expect((await list('client', { search: sample.shipping_mark! })).orders.map((o) => o.id)).toContain(
      sample.id,
    );

    const electronics = orders.filter((order) => order.category === 'electronics_accessories');
    for (const search of ['electronics', 'ELECTRONICS AND ACC', 'electronics_acc']) {
      expect(
        (await list('client', { search })).orders.map((order) => order.id),
        search,
      ).toEqual(electronics.map((order) => order.id));
    }
    const decor = orders.filter((order) => CATEGORY_NAMES[order.category].includes('home decor'));
    expect((await list('client', { search: 'Home Decor' })).total).toBe(decor.length);

    expect(
      (await list('agent', { search: 'jade harbor' })).orders.every((o) => o.partner_id === partners.client2),
    ).toBe(true);
    expect((await list('client', { search: 'jade harbor' })).total).toBe(0);
    // Plain text: % and _ are themselves.
    expect((await list('client', { search: '%' })).total).toBe(0);
  });

  it('pages newest first in SQL, with the total before limit and offset', async () => {
    const all = (await list('agent')).orders;
    const times = all.map((order) => order.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const page = await list('agent', { limit: 10, offset: 20 });
    expect(page.total).toBe(all.length);
    expect(page.orders.map((order) => order.id)).toEqual(all.slice(20, 30).map((order) => order.id));
  });

  it('gives every order to the admin only on /shipping-orders/admin/all', async () => {
    const query = { filter: 'in_progress', search: 'SO-', limit: 15, offset: 5 };
    const result = await bo.call('listAllShippingOrders', { query, session: sessions.admin });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(await list('admin', query));
    for (const who of ['agent', 'client'] as const) {
      const refused = await bo.call('listAllShippingOrders', { session: sessions[who] });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(forbidden);
    }
  });
});

describe('one order', () => {
  it('comes with its documents and its timeline oldest first', async () => {
    const { id } = await db()
      .selectFrom('order_documents as d')
      .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
      .select('d.shipping_order_id as id')
      .where('o.partner_id', '=', partners.client)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const order = await detail(id, 'client');
    expect(order.documents.length).toBeGreaterThan(0);
    expect(order.documents[0]).toEqual({
      id: expect.any(Number),
      filename: expect.stringMatching(/\.pdf$/),
      mimetype: 'application/pdf',
      size: expect.any(Number),
    });
    const file = await bo.call('getShippingOrderDocument', {
      params: { id, document_id: order.documents[0]!.id },
      session: sessions.client,
    });
    expect(file.status).toBe(200);
    const { data, filename } = attachmentFile.parse(file.body);
    expect(filename).toBe(order.documents[0]!.filename);
    expect(Buffer.from(data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await detail(id, 'agent')).name).toBe(order.name);
  });

  it("answers 404 for another customer's order or document, and for unknown ones", async () => {
    const firstOrderOf = async (partnerId: number) =>
      (
        await db()
          .selectFrom('shipping_orders')
          .select('id')
          .where('partner_id', '=', partnerId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const other = await firstOrderOf(partners.client2);
    const document = await db()
      .selectFrom('order_documents as d')
      .innerJoin('shipping_orders as o', 'o.id', 'd.shipping_order_id')
      .select(['d.id', 'd.shipping_order_id'])
      .where('o.partner_id', '=', partners.client2)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const own = await firstOrderOf(partners.client);
    for (const id of [other, 99999]) {
      const result = await bo.call('getShippingOrder', { params: { id }, session: sessions.client });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    for (const params of [
      { id: document.shipping_order_id, document_id: document.id },
      // Another customer's document through one's own order.
      { id: own, document_id: document.id },
      { id: own, document_id: 99999 },
    ]) {
      const result = await bo.call('getShippingOrderDocument', { params, session: sessions.client });
      expect(result.status, JSON.stringify(params)).toBe(404);
    }
  });
});

describe('the clearance receipt', () => {
  /** An order of the client's that has arrived and waits for customs. */
  function arrivedOrder(): Promise<number> {
    return insertShippingOrder(
      db(),
      {
        partnerId: partners.client,
        requestId: null,
        status: 'arrived',
        category: 'electronics_accessories',
        containerType: 'full_container_load',
        cbm: 12,
        origin: 'china',
        supplierId: null,
        shippingMark: null,
        invoiceStatus: 'not_invoiced',
        totalInvoiceCents: 0,
        loanId: null,
        containerId: null,
        expectedArrival: null,
      },
      new Date('2026-03-01T08:00:00Z'),
    );
  }

  const event = (milestone: Milestone, time: string) => ({
    milestone,
    place: 'Port Said',
    eventTime: time,
    note: null,
  });

  it('is issued when the order is first cleared and keeps that date on later days', async () => {
    const id = await arrivedOrder();
    expect((await detail(id, 'client')).receipt_issued_at).toBeNull();
    const cleared = '2026-03-10T09:30:00.000Z';
    await addTrackingEvent(db(), id, event('customs_cleared', cleared), users.agent, new Date(cleared));
    expect((await detail(id, 'client')).receipt_issued_at).toBe(cleared);

    // Days later: out for delivery, delivered, the clearance itself corrected.
    await addTrackingEvent(
      db(),
      id,
      event('out_for_delivery', '2026-03-12T07:00:00Z'),
      users.agent,
      new Date('2026-03-12T07:00:00Z'),
    );
    const delivered = await addTrackingEvent(
      db(),
      id,
      event('delivered', '2026-03-13T15:00:00Z'),
      users.agent,
      new Date('2026-03-13T15:00:00Z'),
    );
    await updateTrackingEvent(
      db(),
      (delivered as TrackingEvent).id,
      event('delivered', '2026-03-13T16:00:00Z'),
      new Date('2026-03-20T10:00:00Z'),
    );
    const order = await detail(id, 'client');
    expect(order.status).toBe('delivered');
    expect(order.receipt_issued_at).toBe(cleared);
    expect((await detail(id, 'agent')).receipt_issued_at).toBe(cleared);
  });

  it('keeps its consignee as issued when the customer’s details change later', async () => {
    const id = await arrivedOrder();
    expect((await detail(id, 'client')).receipt_consignee).toBeNull();
    const before = await db()
      .selectFrom('partners')
      .select(['name', 'phone', 'email'])
      .where('id', '=', partners.client)
      .executeTakeFirstOrThrow();
    const cleared = '2026-03-10T09:30:00.000Z';
    await addTrackingEvent(db(), id, event('customs_cleared', cleared), users.agent, new Date(cleared));
    expect((await detail(id, 'client')).receipt_consignee).toEqual(before);

    // The customer renames itself and moves its phone and e-mail; a later milestone changes nothing.
    await db()
      .updateTable('partners')
      .set({ name: 'Renamed Trading', phone: '+20 100 000 0000', email: 'renamed@example.com' })
      .where('id', '=', partners.client)
      .execute();
    try {
      await addTrackingEvent(
        db(),
        id,
        event('delivered', '2026-03-13T15:00:00Z'),
        users.agent,
        new Date('2026-03-13T15:00:00Z'),
      );
      const order = await detail(id, 'client');
      expect(order.partner_name).toBe('Renamed Trading');
      expect(order.receipt_consignee).toEqual(before);
    } finally {
      await db().updateTable('partners').set(before).where('id', '=', partners.client).execute();
    }
  });

  it('is issued by a delivery that skips the clearance milestone, and not for a cancelled order', async () => {
    const id = await arrivedOrder();
    await addTrackingEvent(
      db(),
      id,
      event('arrived_destination', '2026-03-05T09:00:00Z'),
      users.agent,
      new Date('2026-03-05T09:00:00Z'),
    );
    expect((await detail(id, 'client')).receipt_issued_at).toBeNull();
    const delivered = '2026-03-15T12:00:00.000Z';
    await addTrackingEvent(db(), id, event('delivered', delivered), users.agent, new Date(delivered));
    expect((await detail(id, 'client')).receipt_issued_at).toBe(delivered);

    const cancelled = await arrivedOrder();
    await db()
      .updateTable('shipping_orders')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled)
      .execute();
    await addTrackingEvent(
      db(),
      cancelled,
      event('customs_cleared', delivered),
      users.agent,
      new Date(delivered),
    );
    expect((await detail(cancelled, 'client')).receipt_issued_at).toBeNull();
  });

  it('of orders cleared before the issue date was kept takes the time the clearance was recorded', async () => {
    const seeded = await db()
      .selectFrom('shipping_orders as o')
      .select((eb) => [
        'o.id',
        'o.receipt_issued_at',
        eb
          .selectFrom('shipment_tracking as t')
          .select((inner) => inner.fn.min('t.created_at').as('first'))
          .whereRef('t.shipping_order_id', '=', 'o.id')
          .where('t.milestone', 'in', ['customs_cleared', 'out_for_delivery', 'delivered'])
          .as('cleared_at'),
      ])
      .where('o.partner_id', '=', partners.client)
      .where('o.status', 'in', ['cleared', 'delivered'])
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) expect(row.receipt_issued_at).toBe(row.cleared_at);
    // Their consignee: the customer as it was when the copy began to be kept.
    const client = await db()
      .selectFrom('partners')
      .select(['name', 'phone', 'email'])
      .where('id', '=', partners.client)
      .executeTakeFirstOrThrow();
    for (const row of seeded) expect((await detail(row.id, 'client')).receipt_consignee).toEqual(client);
  });
});

describe('the summary', () => {
  it('counts a client’s own orders by status, with all seven, and no containers', async () => {
    const result = await bo.call('shippingOrderSummary', { session: sessions.client });
    const summary = shippingOrderSummary.parse(result.body);
    expect(Object.keys(summary.by_status).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      expect(summary.by_status[status], status).toBe(
        await count(
          sql`SELECT count(*) FROM shipping_orders WHERE partner_id = ${partners.client} AND status = ${status}`,
        ),
      );
    }
    expect(summary.financed).toBe(
      await count(
        sql`SELECT count(*) FROM shipping_orders WHERE partner_id = ${partners.client} AND loan_id IS NOT NULL`,
      ),
    );
    const { orders } = await list('client', { filter: 'in_progress' });
    const cbm = orders.reduce((sum, order) => sum + order.cbm, 0);
    expect(summary.total_cbm_in_progress).toBeCloseTo(cbm, 2);
    expect(summary.open_containers).toEqual([]);
  });

  it('gives staff every customer and the open containers with the volume their orders take', async () => {
    const summary = shippingOrderSummary.parse(
      (await bo.call('shippingOrderSummary', { session: sessions.agent })).body,
    );
    const total = Object.values(summary.by_status).reduce((sum, value) => sum + (value ?? 0), 0);
    expect(total).toBe(await count(sql`SELECT count(*) FROM shipping_orders`));
    expect(summary.open_containers.length).toBeGreaterThanOrEqual(2);
    for (const container of summary.open_containers) {
      const used = await count(
        sql`SELECT coalesce(sum(cbm), 0) FROM shipping_orders WHERE container_id = ${container.id} AND status <> 'cancelled'`,
      );
      expect(container.used_cbm).toBeCloseTo(used, 2);
      expect(container.used_cbm).toBeLessThanOrEqual(container.capacity_cbm);
    }
  });

  it('has no orders for a customer without any', async () => {
    await bo.call('signup', {
      body: { email: 'empty@example.com', password: 'empty-orders-1', firstName: 'Em', lastName: 'Pty' },
    });
    const session = await bo.login('empty@example.com', 'empty-orders-1');
    const summary = shippingOrderSummary.parse((await bo.call('shippingOrderSummary', { session })).body);
    expect(summary).toEqual({
      by_status: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])),
      financed: 0,
      total_cbm_in_progress: 0,
      open_containers: [],
    });
  });
});

describe('POST /shipping-requests/:id/order', () => {
  const order = {
    category: 'furniture_home_decor',
    container_type: 'groupage',
    cbm: 12.5,
    origin: 'vietnam',
    shipping_mark: 'NST/2026/120',
  } as const;

  async function newRequest(who: 'client' | 'client2', review?: 'approved' | 'rejected') {
    const created = await bo.call('createShippingRequest', {
      body: {
        partner_id: partners[who],
        email_from: `${who}@example.com`,
        name: 'furniture and home decor',
        description: 'Rattan chairs',
        service: 'shipping',
      },
      session: sessions[who],
    });
    const id = createdAnswer.parse(created.body).id;
    if (review)
      await bo.call('reviewShippingRequest', {
        params: { id },
        // A rejection says why.
        body: { status: review, ...(review === 'rejected' ? { note: 'Not for us.' } : {}) },
        session: sessions.agent,
      });
    return id;
  }

  it('makes a confirmed order for the request’s customer and links the request to it', async () => {
    const request = await newRequest('client2', 'approved');
    const supplier = await count(sql`SELECT min(id) FROM suppliers`);
    const result = await bo.call('createShippingOrderFromRequest', {
      params: { id: request },
      body: { ...order, supplier_id: supplier },
      session: sessions.agent,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { id } = createdAnswer.parse(result.body);
    const created = await detail(id, 'client2');
    expect(created).toMatchObject({
      partner_id: partners.client2,
      partner_name: 'Jade Harbor Imports',
      request_id: request,
      status: 'confirmed',
      category: 'furniture_home_decor',
      container_type: 'groupage',
      cbm: 12.5,
      origin: 'vietnam',
      shipping_mark: 'NST/2026/120',
      supplier: { id: supplier },
      invoice_status: 'not_invoiced',
      total_invoice: 0,
      currency: 'USD',
      loan_id: null,
      location: null,
      documents: [],
      tracking: [],
    });
    expect(created.name).toMatch(new RegExp(`^SO-${new Date().getUTCFullYear()}-\\d{4}$`));
    const linked = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id: request }, session: sessions.client2 })).body,
    );
    expect(linked.shipping_order_id).toBe(id);

    const again = await bo.call('createShippingOrderFromRequest', {
      params: { id: request },
      body: order,
      session: sessions.admin,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This request already has a shipping order', code: 'conflict' });
  });

  it('gives each new order the next number of the year', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 2; index++) {
      const result = await bo.call('createShippingOrderFromRequest', {
        params: { id: await newRequest('client', 'approved') },
        body: order,
        session: sessions.admin,
      });
      ids.push(createdAnswer.parse(result.body).id);
    }
    const [first, second] = await Promise.all(ids.map((id) => detail(id, 'admin')));
    const sequence = (name: string) => Number(name.split('-')[2]);
    expect(sequence(second!.name)).toBe(sequence(first!.name) + 1);
  });

  it('is staff work; refuses unknown, unapproved and done requests and an unknown supplier', async () => {
    const approved = await newRequest('client', 'approved');
    const client = await bo.call('createShippingOrderFromRequest', {
      params: { id: approved },
      body: order,
      session: sessions.client,
    });
    expect(client.status).toBe(403);
    expect(client.body).toEqual(forbidden);

    const unknown = await bo.call('createShippingOrderFromRequest', {
      params: { id: 99999 },
      body: order,
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);

    for (const id of [await newRequest('client'), await newRequest('client', 'rejected')]) {
      const result = await bo.call('createShippingOrderFromRequest', {
        params: { id },
        body: order,
        session: sessions.agent,
      });
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ error: 'This request has not been approved', code: 'conflict' });
    }

    const before = await count(sql`SELECT count(*) FROM shipping_orders`);
    const noSupplier = await bo.call('createShippingOrderFromRequest', {
      params: { id: approved },
      body: { ...order, supplier_id: 99999 },
      session: sessions.agent,
    });
    expect(noSupplier.status).toBe(400);
    expect(noSupplier.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'supplier_id' }] });
    expect(await count(sql`SELECT count(*) FROM shipping_orders`)).toBe(before);
    expect(
      await count(sql`SELECT shipping_order_id IS NULL FROM shipping_requests WHERE id = ${approved}`),
    ).toBe(1);

    const invalid = await bo.call('createShippingOrderFromRequest', {
      params: { id: approved },
      body: { ...order, category: 'spaceships', cbm: 0 },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
  });
});

describe('10 000 orders for one customer', () => {
  // A back office of its own and 10 000 orders are written first: more time than the default.
  it('are listed, searched, counted and summed quickly', async () => {
    const own = await startTestBackoffice();
    try {
      await own.call('signup', {
        body: { email: 'bulk@example.com', password: 'bulk-orders-1', firstName: 'Bulk', lastName: 'Buyer' },
      });
      const bulkDb = own.backoffice.database;
      const { partner_id: partnerId } = await bulkDb
        .selectFrom('users')
        .select('partner_id')
        .where('email', '=', 'bulk@example.com')
        .executeTakeFirstOrThrow();
      const session = await own.login('bulk@example.com', 'bulk-orders-1');
      const { id: loan } = await bulkDb
        .selectFrom('loans')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const start = Date.now() - 10_000 * 60_000;
      // Written 500 at a time (a statement per order would take most of the test on PostgreSQL).
      await bulkDb.transaction().execute(async (trx) => {
        for (let first = 0; first < 10_000; first += 500) {
          const indexes = Array.from({ length: 500 }, (_, offset) => first + offset);
          const at = (index: number) => new Date(start + index * 60_000).toISOString();
          const orders = await trx
            .insertInto('shipping_orders')
            .values(
              indexes.map((index) => ({
                name: `SO-BULK-${index}`,
                partner_id: partnerId,
                status: ORDER_STATUSES[index % ORDER_STATUSES.length]!,
                category: index % 3 === 0 ? 'electronics_accessories' : 'footwear',
                container_type: 'groupage',
                cbm: 1.5,
                origin: 'china',
                supplier_id: 1,
                shipping_mark: `BLK/${index}`,
                invoice_status: 'posted',
                total_invoice_cents: 10_000,
                loan_id: index % 10 === 0 ? loan : null,
                created_at: at(index),
                updated_at: at(index),
              })),
            )
            .returning(['id', 'created_at'])
            .execute();
          await trx
            .insertInto('shipment_tracking')
            .values(
              orders.map(({ id, created_at }) => ({
                shipping_order_id: id,
                milestone: 'booking_confirmed',
                place: 'Shenzhen',
                event_time: created_at,
                created_at,
                updated_at: created_at,
              })),
            )
            .execute();
        }
      });

      const timed = async (
        name: 'listShippingOrders' | 'shippingOrderSummary',
        query: CallOptions['query'],
      ) => {
        const started = performance.now();
        const result = await own.call(name, { query, session });
        const elapsed = performance.now() - started;
        expect(result.status).toBe(200);
        return { body: result.body, elapsed };
      };
      const first = await timed('listShippingOrders', { limit: 10 });
      const answer = shippingOrdersAnswer.parse(first.body);
      expect(answer.total).toBe(10_000);
      expect(answer.orders[0]!.shipping_mark).toBe('BLK/9999');
      expect(answer.orders[0]!.location).toBe('Shenzhen');
      expect(answer.counts).toEqual({ show_all: 10_000, in_progress: 5715, completed: 1428, financed: 1000 });
      const timings = [
        first.elapsed,
        (await timed('listShippingOrders', { limit: 10, offset: 9_990 })).elapsed,
        (await timed('listShippingOrders', { limit: 100, filter: 'financed' })).elapsed,
        (await timed('listShippingOrders', { limit: 10, search: 'electronics' })).elapsed,
        (await timed('listShippingOrders', { limit: 10, search: 'BLK/42' })).elapsed,
        (await timed('shippingOrderSummary', {})).elapsed,
      ];
      const slowest = Math.max(...timings);
      // Generous for slow machines; a query per row, or paging in JavaScript, takes far longer.
      expect(slowest).toBeLessThan(750);
      expect((await timed('listShippingOrders', { search: 'BLK/42', limit: 100 })).body).toMatchObject({
        total: 111,
      });
    } finally {
      await own.dispose();
    }
  }, 60_000);
});
