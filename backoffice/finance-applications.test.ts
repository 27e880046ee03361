import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingRequest, shippingRequestsAnswer } from '@contract';
import { signInDemoAccounts, startTestBackoffice, type DemoAccount, type TestBackoffice } from './testing';

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

async function ordersOf(who: DemoAccount) {
  return bo.backoffice.database
    .selectFrom('shipping_orders')
    .select(['id', 'name'])
    .where('partner_id', '=', partners[who])
    .orderBy('id')
    .limit(2)
    .execute();
}

function application(orderIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    partner_id: partners.client,
    email_from: 'client@example.com',
    name: 'Trade Finance',
    description: 'Submitted from the client portal.',
    service: 'trade_finance',
    finance: {
      amount: 38_000.5,
      currency: 'USD',
      tenor_months: 6,
      purpose: 'Pay the supplier before shipment.',
      supplier_name: 'Morbi Ceramics Pvt. Ltd.',
      supplier_country: 'India',
      order_ids: orderIds,
    },
    ...overrides,
  };
}

describe("a trade-finance request's application", () => {
  it('is kept with the request, its orders named, and read back in the request and the lists', async () => {
    const orders = await ordersOf('client');
    const created = await bo.call('createShippingRequest', {
      body: application(orders.map((order) => order.id)),
      session: sessions.client,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id } = created.body as { id: number };
    const read = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id }, session: sessions.agent })).body,
    );
    expect(read.finance).toEqual({
      amount: 38_000.5,
      currency: 'USD',
      tenor_months: 6,
      purpose: 'Pay the supplier before shipment.',
      supplier_name: 'Morbi Ceramics Pvt. Ltd.',
      supplier_country: 'India',
      orders,
    });
    const listed = shippingRequestsAnswer.parse(
      (
        await bo.call('listShippingRequests', {
          query: { service: 'trade_finance', limit: 100 },
          session: sessions.client,
        })
      ).body,
    );
    expect(listed.requests.find((request) => request.id === id)?.finance?.amount).toBe(38_000.5);
  });

  it("refuses another customer's order, creating nothing", async () => {
    const [foreign] = await ordersOf('client2');
    const before = await bo.backoffice.database
      .selectFrom('shipping_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const refused = await bo.call('createShippingRequest', {
      body: application([foreign!.id]),
      session: sessions.client,
    });
    expect(refused).toMatchObject({ status: 400, body: { issues: [{ path: 'finance.order_ids' }] } });
    const after = await bo.backoffice.database
      .selectFrom('shipping_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('belongs to a trade-finance request only, and says what is missing', async () => {
    const shipping = await bo.call('createShippingRequest', {
      body: application([], { service: 'shipping' }),
      session: sessions.client,
    });
    expect(shipping).toMatchObject({ status: 400, body: { issues: [{ path: 'finance' }] } });
    const incomplete = await bo.call('createShippingRequest', {
      body: { ...application([]), finance: { amount: 0, currency: 'USD', tenor_months: 61, purpose: '' } },
      session: sessions.client,
    });
    expect(incomplete.status).toBe(400);
    const paths = ((incomplete.body as { issues: { path: string }[] }).issues ?? []).map(
      (issue) => issue.path,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'finance.amount',
        'finance.tenor_months',
        'finance.purpose',
        'finance.supplier_name',
        'finance.supplier_country',
      ]),
    );
  });
});
