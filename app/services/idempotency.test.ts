// Create forms sent again (a double click, a retry after "not reachable") make one record: the actions
// against the reference back office, behind a stand-in network that can lose an answer on its way back.
import { addMonths, dayOf } from '@contract/dates';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackoffice } from '../../backoffice/testing';
import { formKeyFor, IDEMPOTENCY_FIELD } from '~/forms/idempotency';
import {
  approvedRequest,
  args,
  cookiesFrom,
  formRequest,
  PORTAL,
  pageRequest,
  startPortalBackoffice,
} from '../../tests/unit/portal-server';
import { flashAfter } from '../../tests/unit/flash';

let reference: TestBackoffice;
let network: Server;
/** The next answer to this call path is lost on its way back to the portal (after the back office saved). */
let loseAnswerTo: string | null = null;
let lostAnswers = 0;
const cookies: Record<string, string> = {};

function readAll(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Forwards every call to the back office; an answer picked by `loseAnswerTo` never comes back. */
async function startNetwork(target: string): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readAll(request);
      const headers = new Headers();
      for (const name of ['accept', 'content-type', 'cookie', 'idempotency-key']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method,
        headers,
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      const text = await answer.text();
      const path = (request.url ?? '').split('?')[0];
      if (request.method === 'POST' && path === loseAnswerTo) {
        // The back office has answered (and saved); the portal waits until its time limit and gives up.
        loseAnswerTo = null;
        lostAnswers += 1;
        return;
      }
      const out: Record<string, string | string[]> = {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      };
      const setCookies = answer.headers.getSetCookie();
      if (setCookies.length > 0) out['set-cookie'] = setCookies;
      response.writeHead(answer.status, out).end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  reference = await startPortalBackoffice();
  network = await startNetwork(reference.backoffice.url);
  process.env.BACKOFFICE_URL = `http://127.0.0.1:${(network.address() as AddressInfo).port}`;
  // A short write limit, so the lost answer is given up on quickly (the default is the spec's minute).
  process.env.BACKOFFICE_TIMEOUT_MS = '1500';
  const { loginAction } = await import('./auth-actions.server');
  for (const who of ['client', 'agent', 'admin']) {
    const response = (await loginAction(
      args(formRequest('/auth/login', { email: `${who}@example.com`, password: 'demo1234' })),
    )) as Response;
    cookies[who] = cookiesFrom(response);
  }
});
afterAll(async () => {
  network?.closeAllConnections();
  await new Promise((resolve) => network?.close(resolve));
  await reference?.dispose();
});

/** The tables the creates below write to. */
type Created =
  | 'shipping_requests'
  | 'partners'
  | 'drivers'
  | 'suppliers'
  | 'shipping_orders'
  | 'loans'
  | 'shipment_tracking';

const rows = async (table: Created) =>
  (
    await reference.backoffice.database
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

function multipart(path: string, cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request(new URL(path, PORTAL), { method: 'POST', body: form, headers: { Cookie: cookie } });
}

type Reply = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

const shipping = {
  category: 'footwear',
  containerType: 'groupage',
  origin: 'india',
  cbm: '14',
  expectedRevenue: '2500',
  description: 'Sandals, 40 cartons, sent once',
};

async function shippingForm(): Promise<string> {
  const { loader } = await import('../routes/_portal.apps.request-for-shipping');
  const page = await loader(args(pageRequest('/apps/request-for-shipping', { cookie: cookies.client })));
  return page.idempotencyKey;
}

async function sendShipping(fields: Record<string, string>) {
  const { action } = await import('../routes/_portal.apps.request-for-shipping');
  return action(args(multipart('/apps/request-for-shipping', cookies.client!, fields)));
}

describe('the hidden key of a create form', () => {
  it('is new on every form the loader serves', async () => {
    const [first, second] = [await shippingForm(), await shippingForm()];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('stays the one sent when the form comes back with what was typed, and is new after a success', () => {
    const sent = { status: 'error' as const, initialValue: { [IDEMPOTENCY_FIELD]: 'sent-key-0123456789' } };
    expect(formKeyFor(sent, 'fresh-key')).toBe('sent-key-0123456789');
    expect(formKeyFor({ status: 'success', initialValue: null }, 'fresh-key')).toBe('fresh-key');
    expect(formKeyFor(undefined, 'fresh-key')).toBe('fresh-key');
  });

  it('comes back in the form refused for a missing field', async () => {
    const key = await shippingForm();
    const reply = (await sendShipping({ ...shipping, category: '', [IDEMPOTENCY_FIELD]: key })) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.initialValue?.[IDEMPOTENCY_FIELD]).toBe(key);
  });
});

describe('a request form sent twice', () => {
  it('makes one request, and both sendings land on it', async () => {
    const fields = { ...shipping, [IDEMPOTENCY_FIELD]: await shippingForm() };
    const before = await rows('shipping_requests');
    const first = (await sendShipping(fields)) as Response;
    const second = (await sendShipping(fields)) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/apps/send-client-requests');
    expect(second.headers.get('Location')).toBe(first.headers.get('Location'));
    // Both say the same request was sent.
    const firstSaid = await flashAfter(first);
    expect(firstSaid?.key).toBe('requests:list.sent');
    expect(await flashAfter(second)).toEqual(firstSaid);
    expect(await rows('shipping_requests')).toBe(before + 1);
  });

  it('after "not reachable" while the back office saved it, sent again: one request, shown as sent', async () => {
    const fields = {
      ...shipping,
      description: 'Sandals, the answer lost',
      [IDEMPOTENCY_FIELD]: await shippingForm(),
    };
    const before = await rows('shipping_requests');
    loseAnswerTo = '/shipping-requests';
    const timedOut = (await sendShipping(fields)) as Reply;
    expect(lostAnswers).toBe(1);
    expect(timedOut.init?.status).toBe(400);
    expect(timedOut.data.error?.['']).toEqual(['common:errors.unavailable']);
    expect(await rows('shipping_requests')).toBe(before + 1);

    const retried = (await sendShipping(fields)) as Response;
    expect(retried.status).toBe(302);
    const id = Number((await flashAfter(retried))?.values?.id);
    expect(await rows('shipping_requests')).toBe(before + 1);
    const stored = await reference.backoffice.database
      .selectFrom('shipping_requests')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.description).toContain('Sandals, the answer lost');
  });

  it('with other content under the same key: says the first was saved, and makes nothing', async () => {
    const key = await shippingForm();
    await sendShipping({ ...shipping, [IDEMPOTENCY_FIELD]: key });
    const before = await rows('shipping_requests');
    const reply = (await sendShipping({ ...shipping, cbm: '15', [IDEMPOTENCY_FIELD]: key })) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error?.['']).toEqual(['common:errors.alreadySent']);
    expect(await rows('shipping_requests')).toBe(before);
  });

  it('without a key (a page from before keys) is still sent, as before', async () => {
    const before = await rows('shipping_requests');
    const response = (await sendShipping({ ...shipping, [IDEMPOTENCY_FIELD]: 'not a key' })) as Response;
    expect(response.status).toBe(302);
    expect(await rows('shipping_requests')).toBe(before + 1);
  });
});

