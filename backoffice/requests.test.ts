import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentFile,
  backofficeUser,
  createdAnswer,
  shippingRequest,
  shippingRequestsAnswer,
  type ShippingRequest,
  type ShippingRequestCreate,
} from '@contract';
import { createShippingRequest, storedBytes } from './requests';
import { demoPdf } from './pdf';
import { originNamedIn } from './seed';
import {
  startTestBackoffice,
  type CallOptions,
  type TestBackoffice,
  signInDemoAccounts,
  type DemoAccount,
  SAMPLE_IMAGES,
} from './testing';

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
const mismatch = 'The file content does not match its type';

const files = {
  pdf: demoPdf(['Commercial invoice', 'INV-2024-118']),
  ...SAMPLE_IMAGES,
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  zip: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26, 1)]),
  ole: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(24, 0x20)]),
  csv: Buffer.from('item;qty;unit price\nRattan chair;120;18.50\nSide table "Hoi An";40;32.00\n', 'utf8'),
};

function upload(filename: string, data: Buffer) {
  return { filename, data: data.toString('base64') };
}

function draft(who: Who, extra: Partial<ShippingRequestCreate> = {}): ShippingRequestCreate {
  return {
    partner_id: partners[who],
    email_from: `${who}@example.com`,
    name: 'footwear',
    description: 'Category: footwear\nContainer type: Groupage\nOrigin: Vietnam\nCBMs required: 4',
    expected_revenue: 640,
    ...extra,
  };
}

