import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createdAnswer, type CallName } from '@contract';
import {
  signInDemoAccounts,
  startTestBackoffice,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
let sessions: Record<DemoAccount, string>;
let partners: Record<DemoAccount, number>;

beforeAll(async () => {
  bo = await startTestBackoffice();
  ({ sessions, partners } = await signInDemoAccounts(bo));
});
afterAll(async () => {
  await bo?.dispose();
});

/** The first value of the first row of a read (a count, an id), on the engine the run uses. */
const count = async (query: string) => {
  const { rows } = await sql.raw<Record<string, unknown>>(query).execute(bo.backoffice.database);
  return Number(Object.values(rows[0] ?? {})[0]);
};
const withKey = (key: string) => ({ 'Idempotency-Key': key });

function shippingRequest(who: 'client' | 'client2', description = 'Rattan chairs') {
  return {
    partner_id: partners[who],
    email_from: `${who}@example.com`,
    name: 'Furniture and home decor',
    description,
    service: 'shipping',
  };
}

async function approvedRequest(service: 'shipping' | 'trade_finance'): Promise<number> {
  const created = await bo.call('createShippingRequest', {
    body: { ...shippingRequest('client'), service },
    session: sessions.client,
  });
  const { id } = createdAnswer.parse(created.body);
  await bo.call('reviewShippingRequest', {
    params: { id },
    body: { status: 'approved' },
    session: sessions.agent,
  });
  return id;
}

describe('a create sent again with the same Idempotency-Key', () => {
  it('makes one shipping request and answers the second time with the first answer', async () => {
    const key = randomUUID();
    const before = await count('SELECT count(*) FROM shipping_requests');
    const send = () =>
      bo.call('createShippingRequest', {
        body: shippingRequest('client'),
        session: sessions.client,
        headers: withKey(key),
      });
    const first = await send();
    const second = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before + 1);
  });

  it('without a key, the same create twice still makes two records', async () => {
    const before = await count('SELECT count(*) FROM shipping_requests');
    for (let i = 0; i < 2; i++) {
      const result = await bo.call('createShippingRequest', {
        body: shippingRequest('client'),
        session: sessions.client,
      });
      expect(result.status).toBe(200);
    }
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before + 2);
  });

  it('keeps each user’s keys apart: two customers with the same key make two requests', async () => {
    const key = randomUUID();
    const before = await count('SELECT count(*) FROM shipping_requests');
    const first = await bo.call('createShippingRequest', {
      body: shippingRequest('client'),
      session: sessions.client,
      headers: withKey(key),
    });
    const second = await bo.call('createShippingRequest', {
      body: shippingRequest('client2'),
      session: sessions.client2,
      headers: withKey(key),
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(createdAnswer.parse(second.body).id).not.toBe(createdAnswer.parse(first.body).id);
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before + 2);
    // The second customer never sees the first one's answer.
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('refuses the same key with another body or another call (409), creating nothing', async () => {
    const key = randomUUID();
    await bo.call('createShippingRequest', {
      body: shippingRequest('client'),
      session: sessions.client,
      headers: withKey(key),
    });
    const before = await count('SELECT count(*) FROM shipping_requests');
    const otherBody = await bo.call('createShippingRequest', {
      body: shippingRequest('client', 'Something else'),
      session: sessions.client,
      headers: withKey(key),
    });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before);

    const agentKey = randomUUID();
    await bo.call('createShippingRequest', {
      body: shippingRequest('client'),
      session: sessions.agent,
      headers: withKey(agentKey),
    });
    const drivers = await count('SELECT count(*) FROM drivers');
    const otherCall = await bo.call('createDriver', {
      body: { name: 'Karim Said', phone: '+20 100 000 0000', licence_number: 'EG-DL-IDEM-1' },
      session: sessions.agent,
      headers: withKey(agentKey),
    });
    expect(otherCall.status).toBe(409);
    expect(otherCall.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await count('SELECT count(*) FROM drivers')).toBe(drivers);
  });

  it('keeps no refusal: the form corrected and sent again with the same key is created', async () => {
    const key = randomUUID();
    const refused = await bo.call('createShippingRequest', {
      body: { ...shippingRequest('client'), partner_id: partners.client2 },
      session: sessions.client,
      headers: withKey(key),
    });
    expect(refused.status).toBe(404);
    const created = await bo.call('createShippingRequest', {
      body: shippingRequest('client'),
      session: sessions.client,
      headers: withKey(key),
    });
    expect(created.status).toBe(200);
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    const send = (description: string) =>
      bo.call('createShippingRequest', {
        body: shippingRequest('client', description),
        session: sessions.client,
        headers: withKey(key),
      });
    expect((await send('First')).status).toBe(200);
    bo.clock.offsetMs = 24 * 3600_000 + 60_000;
    try {
      // A new session: the first one has ended by then.
      const session = await bo.login('client@example.com');
      const later = await bo.call('createShippingRequest', {
        body: shippingRequest('client', 'A day later'),
        session,
        headers: withKey(key),
      });
      expect(later.status).toBe(200);
      expect(await count(`SELECT count(*) FROM idempotency_keys WHERE key = '${key}'`)).toBe(1);
    } finally {
      bo.clock.offsetMs = 0;
      // Signing in a day ahead ended the sessions signed in before it: the later tests sign in again.
      ({ sessions } = await signInDemoAccounts(bo));
    }
  });

  it('refuses a key that is not one (400), creating nothing', async () => {
    const before = await count('SELECT count(*) FROM shipping_requests');
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it, not allowed']) {
      const result = await bo.call('createShippingRequest', {
        body: shippingRequest('client'),
        session: sessions.client,
        headers: withKey(key),
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'Idempotency-Key' }] });
    }
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before);
  });
});

