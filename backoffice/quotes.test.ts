import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationsAnswer,
  quoteDetail,
  quotesAnswer,
  shippingOrderDetail,
  shippingRequest,
  type QuoteDetail,
} from '@contract';
import { dayOf, addDays } from './numbers';
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

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };
const today = () => dayOf(new Date());

const input = (overrides: Record<string, unknown> = {}) => ({
  currency: 'USD',
  valid_until: addDays(today(), 14),
  transit_days: 28,
  incoterm: 'FOB',
  notes: 'Rates subject to space.',
  category: 'toys_games',
  container_type: 'groupage',
  cbm: 14,
  origin: 'china',
  lines: [
    {
      kind: 'freight',
      description: 'Ocean freight Shenzhen → Jebel Ali',
      quantity: 14,
      unit: 'cbm',
      unit_price: 85.5,
    },
    { kind: 'customs', description: 'Customs clearance', quantity: 1, unit: 'shipment', unit_price: 240 },
  ],
  ...overrides,
});

async function request(who: DemoAccount = 'client', service = 'quotation'): Promise<number> {
  const result = await bo.call('createShippingRequest', {
    body: {
      partner_id: partners[who],
      email_from: `${who}@example.com`,
      name: 'toys and games',
      description: 'Submitted from the client portal.',
      service,
      origin: 'china',
    },
    session: sessions[who],
  });
  expect(result.status).toBe(200);
  return (result.body as { id: number }).id;
}

async function draft(requestId: number, body: unknown = input()): Promise<QuoteDetail> {
  const result = await bo.call('createQuote', { params: { id: requestId }, body, session: sessions.agent });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return quoteDetail.parse(result.body);
}

async function sent(requestId: number, body: unknown = input()): Promise<QuoteDetail> {
  const quote = await draft(requestId, body);
  const result = await bo.call('sendQuote', { params: { id: quote.id }, session: sessions.agent });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return quoteDetail.parse(result.body);
}

