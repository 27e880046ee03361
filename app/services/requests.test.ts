import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeError } from './backoffice/client.server';
import {
  composeDescription,
  customerText,
  DEFAULT_DESCRIPTION,
  readDetails,
  requestName,
  sendFailureMessage,
} from './requests.server';

describe('what a request sends (spec section 3)', () => {
  it('names a detailed request by its category and puts the details above the description', () => {
    const draft = {
      service: 'shipping' as const,
      details: {
        category: 'electronics_accessories' as const,
        containerType: 'groupage' as const,
        origin: 'vietnam' as const,
        cbm: 12.5,
      },
      description: 'Fragile, keep dry.',
    };
    expect(requestName(draft)).toBe('electronics and accessories');
    expect(composeDescription(draft)).toBe(
      'Category: electronics and accessories\nContainer type: Groupage\nOrigin: Vietnam\nCBMs required: 12.5\n\nFragile, keep dry.',
    );
    // Staff turning the request into an order start from the same details.
    expect(readDetails(composeDescription(draft))).toEqual(draft.details);
  });

  it("gives the request's page the customer's own words, without the detail lines", () => {
    const description = composeDescription({
      service: 'shipping',
      details: { category: 'toys_games', containerType: 'groupage', origin: 'china', cbm: 3 },
      description: 'Two pallets.\n\nCategory: not a detail line here.',
    });
    expect(customerText(description)).toBe('Two pallets.\n\nCategory: not a detail line here.');
    expect(customerText('Origin: my own words, typed first')).toBe('Origin: my own words, typed first');
    expect(customerText('Please call me.')).toBe('Please call me.');
  });

  it("writes a quotation request's destination below the details, and reads it and the customer's words back", () => {
    const draft = {
      service: 'quotation' as const,
      details: {
        category: 'toys_games' as const,
        containerType: 'groupage' as const,
        origin: 'china' as const,
        cbm: 14,
        destination: 'jebel_ali' as const,
      },
      description: 'Wooden toys.',
    };
    const description = composeDescription(draft);
    expect(description).toBe(
      'Category: toys and games\nContainer type: Groupage\nOrigin: China\nCBMs required: 14\n' +
        'Destination: Jebel Ali, United Arab Emirates\n\nWooden toys.',
    );
    expect(readDetails(description)).toEqual(draft.details);
    expect(customerText(description)).toBe('Wooden toys.');
  });

  it('reads no details from a description without them', () => {
    expect(readDetails('Please call me.\nCBMs required: lots')).toEqual({
      category: undefined,
      containerType: undefined,
      origin: undefined,
      cbm: undefined,
    });
  });

  it('names a service request by its service and fills the default description', () => {
    const draft = { service: 'quotation' as const, description: '   ' };
    expect(requestName(draft)).toBe('Request For Quotation');
    expect(composeDescription(draft)).toBe(DEFAULT_DESCRIPTION);
  });
});

describe('listRequests with a back office that ignores paging', () => {
  let close: () => Promise<void>;
  const all = Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    name: i % 2 ? 'footwear' : 'toys and games',
    service: i % 2 ? 'shipping' : 'quotation',
    partner_id: 7,
    partner_name: 'Nile Star Trading',
    email_from: 'client@example.com',
    description: `request ${i + 1}`,
    expected_revenue: 0,
    status: i % 3 === 0 ? 'approved' : 'pending',
    staff_note: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    attachments: [],
    shipping_order_id: null,
  }));

  beforeAll(async () => {
    const server = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ requests: all, total: all.length }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.BACKOFFICE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-signing-cookies';
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const bound = () =>
    import('./backoffice/signed-in.server').then(({ backofficeFor }) =>
      backofficeFor(new Request('http://portal.invalid/'), { userId: 1, session: 'token' }),
    );
  const signedIn = async () => ({
    session: 'token',
    backoffice: await bound(),
    user: {
      id: 1,
      email: 'c@e.x',
      firstName: 'C',
      lastName: 'E',
      name: 'C E',
      partner_id: 7,
      roles: ['client'],
      role: 'client',
      profile_image: null,
    },
  });

  it('pages what it got, ten at a time', async () => {
    const { listRequests } = await import('./requests.server');
    const third = await listRequests(await signedIn(), { page: 3 });
    expect(third).toMatchObject({ total: 23, page: 3, pages: 3 });
    expect(third.requests.map((r) => r.id)).toEqual([21, 22, 23]);
  });

  it('filters what it got by status, type and search', async () => {
    const { listRequests } = await import('./requests.server');
    const approved = await listRequests(await signedIn(), {
      page: 1,
      status: 'approved',
      service: 'quotation',
    });
    expect(approved.requests.every((r) => r.status === 'approved' && r.service === 'quotation')).toBe(true);
    expect(approved.total).toBe(
      all.filter((r) => r.status === 'approved' && r.service === 'quotation').length,
    );
    const searched = await listRequests(await signedIn(), { page: 1, q: 'request 17' });
    expect(searched.requests.map((r) => r.id)).toEqual([17]);
  });
});

describe('a refused request', () => {
  it('tells the customer their storage is full, on the attachments, when the back office says so', () => {
    const full = new BackofficeError('rejected', 'createShippingRequest', {
      status: 413,
      code: 'storage_quota_exceeded',
    });
    expect(sendFailureMessage(full)).toEqual({ field: 'attachments', message: 'requests:upload.quotaFull' });
  });

  it("says an order that is not the customer's on the order choices, not on the files", () => {
    const foreign = new BackofficeError('rejected', 'createShippingRequest', {
      status: 400,
      code: 'bad_request',
      fields: ['finance.order_ids'],
    });
    expect(sendFailureMessage(foreign)).toEqual({
      field: 'orderIds',
      message: 'requests:finance.notYourOrder',
    });
  });
});