async function counts() {
  const count = async (table: 'shipping_requests' | 'request_attachments') =>
    (
      await bo.backoffice.database
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return { requests: await count('shipping_requests'), attachments: await count('request_attachments') };
}

async function create(who: Who, body: ShippingRequestCreate, session = sessions[who]): Promise<number> {
  const result = await bo.call('createShippingRequest', { body, session });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return createdAnswer.parse(result.body).id;
}

async function get(id: number, who: Who): Promise<ShippingRequest> {
  const result = await bo.call('getShippingRequest', { params: { id }, session: sessions[who] });
  expect(result.status).toBe(200);
  return shippingRequest.parse(result.body);
}

async function list(who: Who, query: CallOptions['query'] = {}) {
  const result = await bo.call('listShippingRequests', { query, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return shippingRequestsAnswer.parse(result.body);
}

describe('the seeded requests', () => {
  it('give the first customer a pending, an approved and a rejected request', async () => {
    const { requests, total } = await list('client');
    const seeded = requests.filter((request) => request.email_from === 'client@example.com').slice(-3);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(seeded.map((request) => [request.status, request.service, request.name])).toEqual([
      ['pending', 'shipping', 'electronics and accessories'],
      ['approved', 'quotation', 'Request For Quotation'],
      ['rejected', 'trade_finance', 'Trade Finance'],
    ]);
    const [pending, approved, rejected] = seeded as [ShippingRequest, ShippingRequest, ShippingRequest];
    expect(pending).toMatchObject({ staff_note: null, reviewed_by: null, partner_name: 'Nile Star Trading' });
    expect(pending.description).toMatch(/^Category: electronics and accessories\nContainer type: /);
    expect(approved).toMatchObject({
      staff_note: 'Rates sent by e-mail; valid 30 days.',
      reviewed_by: 'Omar Farouk',
    });
    expect(rejected).toMatchObject({
      staff_note: 'Please attach the pro-forma invoice and resubmit.',
      reviewed_by: 'Omar Farouk',
    });
    for (const request of seeded) {
      expect(request.expected_revenue).toBeGreaterThan(0);
      expect(Date.parse(request.created_at)).toBeLessThan(Date.now());
    }
    expect(Date.parse(approved.reviewed_at!)).toBeGreaterThan(Date.parse(approved.created_at));

    expect(pending.attachments).toEqual([
      {
        id: expect.any(Number),
        filename: 'packing-list.pdf',
        mimetype: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    const file = await bo.call('getShippingRequestAttachment', {
      params: { id: pending.id, attachment_id: pending.attachments[0]!.id },
      session: sessions.client,
    });
    const pdf = Buffer.from(attachmentFile.parse(file.body).data, 'base64');
    expect(pdf.length).toBe(pending.attachments[0]!.size);
    expect(pdf.length).toBeLessThan(2000);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('(Packing list) Tj');
  });

  it('carry the origin their description names, and none when it names none', async () => {
    const seeded = (await list('agent')).requests.filter((request) =>
      request.email_from.endsWith('@example.com'),
    );
    const origins = seeded.map((request) => [request.email_from, request.name, request.origin ?? null]);
    expect(origins).toEqual(
      expect.arrayContaining([
        ['client@example.com', 'electronics and accessories', 'china'],
        ['client@example.com', 'Request For Quotation', 'vietnam'],
        // "from India" in its own words, but no "Origin:" line.
        ['client@example.com', 'Trade Finance', null],
        ['client2@example.com', 'toys and games', 'vietnam'],
        ['client2@example.com', 'Request For Quotation', 'india'],
      ]),
    );
    expect(originNamedIn('Category: other\nOrigin: Dubai\n\nText')).toBe('dubai');
    expect(originNamedIn('Ships from Origin: China')).toBeNull();
    expect(originNamedIn('Origin: Mars')).toBeNull();
  });

  it('carry the codes of their detail lines, and none without those lines', async () => {
    const seeded = (await list('agent')).requests.filter((request) =>
      request.email_from.endsWith('@example.com'),
    );
    const details = seeded.map((request) => [request.email_from, request.name, request.details ?? null]);
    expect(details).toEqual(
      expect.arrayContaining([
        [
          'client@example.com',
          'electronics and accessories',
          { category: 'electronics_accessories', container_type: 'full_container_load', cbm: 28 },
        ],
        [
          'client@example.com',
          'Request For Quotation',
          { category: 'furniture_home_decor', container_type: 'groupage', cbm: 12 },
        ],
        ['client@example.com', 'Trade Finance', null],
        [
          'client2@example.com',
          'toys and games',
          { category: 'toys_games', container_type: 'housebill', cbm: 6 },
        ],
        [
          'client2@example.com',
          'Request For Quotation',
          { category: 'food_beverages', container_type: 'full_container_load', cbm: 33 },
        ],
      ]),
    );
  });

  it('give the second customer a pending and an approved request', async () => {
    const { requests } = await list('client2');
    const seeded = requests.filter((request) => request.email_from === 'client2@example.com').slice(-2);
    expect(seeded.map((request) => request.status)).toEqual(['pending', 'approved']);
    expect(seeded[1]).toMatchObject({ reviewed_by: 'Amina Haddad', partner_name: 'Jade Harbor Imports' });
  });

  it('make a demo PDF whose cross-reference table points at its objects', () => {
    const pdf = demoPdf(['Packing list', 'Cartons (260) \\ pallets']).toString('latin1');
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 5)).toBe('xref\n');
    const entries = pdf.slice(xref).split('\n').slice(3, 8);
    entries.forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(pdf.slice(Number(entry.slice(0, 10)))).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)![1]);
    const start = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(start + length, start + length + 10)).toBe('\nendstream');
    expect(pdf).toContain('(Cartons \\(260\\) \\\\ pallets) Tj');
  });
});

describe('POST /shipping-requests', () => {
  it('stores a request without attachments, with the defaults and the time of the app clock', async () => {
    bo.clock.offsetMs = -3_600_000;
    try {
      const body = draft('client');
      delete body.expected_revenue;
      const id = await create('client', body);
      const request = await get(id, 'client');
      expect(request).toMatchObject({
        id,
        name: 'footwear',
        service: null,
        partner_id: partners.client,
        partner_name: 'Nile Star Trading',
        email_from: 'client@example.com',
        expected_revenue: 0,
        status: 'pending',
        staff_note: null,
        reviewed_by: null,
        reviewed_at: null,
        attachments: [],
        shipping_order_id: null,
      });
      expect(request.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(request.created_at) - (Date.now() - 3_600_000))).toBeLessThan(10_000);
    } finally {
      bo.clock.offsetMs = 0;
    }
  });

  it('stores every allowed kind of file, and gives each back byte for byte', async () => {
    const uploads = [
      ['invoice.PDF', files.pdf, 'application/pdf'],
      ['photo.png', files.png, 'image/png'],
      ['label.jpeg', files.jpeg, 'image/jpeg'],
      ['pallets.webp', files.webp, 'image/webp'],
      ['items.csv', files.csv, 'text/csv'],
    ] as const;
    const id = await create(
      'client',
      draft('client', {
        service: 'shipping',
        attachments: uploads.map(([filename, data]) => upload(filename, data)),
      }),
    );
    const request = await get(id, 'client');
    expect(request.service).toBe('shipping');
    expect(request.attachments.map(({ filename, mimetype, size }) => [filename, mimetype, size])).toEqual(
      uploads.map(([filename, data, mimetype]) => [filename, mimetype, data.length]),
    );
    for (const [index, attachment] of request.attachments.entries()) {
      const result = await bo.call('getShippingRequestAttachment', {
        params: { id, attachment_id: attachment.id },
        session: sessions.client,
      });
      expect(result.status).toBe(200);
      const file = attachmentFile.parse(result.body);
      expect(file.filename).toBe(uploads[index]![0]);
      expect(file.mimetype).toBe(uploads[index]![2]);
      expect(Buffer.from(file.data, 'base64').equals(uploads[index]![1])).toBe(true);
    }

    const more = [
      ['scan.jpg', files.jpeg],
      ['map.gif', files.gif],
      ['contract.docx', files.zip],
      ['prices.xlsx', files.zip],
      ['deck.pptx', files.zip],
    ] as const;
    const office = [
      ['letter.odt', files.zip],
      ['sheet.ods', files.zip],
      ['old.doc', files.ole],
      ['old.xls', files.ole],
      ['old.ppt', files.ole],
    ] as const;
    for (const batch of [more, office]) {
      const other = await create(
        'client',
        draft('client', { attachments: batch.map(([filename, data]) => upload(filename, data)) }),
      );
      expect((await get(other, 'client')).attachments).toHaveLength(5);
    }
  });

  it('refuses a file whose content is not of its type, storing nothing', async () => {
    const before = await counts();
    const cases: [string, Buffer][] = [
      ['invoice.pdf', files.png],
      ['photo.png', files.jpeg],
      ['photo.jpg', files.pdf],
      ['anim.gif', files.png],
      ['pic.webp', Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1')])],
      ['contract.docx', files.ole],
      ['old.doc', files.zip],
      ['items.csv', Buffer.from('a,b\n1,\x00\n')],
      ['items.csv', Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])],
    ];
    for (const [filename, data] of cases) {
      const result = await bo.call('createShippingRequest', {
        body: draft('client', { attachments: [upload('fine.pdf', files.pdf), upload(filename, data)] }),
        session: sessions.client,
      });
      expect(result.status, filename).toBe(400);
      expect(result.body).toEqual({
        error: 'The request is invalid',
        code: 'bad_request',
        issues: [{ path: 'attachments.1', message: mismatch }],
      });
    }
    // Every mismatching file is named, and base64 with bits left over is not a file either.
    const several = await bo.call('createShippingRequest', {
      body: draft('client', {
        attachments: [
          upload('a.png', files.pdf),
          upload('b.pdf', files.pdf),
          { filename: 'c.pdf', data: 'JVBERi1=' },
        ],
      }),
      session: sessions.client,
    });
    expect(several.status).toBe(400);
    expect(several.body).toMatchObject({
      issues: [
        { path: 'attachments.0', message: mismatch },
        { path: 'attachments.2', message: mismatch },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 naming it, storing nothing', async () => {
    const before = await counts();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    files.pdf.copy(big);
    const result = await bo.call('createShippingRequest', {
      body: draft('client', { attachments: [upload('small.pdf', files.pdf), upload('huge scan.pdf', big)] }),
      session: sessions.client,
    });
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({
      code: 'payload_too_large',
      error: expect.stringContaining('huge scan.pdf'),
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses six files, a type not allowed and a name without extension, storing nothing', async () => {
    const before = await counts();
    const six = await bo.call('createShippingRequest', {
      body: draft('client', {
        attachments: Array.from({ length: 6 }, (_, i) => upload(`${i}.pdf`, files.pdf)),
      }),
      session: sessions.client,
    });
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'attachments' }] });
    for (const filename of ['setup.exe', 'README', 'archive.pdf.zip']) {
      const result = await bo.call('createShippingRequest', {
        body: draft('client', { attachments: [upload(filename, files.zip)] }),
        session: sessions.client,
      });
      expect(result.status, filename).toBe(400);
      expect(result.body).toMatchObject({ issues: [{ path: 'attachments.0.filename' }] });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 to a client filing for another customer, and stores nothing', async () => {
    const before = await counts();
    for (const partnerId of [partners.client2, partners.admin, 99999]) {
      const result = await bo.call('createShippingRequest', {
        body: draft('client', { partner_id: partnerId, attachments: [upload('a.pdf', files.pdf)] }),
        session: sessions.client,
      });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await counts()).toEqual(before);
  });

  it("lets staff file for any customer, but not for the staff's partner or an unknown one", async () => {
    const id = await create('client2', draft('client2', { name: 'Filed by staff' }), sessions.agent);
    expect(await get(id, 'client2')).toMatchObject({
      partner_name: 'Jade Harbor Imports',
      name: 'Filed by staff',
    });
    for (const partnerId of [partners.agent, 99999]) {
      const result = await bo.call('createShippingRequest', {
        body: draft('client2', { partner_id: partnerId }),
        session: sessions.admin,
      });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it('refuses a call without a session even with a large body, without reading it', async () => {
    const result = await bo.call('createShippingRequest', {
      body: draft('client', {
        attachments: [upload('a.pdf', Buffer.concat([files.pdf, Buffer.alloc(3e6)]))],
      }),
    });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: 'unauthorized' });
  });
});

describe('body limits', () => {
  it("accepts a body over the default 1 MB on this call (the contract's limit)", async () => {
    const data = Buffer.concat([files.pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const id = await create('client', draft('client', { attachments: [upload('large.pdf', data)] }));
    expect((await get(id, 'client')).attachments[0]!.size).toBe(data.length);
  });

  it('refuses a declared body over the 72 MB of the contract before reading it', async () => {
    const url = new URL('/shipping-requests', bo.backoffice.url);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(72 * 1024 * 1024 + 1),
          cookie: `bo_session=${sessions.client}`,
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: text });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write('{"partner_id": ');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      error: `The body is larger than ${72 * 1024 * 1024} bytes`,
      code: 'payload_too_large',
    });
  });

  it('honours a limit given for one call, streamed or declared, and keeps 1 MB for the others', async () => {
    const limit = 2 * 1024 * 1024;
    const own = await startTestBackoffice({ bodyLimits: { createShippingRequest: limit } });
    try {
      const login = await own.call('login', { body: { email: 'client@example.com', password: 'demo1234' } });
      const partnerId = backofficeUser.parse(login.body).partner_id!;
      const session = await own.login('client@example.com');
      const body = (bytes: number) =>
        draft('client', {
          partner_id: partnerId,
          attachments: [upload('scan.pdf', Buffer.concat([files.pdf, Buffer.alloc(bytes, 0x20)]))],
        });
      expect((await own.call('createShippingRequest', { body: body(1.4e6), session })).status).toBe(200);
      const over = await own.call('createShippingRequest', { body: body(1.6e6), session });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ error: `The body is larger than ${limit} bytes` });

      const json = new TextEncoder().encode(JSON.stringify(body(1.6e6)));
      let sent = 0;
      const streamed = await fetch(new URL('/shipping-requests', own.backoffice.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `bo_session=${session}` },
        body: new ReadableStream({
          pull(controller) {
            if (sent >= json.length) return controller.close();
            controller.enqueue(json.subarray(sent, sent + 64 * 1024));
            sent += 64 * 1024;
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);

      const review = await fetch(new URL('/shipping-requests/1', own.backoffice.url), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: `bo_session=${session}` },
        body: JSON.stringify({ status: 'approved', note: 'x'.repeat(1.1e6) }),
      });
      expect(review.status).toBe(413);
      expect(await review.json()).toMatchObject({ error: `The body is larger than ${1024 * 1024} bytes` });
    } finally {
      await own.dispose();
    }
  });
});