describe('every create of the contract', () => {
  /** A quotation request of the client's, and a draft of a quote for it (sent, when asked). */
  const quote = async (send: boolean): Promise<{ request: number; quote: number }> => {
    const created = await bo.call('createShippingRequest', {
      body: { ...shippingRequest('client'), service: 'quotation' },
      session: sessions.client,
    });
    const request = createdAnswer.parse(created.body).id;
    if (!send) return { request, quote: 0 };
    const drafted = await bo.call('createQuote', {
      params: { id: request },
      body: quoteInput,
      session: sessions.agent,
    });
    const { id } = drafted.body as { id: number };
    await bo.call('sendQuote', { params: { id }, session: sessions.agent });
    return { request, quote: id };
  };
  const quoteInput = {
    currency: 'USD',
    valid_until: '2099-12-31',
    category: 'toys_games',
    container_type: 'groupage',
    cbm: 14,
    origin: 'china',
    lines: [{ kind: 'freight', description: 'Ocean freight', quantity: 14, unit: 'cbm', unit_price: 85 }],
  };
  // `table` and `where` count what one call makes: a record, or a record in a state.
  /** A planned container made in the database, for the calls that load it or add its events. */
  const plannedContainer = async (name: string, origin: string) =>
    (
      await bo.backoffice.database
        .insertInto('containers')
        .values({
          name,
          size: '40ft',
          capacity_cbm: 67,
          status: 'planned',
          origin,
          destination: 'Port Said',
          departure_date: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const creates: Record<string, () => Promise<{ options: CallOptions; table: string; where?: string }>> = {
    createRate: async () => ({
      options: {
        body: {
          origin: 'india',
          destination: 'alexandria',
          container_type: 'housebill',
          price: 95,
          currency: 'USD',
          valid_from: '2031-01-01',
          valid_to: '2031-06-30',
        },
        session: sessions.admin,
      },
      table: 'rates',
    }),
    createQuote: async () => ({
      options: { params: { id: (await quote(false)).request }, body: quoteInput, session: sessions.agent },
      table: 'quotes',
    }),
    sendQuote: async () => {
      const { request } = await quote(false);
      const drafted = await bo.call('createQuote', {
        params: { id: request },
        body: quoteInput,
        session: sessions.agent,
      });
      return {
        options: { params: { id: (drafted.body as { id: number }).id }, session: sessions.agent },
        table: 'quotes',
        where: "status = 'sent'",
      };
    },
    acceptQuote: async () => ({
      options: { params: { id: (await quote(true)).quote }, session: sessions.client },
      table: 'shipping_orders',
    }),
    declineQuote: async () => ({
      options: {
        params: { id: (await quote(true)).quote },
        body: { reason: 'Too slow.' },
        session: sessions.client,
      },
      table: 'quotes',
      where: "status = 'declined'",
    }),
    createShippingRequest: async () => ({
      options: { body: shippingRequest('client'), session: sessions.client },
      table: 'shipping_requests',
    }),
    createCustomer: async () => ({
      options: {
        body: {
          name: 'Oasis Auto Spares',
          phone: '+966 11 464 2210',
          email: 'idem@oasis-spares.example',
          national_id: '1048273615',
          gender: 'male',
          date_of_birth: '1983-02-17',
          client_type: 'individual',
          business_industry: 'Automotive parts',
        },
        session: sessions.admin,
      },
      table: 'partners',
    }),
    createDriver: async () => ({
      options: {
        body: { name: 'Youssef Nabil', phone: '+20 111 245 9087', licence_number: 'EG-DL-IDEM-2' },
        session: sessions.agent,
      },
      table: 'drivers',
    }),
    createSupplier: async () => ({
      options: { body: { name: 'Idempotent Textiles' }, session: sessions.agent },
      table: 'suppliers',
    }),
    createShippingOrderFromRequest: async () => ({
      options: {
        params: { id: await approvedRequest('shipping') },
        body: { category: 'furniture_home_decor', container_type: 'groupage', cbm: 12.5, origin: 'vietnam' },
        session: sessions.agent,
      },
      table: 'shipping_orders',
    }),
    createLoanFromRequest: async () => ({
      options: {
        params: { id: await approvedRequest('trade_finance') },
        body: { principal: 38_000.5, interest_rate: 11.5, term_months: 6 },
        session: sessions.agent,
      },
      table: 'loans',
    }),
    createTrackingEvent: async () => ({
      options: {
        body: {
          shipping_order_id: await count(
            `SELECT id FROM shipping_orders WHERE status = 'in_transit' LIMIT 1`,
          ),
          milestone: 'arrived_destination',
          place: 'Port of Alexandria',
          event_time: new Date().toISOString(),
        },
        session: sessions.agent,
      },
      table: 'shipment_tracking',
    }),
    recordLoanTransaction: async () => ({
      options: {
        params: {
          number: String(
            (
              await bo.backoffice.database
                .selectFrom('loans')
                .select('name')
                .where('state', '=', 'approved')
                .orderBy('id')
                .executeTakeFirstOrThrow()
            ).name,
          ),
        },
        body: { type: 'repayment', amount: 125.5, date: new Date().toISOString().slice(0, 10) },
        session: sessions.agent,
      },
      table: 'loan_transactions',
    }),
    createContainer: async () => ({
      options: {
        body: {
          name: 'IDEM 000001-1',
          kind: 'dry',
          size: '20ft',
          capacity_cbm: 33,
          status: 'planned',
          origin: 'china',
          destination: 'Port Said',
          departure_date: null,
          arrival_date: null,
        },
        session: sessions.admin,
      },
      table: 'containers',
    }),
    loadContainer: async () => {
      const db = bo.backoffice.database;
      const order = await db
        .selectFrom('shipping_orders')
        .select(['id', 'origin'])
        .where('container_id', 'is', null)
        .where('status', 'not in', ['delivered', 'cancelled'])
        .where('cbm', '<', 30)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const id = await plannedContainer('IDEM 000002-2', order.origin);
      return {
        options: { params: { id }, body: { order_ids: [order.id] }, session: sessions.admin },
        table: 'shipping_orders',
        where: `container_id = ${id}`,
      };
    },
    addContainerEvent: async () => ({
      options: {
        params: { id: await plannedContainer('IDEM 000003-3', 'india') },
        body: { milestone: 'delayed', place: 'Nhava Sheva', event_time: new Date().toISOString() },
        session: sessions.admin,
      },
      table: 'container_events',
    }),
    postMessage: async () => ({
      options: {
        params: {
          record_type: 'order',
          id: await count(`SELECT id FROM shipping_orders WHERE status = 'in_transit' LIMIT 1`),
        },
        body: { body: 'Is the seal number on the bill of lading?' },
        session: sessions.agent,
      },
      table: 'messages',
    }),
  };

  it('names each idempotent call of the contract here, and no other', () => {
    const idempotent = (Object.keys(calls) as CallName[]).filter(
      (name) => (calls[name] as { idempotent?: true }).idempotent,
    );
    expect(idempotent.sort()).toEqual(Object.keys(creates).sort());
  });

  for (const [name, prepare] of Object.entries(creates)) {
    it(`${name}: sent twice with one key, makes one record and answers the same twice`, async () => {
      const { options, table, where } = await prepare();
      const counted = `SELECT count(*) FROM ${table}${where ? ` WHERE ${where}` : ''}`;
      const before = await count(counted);
      const headers = withKey(randomUUID());
      const first = await bo.call(name as CallName, { ...options, headers });
      const second = await bo.call(name as CallName, { ...options, headers });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await count(counted)).toBe(before + 1);
    });
  }
});

describe('keys kept before the body was fingerprinted as it arrives', () => {
  const keep = async (key: string, fingerprint: string, answer: unknown) => {
    const db = bo.backoffice.database;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'client@example.com')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        call: 'createShippingRequest',
        fingerprint,
        status: 200,
        answer: JSON.stringify(answer),
        created_at: new Date().toISOString(),
      })
      .execute();
  };

  it('still answer their first answer to the same request', async () => {
    const key = randomUUID();
    const body = shippingRequest('client', 'Kept before');
    // As it was computed then: the call, its path parameters and the whole body, hashed at once.
    const whole = createHash('sha256')
      .update(`createShippingRequest\n{}\n${JSON.stringify(body)}`)
      .digest('hex');
    await keep(key, whole, { status: 'success', id: 424242 });
    const before = await count('SELECT count(*) FROM shipping_requests');
    const again = await bo.call('createShippingRequest', {
      body,
      session: sessions.client,
      headers: withKey(key),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'success', id: 424242 });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await count('SELECT count(*) FROM shipping_requests')).toBe(before);
  });

  it('answer a fingerprint of another form as a key used for another request, not as a fault', async () => {
    const key = randomUUID();
    await keep(key, 'fingerprint of another kind', { status: 'success', id: 424243 });
    const result = await bo.call('createShippingRequest', {
      body: shippingRequest('client'),
      session: sessions.client,
      headers: withKey(key),
    });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'idempotency_key_reused' });
  });
});
