import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeError } from './backoffice/client.server';
import { customerText, readDetails } from '~/request-details';
import {
  composeDescription,
  DEFAULT_DESCRIPTION,
  readRequest,
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

describe('how a request is read for its screens', () => {
  const sent = {
    id: 41,
    name: 'toys and games',
    service: 'quotation' as const,
    origin: 'china' as const,
    destination: 'jebel_ali' as const,
    partner_id: 7,
    partner_name: 'Nile Star Trading',
    email_from: 'client@example.com',
    description:
      'Category: toys and games\nContainer type: Groupage\nOrigin: China\nCBMs required: 14\n' +
      'Destination: Jebel Ali, United Arab Emirates\n\nWooden toys.',
    expected_revenue: 0,
    status: 'pending' as const,
    staff_note: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    attachments: [],
    shipping_order_id: null,
  };

  it("takes the back office's codes over the description's lines", () => {
    // A back office that kept the codes; the lines say otherwise (they are only for reading).
    const read = readRequest({
      ...sent,
      origin: 'vietnam',
      details: { category: 'footwear', container_type: 'housebill', cbm: 3.5 },
    });
    expect(read.choices).toEqual({
      category: 'footwear',
      containerType: 'housebill',
      cbm: 3.5,
      origin: 'vietnam',
      destination: 'jebel_ali',
    });
    expect(read.text).toBe('Wooden toys.');
    expect(read.details).toEqual({ category: 'footwear', container_type: 'housebill', cbm: 3.5 });
  });

  it('reads the description when the back office returns no codes (it ignores the extension)', () => {
    for (const request of [sent, { ...sent, details: null }]) {
      const read = readRequest(request);
      expect(read.choices).toEqual({
        category: 'toys_games',
        containerType: 'groupage',
        origin: 'china',
        cbm: 14,
        destination: 'jebel_ali',
      });
      expect(read.text).toBe('Wooden toys.');
    }
    const service = readRequest({ ...sent, service: 'other', description: DEFAULT_DESCRIPTION });
    expect(service.choices.category).toBeUndefined();
    expect(service.text).toBe('');
  });
});

describe('listRequests with a back office that ignores paging', () => {
  let close: () => Promise<void>;
  /** What the portal last sent with a body. */
  let received: unknown;
  const all = Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    name: i % 2 ? 'footwear' : 'toys and games',
    service: i % 2 ? 'shipping' : 'quotation',
    partner_id: 7,
    partner_name: 'Nile Star Trading',
    email_from: 'client@example.com',
    description:
      i === 0
        ? 'Category: toys and games\nContainer type: Housebill\nOrigin: Vietnam\nCBMs required: 2\n\nrequest 1'
        : `request ${i + 1}`,
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
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const answer = (body: unknown) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.method === 'GET') return answer({ requests: all, total: all.length });
        received = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        // A back office that ignores the codes answers the request without them.
        return answer(all[0]);
      });
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

  it('reads the choices of the requests it got from their descriptions, as it got no codes', async () => {
    const { listRequests } = await import('./requests.server');
    const first = await listRequests(await signedIn(), { page: 1, q: 'request 1' });
    const [read] = first.requests.filter((r) => r.id === 1);
    expect(read?.choices).toMatchObject({ category: 'toys_games', containerType: 'housebill', cbm: 2 });
    expect(read?.text).toBe('request 1');
  });

  it('sends the choices as codes beside the readable lines', async () => {
    const { correctRequest } = await import('./requests.server');
    const draft = {
      service: 'shipping' as const,
      details: {
        category: 'toys_games' as const,
        containerType: 'housebill' as const,
        origin: 'vietnam' as const,
        cbm: 2,
      },
      description: 'Wooden toys.',
    };
    await correctRequest(await signedIn(), 1, draft);
    expect(received).toEqual({
      name: 'toys and games',
      description: composeDescription(draft),
      expected_revenue: 0,
      service: 'shipping',
      origin: 'vietnam',
      details: { category: 'toys_games', container_type: 'housebill', cbm: 2 },
    });
    await correctRequest(await signedIn(), 1, { service: 'other', description: 'Call me.' });
    expect(received).not.toHaveProperty('details');
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