describe('GET /shipping-requests and /shipping-requests/:id', () => {
  let clientRequest: number;
  let client2Request: number;
  beforeAll(async () => {
    clientRequest = await create(
      'client',
      draft('client', {
        name: 'Glassware 100% tempered_safe',
        service: 'quotation',
        description: 'Verres trempés ÉCLAT from Dubai, 深圳 factory',
        attachments: [upload('quote.pdf', files.pdf)],
      }),
    );
    client2Request = await create(
      'client2',
      draft('client2', {
        name: 'Porcelain mosaic',
        service: 'other',
        attachments: [upload('tiles.png', files.png)],
      }),
    );
  });

  it("shows a client only its own customer's requests, newest first", async () => {
    for (const [who, other] of [
      ['client', 'client2'],
      ['client2', 'client'],
    ] as const) {
      const { requests, total } = await list(who);
      expect(requests.length).toBe(total);
      expect(requests.every((request) => request.partner_id === partners[who])).toBe(true);
      const times = requests.map((request) => request.created_at);
      expect(times).toEqual([...times].sort().reverse());
      // Asking for the other customer gives nothing rather than its requests.
      expect(await list(who, { partner_id: partners[other] })).toEqual({ requests: [], total: 0 });
      expect((await list(who, { search: 'porcelain MOSAIC' })).total).toBe(who === 'client2' ? 1 : 0);
    }
  });

  it("answers 404 for another customer's request or attachment, and for unknown ones", async () => {
    const other = await get(client2Request, 'client2');
    const own = await get(clientRequest, 'client');
    const refused: [CallOptions['params'], 'getShippingRequest' | 'getShippingRequestAttachment'][] = [
      [{ id: client2Request }, 'getShippingRequest'],
      [{ id: 99999 }, 'getShippingRequest'],
      [{ id: client2Request, attachment_id: other.attachments[0]!.id }, 'getShippingRequestAttachment'],
      // Another customer's file through one's own request id.
      [{ id: clientRequest, attachment_id: other.attachments[0]!.id }, 'getShippingRequestAttachment'],
      [{ id: clientRequest, attachment_id: 99999 }, 'getShippingRequestAttachment'],
    ];
    for (const [params, call] of refused) {
      const result = await bo.call(call, { params, session: sessions.client });
      expect(result.status, JSON.stringify(params)).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    const ownFile = await bo.call('getShippingRequestAttachment', {
      params: { id: clientRequest, attachment_id: own.attachments[0]!.id },
      session: sessions.client,
    });
    expect(ownFile.status).toBe(200);
  });

  it('shows staff every request, and filters by status, service, customer and search', async () => {
    for (const who of ['admin', 'agent'] as const) {
      const all = await list(who);
      const customers = new Set(all.requests.map((request) => request.partner_id));
      expect(customers).toEqual(new Set([partners.client, partners.client2]));
      expect((await get(client2Request, who)).partner_name).toBe('Jade Harbor Imports');

      const approved = await list(who, { status: 'approved' });
      expect(approved.total).toBeGreaterThanOrEqual(2);
      expect(approved.requests.every((request) => request.status === 'approved')).toBe(true);
      const finance = await list(who, { service: 'trade_finance' });
      expect(finance.requests.map((request) => request.name)).toEqual(['Trade Finance']);
      const jade = await list(who, { partner_id: partners.client2 });
      expect(jade.total).toBeGreaterThan(0);
      expect(jade.requests.every((request) => request.partner_name === 'Jade Harbor Imports')).toBe(true);
      const both = await list(who, {
        partner_id: partners.client2,
        status: 'approved',
        service: 'quotation',
      });
      expect(both.requests.map((request) => request.partner_id)).toEqual([partners.client2]);
    }
    const ids = async (query: CallOptions['query']) =>
      (await list('agent', query)).requests.map((request) => request.id);
    expect(await ids({ search: 'glassware 100%' })).toEqual([clientRequest]);
    expect(await ids({ search: 'tempered_safe' })).toEqual([clientRequest]);
    // % and _ are themselves, not wildcards.
    expect(await ids({ search: '0%t' })).toEqual([]);
    expect(await ids({ search: 'tempered_' })).toEqual([clientRequest]);
    expect(await ids({ search: 'glassware_100' })).toEqual([]);
    expect(await ids({ search: 'éclat' })).toEqual([clientRequest]);
    expect(await ids({ search: 'VERRES TREMPÉS' })).toEqual([clientRequest]);
    expect(await ids({ search: '深圳 FACTORY' })).toEqual([clientRequest]);
    expect(await ids({ search: 'CLIENT2@EXAMPLE' })).toContain(client2Request);
    expect(await ids({ search: 'jade harbor', service: 'other' })).toEqual([client2Request]);
    expect(await ids({ search: String(client2Request) })).toContain(client2Request);
    expect(await ids({ search: 'nothing like this' })).toEqual([]);
  });

  it('refuses filters outside the contract', async () => {
    const queries: Record<string, string | number>[] = [
      { status: 'draft' },
      { origin: 'mars' },
      { origin: 'China' },
      { service: 'cargo' },
      { limit: 101 },
      { offset: -1 },
      { partner_id: 'x' },
    ];
    for (const query of queries) {
      const result = await bo.call('listShippingRequests', { query, session: sessions.agent });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.body).toMatchObject({ code: 'bad_request', issues: [{ path: Object.keys(query)[0] }] });
    }
  });
});