describe('every other create form, sent twice with its key', () => {
  const orderId = async () =>
    (
      await reference.backoffice.database
        .selectFrom('shipping_orders')
        .select('id')
        .where('status', '=', 'in_transit')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const forms: {
    name: string;
    route: string;
    path: () => Promise<{ path: string; params: Record<string, string> }>;
    who: string;
    fields: Record<string, string>;
    table: Created;
  }[] = [
    {
      name: 'a new customer',
      route: '../routes/_portal.apps.customers.new',
      path: async () => ({ path: '/apps/customers/new', params: {} }),
      who: 'admin',
      fields: {
        name: 'Oasis Auto Spares',
        phone: '+966 11 464 2210',
        email: 'twice@oasis-spares.example',
        nationalId: '1048273615',
        gender: 'male',
        dateOfBirth: '1983-02-17',
        clientType: 'company',
        businessIndustry: 'Automotive parts',
      },
      table: 'partners',
    },
    {
      name: 'a new driver',
      route: '../routes/_portal.apps.shipping.drivers.new',
      path: async () => ({ path: '/apps/shipping/drivers/new', params: {} }),
      who: 'agent',
      fields: {
        name: 'Youssef Nabil',
        phone: '+20 111 245 9087',
        licenceNumber: 'EG-DL-TWICE-1',
        active: 'on',
      },
      table: 'drivers',
    },
    {
      name: 'a new supplier',
      route: '../routes/_portal.apps.suppliers.new',
      path: async () => ({ path: '/apps/suppliers/new', params: {} }),
      who: 'agent',
      fields: { name: 'Twice Textiles', active: 'on' },
      table: 'suppliers',
    },
    {
      name: 'a shipping order from a request',
      route: '../routes/_portal.apps.shipping.new-order.$requestId',
      path: async () => {
        const id = String(await approvedRequest(reference, 'shipping'));
        return { path: `/apps/shipping/new-order/${id}`, params: { requestId: id } };
      },
      who: 'agent',
      fields: {
        category: 'electronics_accessories',
        containerType: 'groupage',
        origin: 'china',
        cbm: '14.5',
      },
      table: 'shipping_orders',
    },
    {
      name: 'a loan from a request',
      route: '../routes/_portal.apps.loans.new-loan.$requestId',
      path: async () => {
        const id = String(await approvedRequest(reference, 'trade_finance'));
        return { path: `/apps/loans/new-loan/${id}`, params: { requestId: id } };
      },
      who: 'agent',
      // The confirmed terms (the second step's "yes").
      fields: {
        principal: '38000',
        interestRate: '8',
        arrangementFee: '380',
        termMonths: '6',
        firstDueDate: addMonths(dayOf(new Date()), 1),
        intent: 'approve',
      },
      table: 'loans',
    },
    {
      name: 'a tracking event',
      route: '../routes/_portal.apps.shipping-details.$id',
      path: async () => {
        const id = await orderId();
        return { path: `/apps/shipping-details/${id}`, params: { id: String(id) } };
      },
      who: 'agent',
      fields: {
        formId: 'tracking-new',
        milestone: 'arrived_destination',
        place: 'Port of Alexandria',
        eventTime: '2026-03-02T09:30',
      },
      table: 'shipment_tracking',
    },
  ];

  for (const form of forms) {
    it(`${form.name}: one record, and both sendings land on it`, async () => {
      const route = (await import(/* @vite-ignore */ form.route)) as {
        loader: (a: unknown) => Promise<{ idempotencyKey?: string }>;
        action: (a: unknown) => Promise<unknown>;
      };
      const { path, params } = await form.path();
      const cookie = cookies[form.who]!;
      const page = await route.loader({ ...args(pageRequest(path, { cookie })), params });
      expect(page.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      const fields = {
        requestId: params.requestId ?? '',
        ...form.fields,
        [IDEMPOTENCY_FIELD]: page.idempotencyKey!,
      };
      const before = await rows(form.table);
      const send = async () =>
        (await route.action({ ...args(formRequest(path, fields, { cookie })), params })) as Response;
      const first = await send();
      const second = await send();
      expect(first.status, JSON.stringify(first)).toBe(302);
      expect(second.status).toBe(302);
      expect(second.headers.get('Location')).toBe(first.headers.get('Location'));
      expect(await rows(form.table)).toBe(before + 1);
    });
  }
});