describe('a quote drafted and sent by staff', () => {
  it('adds up its lines, keeps its terms and shipment, and numbers it QT-YYYY-NNNN, version 1', async () => {
    const quote = await draft(await request());
    expect(quote).toMatchObject({
      name: expect.stringMatching(/^QT-\d{4}-\d{4}$/),
      version: 1,
      status: 'draft',
      currency: 'USD',
      total: 1437,
      transit_days: 28,
      incoterm: 'FOB',
      category: 'toys_games',
      cbm: 14,
      sent_at: null,
    });
    expect(quote.lines.map((line) => line.amount)).toEqual([1197, 240]);
  });

  it('is hidden from the customer while a draft, and shown once sent; the pending request is answered', async () => {
    const requestId = await request();
    const quote = await draft(requestId);
    const hidden = await bo.call('getQuote', { params: { id: quote.id }, session: sessions.client });
    expect(hidden).toMatchObject({ status: 404, body: notFound });
    const list = quotesAnswer.parse(
      (await bo.call('listQuotes', { query: { request_id: requestId }, session: sessions.client })).body,
    );
    expect(list.total).toBe(0);

    const send = await bo.call('sendQuote', { params: { id: quote.id }, session: sessions.agent });
    expect(send.status).toBe(200);
    const shown = quoteDetail.parse(
      (await bo.call('getQuote', { params: { id: quote.id }, session: sessions.client })).body,
    );
    expect(shown).toMatchObject({ status: 'sent', sent_by: expect.any(String) });
    const answered = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id: requestId }, session: sessions.client })).body,
    );
    expect(answered.status).toBe('approved');
  });

  it('gives the same draft when asked twice, and a draft is rewritten whole', async () => {
    const requestId = await request();
    const first = await draft(requestId);
    const second = await draft(requestId, input({ lines: [] }));
    expect(second.id).toBe(first.id);
    const updated = await bo.call('updateQuote', {
      params: { id: first.id },
      body: input({ currency: 'EUR', lines: [input().lines[1]] }),
      session: sessions.agent,
    });
    expect(updated.status).toBe(200);
    expect(quoteDetail.parse(updated.body)).toMatchObject({
      currency: 'EUR',
      total: 240,
      lines: [{ kind: 'customs' }],
    });
  });

  it('is sent only with lines and a validity not past, and is no longer a draft after', async () => {
    const empty = await draft(await request(), input({ lines: [] }));
    const noLines = await bo.call('sendQuote', { params: { id: empty.id }, session: sessions.agent });
    expect(noLines).toMatchObject({ status: 400, body: { issues: [{ path: 'lines' }] } });

    const stale = await draft(await request(), input({ valid_until: addDays(today(), -1) }));
    const passed = await bo.call('sendQuote', { params: { id: stale.id }, session: sessions.agent });
    expect(passed).toMatchObject({ status: 400, body: { issues: [{ path: 'valid_until' }] } });

    const quote = await sent(await request());
    const again = await bo.call('sendQuote', { params: { id: quote.id }, session: sessions.agent });
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const edit = await bo.call('updateQuote', {
      params: { id: quote.id },
      body: input(),
      session: sessions.agent,
    });
    expect(edit).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('is revised as the next version, with the lines of the one before; sending it replaces that one', async () => {
    const requestId = await request();
    const first = await sent(requestId);
    const revision = await draft(requestId, input({ lines: [] }));
    expect(revision).toMatchObject({ name: first.name, version: 2, status: 'draft', total: first.total });
    await bo.call('sendQuote', { params: { id: revision.id }, session: sessions.agent });
    const seen = quoteDetail.parse(
      (await bo.call('getQuote', { params: { id: revision.id }, session: sessions.client })).body,
    );
    expect(seen.versions.map(({ version, status }) => [version, status])).toEqual([
      [1, 'replaced'],
      [2, 'sent'],
    ]);
    const old = await bo.call('acceptQuote', { params: { id: first.id }, session: sessions.client });
    expect(old).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('is refused for a request that is not a quotation request, or to a customer', async () => {
    const shipping = await bo.call('createQuote', {
      params: { id: await request('client', 'shipping') },
      body: input(),
      session: sessions.agent,
    });
    expect(shipping).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const byClient = await bo.call('createQuote', {
      params: { id: await request() },
      body: input(),
      session: sessions.client,
    });
    expect(byClient).toMatchObject({ status: 403, body: forbidden });
    const unknown = await bo.call('createQuote', {
      params: { id: 999_999 },
      body: input(),
      session: sessions.agent,
    });
    expect(unknown).toMatchObject({ status: 404, body: notFound });
  });

  it('refuses a line without a price, a quantity of nothing and an unknown unit', async () => {
    const requestId = await request();
    for (const line of [
      { kind: 'freight', description: 'Freight', quantity: 0, unit: 'cbm', unit_price: 10 },
      { kind: 'freight', description: 'Freight', quantity: 1, unit: 'barrel', unit_price: 10 },
      { kind: 'freight', description: '', quantity: 1, unit: 'cbm', unit_price: 10 },
      { kind: 'freight', description: 'Freight', quantity: 1, unit: 'cbm' },
    ]) {
      const result = await bo.call('createQuote', {
        params: { id: requestId },
        body: input({ lines: [line] }),
        session: sessions.agent,
      });
      expect(result.status, JSON.stringify(line)).toBe(400);
    }
  });
});

describe("the customer's decision", () => {
  it('accepting makes the confirmed order from the quote, linked to the quote and the request, once', async () => {
    const requestId = await request();
    const quote = await sent(
      requestId,
      input({ container_type: 'full_container_load', cbm: 28, origin: 'vietnam' }),
    );
    const accepted = await bo.call('acceptQuote', { params: { id: quote.id }, session: sessions.client });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const answer = quoteDetail.parse(accepted.body);
    expect(answer).toMatchObject({ status: 'accepted', shipping_order_name: expect.stringMatching(/^SO-/) });
    const order = shippingOrderDetail.parse(
      (
        await bo.call('getShippingOrder', {
          params: { id: answer.shipping_order_id! },
          session: sessions.client,
        })
      ).body,
    );
    expect(order).toMatchObject({
      status: 'confirmed',
      request_id: requestId,
      category: 'toys_games',
      container_type: 'full_container_load',
      cbm: 28,
      origin: 'vietnam',
      partner_id: partners.client,
    });
    const linked = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id: requestId }, session: sessions.client })).body,
    );
    expect(linked.shipping_order_id).toBe(answer.shipping_order_id);

    const told = notificationsAnswer.parse(
      (await bo.call('listNotifications', { query: {}, session: sessions.admin })).body,
    );
    expect(told.notifications).toContainEqual(
      expect.objectContaining({ kind: 'quote_accepted', record_id: quote.id, params: { quote: quote.name } }),
    );
    const twice = await bo.call('acceptQuote', { params: { id: quote.id }, session: sessions.client });
    expect(twice).toMatchObject({ status: 409 });
    const revise = await bo.call('createQuote', {
      params: { id: requestId },
      body: input(),
      session: sessions.agent,
    });
    expect(revise).toMatchObject({ status: 409 });
  });

  it('declining needs a reason, which staff read', async () => {
    const quote = await sent(await request());
    const bare = await bo.call('declineQuote', {
      params: { id: quote.id },
      body: { reason: ' ' },
      session: sessions.client,
    });
    expect(bare.status).toBe(400);
    const declined = await bo.call('declineQuote', {
      params: { id: quote.id },
      body: { reason: 'Found a faster sailing.' },
      session: sessions.client,
    });
    expect(declined.status).toBe(200);
    const staffView = quoteDetail.parse(
      (await bo.call('getQuote', { params: { id: quote.id }, session: sessions.admin })).body,
    );
    expect(staffView).toMatchObject({
      status: 'declined',
      decline_reason: 'Found a faster sailing.',
      decided_by: expect.any(String),
    });
    // Staff are told, in the decision's transaction.
    const told = notificationsAnswer.parse(
      (await bo.call('listNotifications', { query: {}, session: sessions.agent })).body,
    );
    expect(told.notifications).toContainEqual(
      expect.objectContaining({ kind: 'quote_declined', record_id: quote.id, params: { quote: quote.name } }),
    );
  });

  it('an expired quote cannot be accepted, and says so', async () => {
    const quote = await sent(await request(), input({ valid_until: today() }));
    // Its last day passes (a clock moved by days would also end the sessions).
    await bo.backoffice.database
      .updateTable('quotes')
      .set({ valid_until: addDays(today(), -1) })
      .where('id', '=', quote.id)
      .execute();
    const shown = quoteDetail.parse(
      (await bo.call('getQuote', { params: { id: quote.id }, session: sessions.client })).body,
    );
    expect(shown.status).toBe('expired');
    const accept = await bo.call('acceptQuote', { params: { id: quote.id }, session: sessions.client });
    expect(accept).toMatchObject({ status: 409, body: { error: expect.stringContaining('expired') } });
    const expired = quotesAnswer.parse(
      (await bo.call('listQuotes', { query: { status: 'expired' }, session: sessions.client })).body,
    );
    expect(expired.quotes.map((listed) => listed.id)).toContain(quote.id);
  });

  it("staff cannot decide for the customer; another customer's quote is not found", async () => {
    const quote = await sent(await request());
    const staff = await bo.call('acceptQuote', { params: { id: quote.id }, session: sessions.admin });
    expect(staff).toMatchObject({ status: 403, body: forbidden });
    for (const call of ['getQuote', 'acceptQuote'] as const) {
      const other = await bo.call(call, { params: { id: quote.id }, session: sessions.client2 });
      expect(other, call).toMatchObject({ status: 404, body: notFound });
    }
    const decline = await bo.call('declineQuote', {
      params: { id: quote.id },
      body: { reason: 'Not mine.' },
      session: sessions.client2,
    });
    expect(decline).toMatchObject({ status: 404, body: notFound });
    const list = quotesAnswer.parse((await bo.call('listQuotes', { session: sessions.client2 })).body);
    expect(list.quotes.every((listed) => listed.partner_id === partners.client2)).toBe(true);
  });
});