describe('origin', () => {
  it('is stored and answered when sent, null otherwise, and only one of the four', async () => {
    const withOrigin = await create('client', draft('client', { name: 'Origin sent', origin: 'dubai' }));
    const without = await create('client', draft('client', { name: 'Origin not sent' }));
    expect((await get(withOrigin, 'client')).origin).toBe('dubai');
    expect((await get(without, 'agent')).origin).toBeNull();
    const origin = async (id: number) =>
      (
        await bo.backoffice.database
          .selectFrom('shipping_requests')
          .select('origin')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).origin;
    expect(await origin(withOrigin)).toBe('dubai');
    expect(await origin(without)).toBeNull();

    const before = await counts();
    const refused = await bo.call('createShippingRequest', {
      body: { ...draft('client'), origin: 'mars' },
      session: sessions.client,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'origin' }] });
    expect(await counts()).toEqual(before);
    await expect(
      bo.backoffice.database
        .updateTable('shipping_requests')
        .set({ origin: 'mars' })
        .where('id', '=', without)
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it("filters the list, within the caller's scope and with the other filters", async () => {
    const india = await create('client2', draft('client2', { name: 'Basmati rice', origin: 'india' }));
    const vietnam = await create(
      'client',
      draft('client', { name: 'Bamboo blinds', service: 'quotation', origin: 'vietnam' }),
    );
    for (const who of ['agent', 'admin'] as const) {
      const found = await list(who, { origin: 'india' });
      expect(found.total).toBe(found.requests.length);
      expect(found.requests.every((request) => request.origin === 'india')).toBe(true);
      expect(found.requests.map((request) => request.id)).toContain(india);
      expect(found.requests.map((request) => request.id)).not.toContain(vietnam);
      const narrowed = await list(who, { origin: 'vietnam', service: 'quotation', search: 'bamboo blinds' });
      expect(narrowed.requests.map((request) => request.id)).toEqual([vietnam]);
    }
    const own = await list('client', { origin: 'india' });
    expect(own.requests.every((request) => request.partner_id === partners.client)).toBe(true);
    expect(own.requests.map((request) => request.id)).not.toContain(india);
    expect((await list('client2', { origin: 'india' })).requests.map((request) => request.id)).toContain(
      india,
    );
    // Requests without an origin match no origin.
    const all = await list('agent', { limit: 100 });
    const unknown = all.requests.filter((request) => request.origin === null).map((request) => request.id);
    expect(unknown.length).toBeGreaterThan(0);
    for (const origin of ['china', 'dubai', 'vietnam', 'india']) {
      const ids = (await list('agent', { origin, limit: 100 })).requests.map((request) => request.id);
      expect(ids.filter((id) => unknown.includes(id))).toEqual([]);
    }
    // A warehouse's queue asks for them too: its origin's requests and those without one, no other.
    const queue = await list('agent', { origin: 'india', with_unknown_origin: 'true', limit: 100 });
    const queued = queue.requests.map((request) => request.id);
    expect(queued).toContain(india);
    expect(queued).toEqual(expect.arrayContaining(unknown.filter((id) => id < india)));
    expect(queued).not.toContain(vietnam);
    expect(queue.requests.every((request) => request.origin === 'india' || request.origin === null)).toBe(
      true,
    );
    expect(queue.total).toBe(queue.requests.length);
  });
});

describe('details (the choices as codes)', () => {
  const codes = { category: 'toys_games', container_type: 'housebill', cbm: 6.125 } as const;

  it('are stored and answered when sent, by the request and the list; null otherwise', async () => {
    const id = await create('client', draft('client', { name: 'Coded toys', details: codes }));
    const without = await create('client', draft('client', { name: 'Uncoded' }));
    expect((await get(id, 'client')).details).toEqual(codes);
    expect((await get(id, 'agent')).details).toEqual(codes);
    // The description stays as it was sent (a back office without the extension shows only it).
    expect((await get(id, 'client')).description).toBe(draft('client').description);
    expect((await get(without, 'client')).details).toBeNull();
    const listed = await list('agent', { search: 'coded', limit: 100 });
    expect(listed.requests.find((request) => request.id === id)?.details).toEqual(codes);
    expect(listed.requests.find((request) => request.id === without)?.details).toBeNull();
    expect((await list('client', { search: 'coded toys' })).requests.map((r) => r.details)).toEqual([codes]);
  });

  it("are refused with 400 on the field when a code is not the catalog's, storing nothing", async () => {
    const before = await counts();
    for (const [details, path] of [
      [{ ...codes, category: 'spaceships' }, 'details.category'],
      [{ ...codes, container_type: 'barrel' }, 'details.container_type'],
      [{ ...codes, cbm: 0 }, 'details.cbm'],
      [{ ...codes, cbm: 1.2345 }, 'details.cbm'],
      [{ category: 'toys_games', container_type: 'housebill' }, 'details.cbm'],
    ] as const) {
      const refused = await bo.call('createShippingRequest', {
        body: { ...draft('client'), details } as unknown as ShippingRequestCreate,
        session: sessions.client,
      });
      expect(refused.status, JSON.stringify(details)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'bad_request', issues: [{ path }] });
    }
    expect(await counts()).toEqual(before);
    const id = await create('client', draft('client', { name: 'Checked toys' }));
    await expect(
      bo.backoffice.database
        .updateTable('shipping_requests')
        .set({ container_type: 'barrel' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('are replaced whole by a correction, and left out are none any more', async () => {
    const id = await create('client', draft('client', { name: 'Corrected toys', details: codes }));
    const correct = (body: Record<string, unknown>) =>
      bo.call('correctShippingRequest', {
        params: { id },
        body: { name: 'footwear', description: 'Category: footwear', ...body },
        session: sessions.client,
      });
    const changed = { category: 'footwear', container_type: 'groupage', cbm: 4 } as const;
    const corrected = await correct({ service: 'shipping', details: changed });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(shippingRequest.parse(corrected.body).details).toEqual(changed);
    expect((await get(id, 'agent')).details).toEqual(changed);
    const refused = await correct({ details: { ...changed, category: 'spaceships' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ path: 'details.category' }] });
    expect((await get(id, 'client')).details).toEqual(changed);
    const plain = await correct({ service: 'other' });
    expect(plain.status).toBe(200);
    expect(shippingRequest.parse(plain.body).details).toBeNull();
  });
});

describe('paging', () => {
  it('pages a few hundred requests in SQL, with the total before limit and offset', async () => {
    const own = await startTestBackoffice();
    try {
      const session = await own.login('client2@example.com');
      const partnerId = backofficeUser.parse(
        (await own.call('login', { body: { email: 'client2@example.com', password: 'demo1234' } })).body,
      ).partner_id!;
      for (let i = 0; i < 300; i++) {
        const result = await own.call('createShippingRequest', {
          session,
          body: {
            ...draft('client2', { partner_id: partnerId }),
            name: `Batch ${i}`,
            service: i % 3 === 0 ? 'quotation' : 'shipping',
          },
        });
        expect(result.status).toBe(200);
      }
      const page = async (query: CallOptions['query']) =>
        shippingRequestsAnswer.parse((await own.call('listShippingRequests', { query, session })).body);

      const first = await page({ search: 'batch', limit: 10 });
      expect(first.total).toBe(300);
      expect(first.requests.map((request) => request.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Batch ${299 - i}`),
      );
      const seen = new Set<number>();
      for (let offset = 0; offset < 300; offset += 100) {
        const answer = await page({ search: 'Batch', limit: 100, offset });
        expect(answer.total).toBe(300);
        expect(answer.requests).toHaveLength(100);
        for (const request of answer.requests) seen.add(request.id);
      }
      expect(seen.size).toBe(300);
      expect(await page({ search: 'batch', offset: 295, limit: 10 })).toMatchObject({ total: 300 });
      expect((await page({ search: 'batch', offset: 295, limit: 10 })).requests).toHaveLength(5);
      expect((await page({ search: 'batch', offset: 400 })).requests).toEqual([]);
      expect((await page({ search: 'batch', service: 'quotation', limit: 5 })).total).toBe(100);
      // Without a limit: at most 100.
      expect((await page({})).requests).toHaveLength(100);
    } finally {
      await own.dispose();
    }
  });

  it('stays fast with 10 000 requests', async () => {
    const own = await startTestBackoffice();
    try {
      const db = own.backoffice.database;
      // The two demo customers with accounts: the totals below split the requests between them.
      const customers = (
        await db
          .selectFrom('users')
          .select('partner_id')
          .distinct()
          .where('email', 'in', ['client@example.com', 'client2@example.com'])
          .orderBy('partner_id')
          .execute()
      ).map((row) => row.partner_id);
      const start = Date.parse('2024-01-01T00:00:00Z');
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 10_000; i++) {
          await createShippingRequest(
            trx,
            {
              partnerId: customers[i % customers.length]!,
              emailFrom: 'bulk@example.com',
              name: `Bulk ${i}`,
              service: 'shipping',
              origin: 'india',
              description: `Category: other\nContainer type: Groupage\nOrigin: India\nCBMs required: ${i % 40}\n\nLot ${i}`,
              expectedRevenue: i,
              attachments: [],
              // Loaded as the demo data is: nobody is told of (or mailed) 10 000 requests.
              quiet: true,
            },
            new Date(start + i * 60_000),
          );
        }
      });
      const agent = await own.login('agent@example.com');
      const client = await own.login('client@example.com');
      const timed = async (session: string, query: CallOptions['query']) => {
        const started = performance.now();
        const answer = shippingRequestsAnswer.parse(
          (await own.call('listShippingRequests', { query, session })).body,
        );
        return { answer, ms: performance.now() - started };
      };
      const cases: [string, CallOptions['query'], number][] = [
        [agent, { limit: 100, offset: 9_000 }, 10_005],
        [agent, { search: 'lot 99', limit: 10 }, 111],
        [agent, { status: 'pending', service: 'shipping' }, 10_002],
        [client, { offset: 4_000 }, 5_003],
      ];
      for (const [session, query, total] of cases) {
        const { answer, ms } = await timed(session, query);
        expect(answer.total, JSON.stringify(query)).toBe(total);
        expect(ms, JSON.stringify(query)).toBeLessThan(1000);
      }
    } finally {
      await own.dispose();
    }
  });
});

describe('PATCH /shipping-requests/:id', () => {
  it('lets staff approve or reject a pending request, keeping the note, the reviewer and the time', async () => {
    const first = await create('client', draft('client'));
    const result = await bo.call('reviewShippingRequest', {
      params: { id: first },
      body: { status: 'approved', note: '  Booked on the MSC Aurora, ETD Friday.  ' },
      session: sessions.agent,
    });
    expect(result.status).toBe(200);
    const reviewed = shippingRequest.parse(result.body);
    expect(reviewed).toMatchObject({
      id: first,
      status: 'approved',
      staff_note: 'Booked on the MSC Aurora, ETD Friday.',
      reviewed_by: 'Omar Farouk',
    });
    expect(Math.abs(Date.parse(reviewed.reviewed_at!) - Date.now())).toBeLessThan(10_000);
    expect(await get(first, 'client')).toEqual(reviewed);

    const second = await create('client2', draft('client2'));
    // A rejection says why: a blank note is refused, and the request stays pending.
    const unexplained = await bo.call('reviewShippingRequest', {
      params: { id: second },
      body: { status: 'rejected', note: '   ' },
      session: sessions.admin,
    });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'note' }] });
    expect((await get(second, 'client2')).status).toBe('pending');
    const rejected = await bo.call('reviewShippingRequest', {
      params: { id: second },
      body: { status: 'rejected', note: 'No space before March.' },
      session: sessions.admin,
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      staff_note: 'No space before March.',
      reviewed_by: 'Amina Haddad',
    });
  });

  it('is forbidden to clients, even for their own request', async () => {
    const id = await create('client', draft('client'));
    for (const target of [id, 99999]) {
      const result = await bo.call('reviewShippingRequest', {
        params: { id: target },
        body: { status: 'approved' },
        session: sessions.client,
      });
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ code: 'forbidden' });
    }
    expect((await get(id, 'client')).status).toBe('pending');
  });

  it('refuses a second review with 409, and an unknown request with 404', async () => {
    const id = await create('client', draft('client'));
    const review = (status: 'approved' | 'rejected', session: string) =>
      bo.call('reviewShippingRequest', { params: { id }, body: { status, note: 'Second' }, session });
    expect((await review('rejected', sessions.agent)).status).toBe(200);
    for (const session of [sessions.agent, sessions.admin]) {
      const again = await review('approved', session);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This request has already been reviewed', code: 'conflict' });
    }
    expect(await get(id, 'client')).toMatchObject({ status: 'rejected', reviewed_by: 'Omar Farouk' });
    const unknown = await bo.call('reviewShippingRequest', {
      params: { id: 99999 },
      body: { status: 'approved' },
      session: sessions.agent,
    });
    expect(unknown.status).toBe(404);
    const invalid = await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'pending' },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
  });

  it('answers 405 with Allow for a method this path does not have', async () => {
    const response = await fetch(new URL('/shipping-requests/1', bo.backoffice.url), { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PATCH, PUT');
  });
});

describe('POST /shipping-requests/:id/reopen and the history', () => {
  async function pendingRequest() {
    const result = await bo.call('createShippingRequest', {
      body: draft('client', { description: 'Reopen me.' }),
      session: sessions.client,
    });
    return createdAnswer.parse(result.body).id;
  }
  const read = async (id: number, who: Who = 'client') =>
    shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id }, session: sessions[who] })).body,
    );

  it('reopens a decided request with its note; the history keeps each step with who and when', async () => {
    const id = await pendingRequest();
    await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'rejected', note: 'No invoice.' },
      session: sessions.agent,
    });
    const reopened = await bo.call('reopenShippingRequest', {
      params: { id },
      body: { note: 'The invoice came by mail.' },
      session: sessions.admin,
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(shippingRequest.parse(reopened.body)).toMatchObject({
      status: 'pending',
      staff_note: null,
      reviewed_by: null,
      reviewed_at: null,
    });
    await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'approved', note: 'Booked.' },
      session: sessions.agent,
    });
    const request = await read(id);
    expect(request.status).toBe('approved');
    expect(request.history?.map(({ kind, note }) => [kind, note])).toEqual([
      ['rejected', 'No invoice.'],
      ['reopened', 'The invoice came by mail.'],
      ['approved', 'Booked.'],
    ]);
    expect(request.history?.every((event) => event.by && event.at)).toBe(true);
    expect(request.history?.[1]?.by).not.toBe(request.history?.[0]?.by);
  });

  it('refuses a client (403), an unknown request (404), no note (400), and what is not to reopen (409)', async () => {
    const id = await pendingRequest();
    const reopen = (params: { id: number }, body: { note?: string }, who: Who = 'admin') =>
      bo.call('reopenShippingRequest', { params, body, session: sessions[who] });
    expect((await reopen({ id }, { note: 'Please.' }, 'client')).status).toBe(403);
    expect((await reopen({ id: 999_999 }, { note: 'x' })).status).toBe(404);
    expect((await reopen({ id }, {})).status).toBe(400);
    const pending = await reopen({ id }, { note: 'Nothing decided.' });
    expect(pending.status).toBe(409);
    expect(pending.body).toEqual({
      error: 'This request is not decided: there is nothing to reopen',
      code: 'conflict',
    });
    // Approved, then made a shipping order: no longer to reopen.
    const withOrder = await pendingRequest();
    await bo.call('reviewShippingRequest', {
      params: { id: withOrder },
      body: { status: 'approved' },
      session: sessions.agent,
    });
    const order = await bo.call('createShippingOrderFromRequest', {
      params: { id: withOrder },
      body: { category: 'footwear', container_type: 'groupage', cbm: 4, origin: 'vietnam' },
      session: sessions.agent,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const followed = await reopen({ id: withOrder }, { note: 'Again.' });
    expect(followed.status).toBe(409);
    expect(followed.body).toMatchObject({ error: expect.stringContaining('shipping order or a loan') });
    expect((await read(id)).history).toEqual([]);
  });
});

describe('the customer corrects or withdraws a pending request', () => {
  async function filed(who: Who, extra: Partial<ShippingRequestCreate> = {}) {
    const result = await bo.call('createShippingRequest', {
      body: draft(who, extra),
      session: sessions[who],
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return createdAnswer.parse(result.body).id;
  }
  async function ordersOf(who: Who) {
    const rows = await bo.backoffice.database
      .selectFrom('shipping_orders')
      .select('id')
      .where('partner_id', '=', partners[who])
      .orderBy('id')
      .limit(2)
      .execute();
    return rows.map((row) => row.id);
  }
  const application = (orderIds: number[]) => ({
    amount: 12_000,
    currency: 'USD' as const,
    tenor_months: 4,
    purpose: 'Stock.',
    supplier_name: 'Mill',
    supplier_country: 'India',
    order_ids: orderIds,
  });

  it('replaces the fields and the application, keeping the files and the customer', async () => {
    const [first, second] = await ordersOf('client');
    const id = await filed('client', {
      service: 'trade_finance',
      attachments: [upload('proforma.pdf', files.pdf)],
      finance: application([first!]),
    });
    const corrected = await bo.call('correctShippingRequest', {
      params: { id },
      body: {
        name: 'Trade Finance',
        description: 'Amount requested: 15000 USD\n\nMore stock.',
        expected_revenue: 0,
        service: 'trade_finance',
        finance: { ...application([second!]), amount: 15_000, purpose: 'More stock.' },
      },
      session: sessions.client,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const request = shippingRequest.parse(corrected.body);
    expect(request).toMatchObject({
      id,
      status: 'pending',
      partner_id: partners.client,
      description: 'Amount requested: 15000 USD\n\nMore stock.',
      finance: { amount: 15_000, purpose: 'More stock.', orders: [{ id: second }] },
      attachments: [{ filename: 'proforma.pdf' }],
    });
    // Another customer's order is refused, and nothing changes.
    const [foreign] = await ordersOf('client2');
    const refused = await bo.call('correctShippingRequest', {
      params: { id },
      body: {
        name: 'Trade Finance',
        description: 'x',
        service: 'trade_finance',
        finance: application([foreign!]),
      },
      session: sessions.client,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ path: 'finance.order_ids' }] });
    const after = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id }, session: sessions.client })).body,
    );
    expect(after.finance?.orders.map((order) => order.id)).toEqual([second]);
  });

  it('refuses staff (403) and another customer (404), and changes nothing', async () => {
    const id = await filed('client', { description: 'Mine.' });
    const body = { name: 'footwear', description: 'Changed.' };
    const byStaff = await bo.call('correctShippingRequest', {
      params: { id },
      body,
      session: sessions.agent,
    });
    expect(byStaff.status).toBe(403);
    const byOther = await bo.call('correctShippingRequest', {
      params: { id },
      body,
      session: sessions.client2,
    });
    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual(notFound);
    const withdrawnByStaff = await bo.call('withdrawShippingRequest', {
      params: { id },
      session: sessions.admin,
    });
    expect(withdrawnByStaff.status).toBe(403);
    const withdrawnByOther = await bo.call('withdrawShippingRequest', {
      params: { id },
      session: sessions.client2,
    });
    expect(withdrawnByOther.status).toBe(404);
    const request = shippingRequest.parse(
      (await bo.call('getShippingRequest', { params: { id }, session: sessions.client })).body,
    );
    expect(request).toMatchObject({ status: 'pending', description: 'Mine.', withdrawn_at: null });
  });

  it('withdraws: the request reads withdrawn, is listed so, and nobody decides or changes it any more', async () => {
    const id = await filed('client', { description: 'Changed my mind.' });
    const withdrawn = await bo.call('withdrawShippingRequest', { params: { id }, session: sessions.client });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(shippingRequest.parse(withdrawn.body)).toMatchObject({
      status: 'withdrawn',
      withdrawn_at: expect.any(String),
      history: [{ kind: 'withdrawn', note: null, by: expect.any(String) }],
    });
    const listed = async (status: string) =>
      shippingRequestsAnswer
        .parse(
          (
            await bo.call('listShippingRequests', {
              query: { status, partner_id: partners.client, limit: 100 },
              session: sessions.agent,
            })
          ).body,
        )
        .requests.map((request) => request.id);
    expect(await listed('withdrawn')).toContain(id);
    expect(await listed('pending')).not.toContain(id);
    const review = await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'approved' },
      session: sessions.agent,
    });
    expect(review.status).toBe(409);
    expect(review.body).toEqual({ error: 'The customer withdrew this request', code: 'conflict' });
    for (const call of [
      () => bo.call('withdrawShippingRequest', { params: { id }, session: sessions.client }),
      () =>
        bo.call('correctShippingRequest', {
          params: { id },
          body: { name: 'footwear', description: 'Again.' },
          session: sessions.client,
        }),
    ]) {
      const again = await call();
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict' });
    }
  });

  it('refuses a decided request (409): once staff decided, it is read-only', async () => {
    const id = await filed('client', { description: 'Decide me.' });
    await bo.call('reviewShippingRequest', {
      params: { id },
      body: { status: 'approved' },
      session: sessions.agent,
    });
    const withdraw = await bo.call('withdrawShippingRequest', { params: { id }, session: sessions.client });
    expect(withdraw.status).toBe(409);
    const correct = await bo.call('correctShippingRequest', {
      params: { id },
      body: { name: 'footwear', description: 'Too late.' },
      session: sessions.client,
    });
    expect(correct.status).toBe(409);
    expect(correct.body).toEqual({
      error: 'This request was decided or withdrawn: it can no longer change',
      code: 'conflict',
    });
  });
});

describe('storage quota', () => {
  const MIB = 1024 * 1024;
  let quotaBo: TestBackoffice;
  const quotaSessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
  const quotaPartners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
  const stored = (partner: number) => storedBytes(quotaBo.backoffice.database, partner);
  /** A PDF of exactly one MiB. */
  const mib = Buffer.alloc(MIB, 0x20);
  files.pdf.copy(mib);

  beforeAll(async () => {
    // Each customer may keep two MiB more than the demo data gives the first one.
    const probe = await startTestBackoffice();
    const totals = await probe.backoffice.database
      .selectFrom('request_attachments as a')
      .innerJoin('shipping_requests as r', 'r.id', 'a.request_id')
      .select((eb) => eb.fn.sum<number>('a.size').as('total'))
      .groupBy('r.partner_id')
      .execute();
    const seeded = Math.max(0, ...totals.map((row) => Number(row.total)));
    await probe.dispose();
    quotaBo = await startTestBackoffice({ storageQuotaBytes: seeded + 2 * MIB });
    const signedIn = await signInDemoAccounts(quotaBo);
    Object.assign(quotaSessions, signedIn.sessions);
    Object.assign(quotaPartners, signedIn.partners);
    // Brought to exactly two MiB under the quota, whatever the demo data holds.
    const room = seeded - (await stored(quotaPartners.client));
    if (room > 0) {
      const filler = Buffer.alloc(room, 0x20);
      files.pdf.copy(filler);
      await quotaCall('client', [upload('filler.pdf', filler)]);
    }
  });
  afterAll(() => quotaBo?.dispose());

  function quotaCall(who: Who, attachments: { filename: string; data: string }[], forWhom: Who = who) {
    return quotaBo.call('createShippingRequest', {
      body: { ...draft(who), partner_id: quotaPartners[forWhom], attachments },
      session: quotaSessions[who],
    });
  }

  it("fills a customer's quota to the byte, then refuses with 413 and its code, storing nothing", async () => {
    expect((await quotaCall('client', [upload('one.pdf', mib)])).status).toBe(200);
    expect((await quotaCall('client', [upload('two.pdf', mib)])).status).toBe(200);
    const before = await stored(quotaPartners.client);
    const over = await quotaCall('client', [upload('three.pdf', files.pdf)]);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(await stored(quotaPartners.client)).toBe(before);
    // A request without files still goes through.
    expect((await quotaCall('client', [])).status).toBe(200);
  });

  it('counts files staff send for a customer against that customer, not against others', async () => {
    const full = await quotaCall('agent', [upload('for-client.pdf', files.pdf)], 'client');
    expect(full.status).toBe(413);
    expect(full.body).toMatchObject({ code: 'storage_quota_exceeded' });
    expect((await quotaCall('agent', [upload('for-client2.pdf', mib)], 'client2')).status).toBe(200);
    expect((await quotaCall('client2', [upload('own.pdf', mib)])).status).toBe(200);
  });
});

describe('file names', () => {
  it('keeps names in any script, and gives them back as they were sent', async () => {
    const names = ['بوليصة الشحن.pdf', '装箱单.pdf', 'Facture réglée.pdf', '📦 photos.pdf'];
    const id = await create(
      'client',
      draft('client', { attachments: names.map((n) => upload(n, files.pdf)) }),
    );
    const request = await get(id, 'client');
    expect(request.attachments.map((file) => file.filename)).toEqual(names);
  });
});

describe('files read as they arrive', () => {
  /** Sends `json` as the body of a new request in pieces of `piece` bytes, each written on its own. */
  async function sendInPieces(json: string, piece: number, headers: Record<string, string> = {}) {
    const bytes = Buffer.from(json, 'utf8');
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = httpRequest(new URL('/shipping-requests', bo.backoffice.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(bytes.length),
          cookie: `bo_session=${sessions.client}`,
          ...headers,
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) }),
        );
      });
      let sent = 0;
      const next = () => {
        if (sent >= bytes.length) return void request.end();
        request.write(bytes.subarray(sent, sent + piece));
        sent += piece;
        setImmediate(next);
      };
      next();
    });
  }

  it('stores each file byte for byte, whatever the pieces the body arrives in', async () => {
    const scan = Buffer.concat([files.pdf, Buffer.from(Array.from({ length: 3001 }, (_, i) => i % 256))]);
    const body = draft('client', {
      attachments: [upload('报关单 n°1.pdf', scan), upload('items.csv', files.csv)],
    });
    // JSON may escape any character, a "/" of the base64 too: the decoded text is what counts.
    const json = JSON.stringify(body).replaceAll('/', '\\/');
    for (const piece of [1, 3, 997]) {
      const result = await sendInPieces(json, piece);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const { id } = createdAnswer.parse(result.body);
      const stored = await get(id, 'client');
      expect(stored.attachments.map((file) => [file.filename, file.size])).toEqual([
        ['报关单 n°1.pdf', scan.length],
        ['items.csv', files.csv.length],
      ]);
      const first = await bo.call('getShippingRequestAttachment', {
        params: { id, attachment_id: stored.attachments[0]!.id },
        session: sessions.client,
      });
      expect(Buffer.from(attachmentFile.parse(first.body).data, 'base64').equals(scan)).toBe(true);
    }
  });

  it('refuses what is not base64, an empty file and a body that is not JSON as before, storing nothing', async () => {
    const before = await counts();
    const pdf = files.pdf.toString('base64');
    const cases: [string, unknown][] = [
      [`${pdf.slice(0, 8)}==${pdf.slice(8)}`, ['attachments.0.data']],
      [`${pdf}===`, ['attachments.0.data']],
      [`${pdf.slice(0, 100)}*${pdf.slice(101)}`, ['attachments.0.data']],
      ['', ['attachments.0.data']],
    ];
    for (const [data, paths] of cases) {
      const result = await sendInPieces(
        JSON.stringify(draft('client', { attachments: [{ filename: 'scan.pdf', data }] })),
        5,
      );
      expect(result.status, data.slice(0, 20)).toBe(400);
      expect(errorPaths(result.body)).toEqual(paths);
    }
    const cut = JSON.stringify(draft('client', { attachments: [upload('scan.pdf', files.pdf)] })).slice(
      0,
      -3,
    );
    expect(await sendInPieces(cut, 7)).toEqual({
      status: 400,
      body: { error: 'The body is not valid JSON', code: 'bad_request' },
    });
    const notJson = await sendInPieces(JSON.stringify(draft('client')), 7, { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('names a file over 10 MB even when its name comes after its content, and checks the rest first', async () => {
    const before = await counts();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    files.pdf.copy(big);
    const late = `{"data":"${big.toString('base64')}","filename":"late name.pdf"}`;
    const json = JSON.stringify(draft('client', { attachments: [] })).replace(
      '"attachments":[]',
      `"attachments":[${late}]`,
    );
    const result = await sendInPieces(json, 64 * 1024);
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({
      code: 'payload_too_large',
      error: expect.stringContaining('late name.pdf'),
    });
    // Invalid input elsewhere is a 400 first, as it always was.
    const invalid = await sendInPieces(json.replace('"name":"footwear"', '"name":""'), 64 * 1024);
    expect(invalid.status).toBe(400);
    expect(errorPaths(invalid.body)).toEqual(['name']);
    expect(await counts()).toEqual(before);
  });

  it('tells two bodies apart with one Idempotency-Key when only a file differs', async () => {
    const key = '7f0c4c3e-2a51-4b8e-9f7e-2d5d6b3a9c01';
    const send = (data: Buffer) =>
      sendInPieces(JSON.stringify(draft('client', { attachments: [upload('scan.pdf', data)] })), 997, {
        'idempotency-key': key,
      });
    const first = await send(files.pdf);
    expect(first.status).toBe(200);
    expect((await send(files.pdf)).body).toEqual(first.body);
    const other = Buffer.from(files.pdf);
    other[other.length - 2] = 0x20;
    const changed = await send(other);
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

function errorPaths(body: unknown): string[] {
  return ((body as { issues?: { path: string }[] }).issues ?? []).map((issue) => issue.path);
}
