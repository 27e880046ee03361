/** Shipping requests on both engines: searching, reviews, files as bytes, the storage quota under load. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERY_CUSTOMER } from './access';
import { openStore, type Database } from './data/database';
import { migrations } from './data/migrations';
import { createTestDatabase, ENGINES, openTestStore } from './data/test-engines';
import {
  createShippingRequest,
  createShippingRequestWithinQuota,
  findAttachment,
  findShippingRequest,
  listShippingRequests,
  reviewShippingRequest,
  storedBytes,
  type NewShippingRequest,
} from './requests';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-requests-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-11-24T10:00:00.000Z');

async function customer(db: Database, name: string, email: string) {
  const partner = await db
    .insertInto('partners')
    .values({ name, email, referral_code: `R-${email}`, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email,
      password_hash: 'x',
      first_name: name.split(' ')[0]!,
      last_name: name.split(' ')[1] ?? '',
      partner_id: partner.id,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { partnerId: partner.id, userId: user.id };
}

const pdf = (size: number) => {
  const data = Buffer.alloc(size, 0x20);
  data.write('%PDF-1.4');
  return { filename: 'file.pdf', mimetype: 'application/pdf', data };
};

const request = (partnerId: number, more: Partial<NewShippingRequest> = {}): NewShippingRequest => ({
  partnerId,
  emailFrom: 'someone@example.com',
  name: 'Request',
  service: 'shipping',
  origin: null,
  description: '',
  expectedRevenue: 0,
  attachments: [],
  ...more,
});

describe.each(ENGINES)('shipping requests on $engine', ({ engine, available }) => {
  it.skipIf(!available)('search the id, name, description, customer and address, ignoring case', async () => {
    const db = await open(engine);
    const { partnerId } = await customer(db, 'Société Générale Import', 'achats@example.com');
    const other = await customer(db, 'Other Buyer', 'other@example.com');
    const first = await createShippingRequest(
      db,
      request(partnerId, { name: 'Électronique', description: '100% coton_bio' }),
      now,
    );
    const second = await createShippingRequest(
      db,
      request(other.partnerId, { name: 'Tiles', emailFrom: 'other@example.com' }),
      later(1),
    );
    const found = async (search: string, scope: number | null = null) =>
      (await listShippingRequests(db, { scope, search, limit: 100, offset: 0 })).requests.map((r) => r.id);
    expect(await found('ÉLECTRONIQUE')).toEqual([first]);
    expect(await found('SOCIÉTÉ')).toEqual([first]);
    expect(await found('100%')).toEqual([first]);
    expect(await found('n_b')).toEqual([first]);
    expect(await found('OTHER@EXAMPLE')).toEqual([second]);
    expect(await found(String(second))).toContain(second);
    // Newest first; the scope keeps one customer's.
    expect(await found('')).toEqual([second, first]);
    expect(await found('', partnerId)).toEqual([first]);
    expect(await listShippingRequests(db, { scope: null, limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      requests: [{ id: first, partner_name: 'Société Générale Import', attachments: [] }],
    });
  });

  it.skipIf(!available)('review a pending request once, and tell an unknown one apart', async () => {
    const db = await open(engine);
    const { partnerId, userId } = await customer(db, 'Amina Haddad', 'amina@example.com');
    const id = await createShippingRequest(db, request(partnerId), now);
    const review = { id, status: 'approved' as const, note: 'Fine', reviewerId: userId };
    const outcomes = await Promise.all([
      reviewShippingRequest(db, review, later(1)),
      reviewShippingRequest(db, { ...review, status: 'rejected' }, later(1)),
    ]);
    expect(outcomes.sort()).toEqual(['already_reviewed', 'reviewed']);
    expect(await reviewShippingRequest(db, { ...review, id: 9999 }, later(1))).toBe('not_found');
    expect(await findShippingRequest(db, EVERY_CUSTOMER, id)).toMatchObject({
      reviewed_by: 'Amina Haddad',
      reviewed_at: later(1).toISOString(),
      staff_note: 'Fine',
    });
  });

  it.skipIf(!available)('keep files as bytes, and all of a request or nothing', async () => {
    const db = await open(engine);
    const { partnerId } = await customer(db, 'Files Owner', 'files@example.com');
    const file = pdf(70_000);
    const id = await createShippingRequest(db, request(partnerId, { attachments: [file, pdf(10)] }), now);
    const stored = await findShippingRequest(db, EVERY_CUSTOMER, id);
    expect(stored?.attachments.map((a) => a.size)).toEqual([70_000, 10]);
    const back = await findAttachment(db, EVERY_CUSTOMER, id, stored!.attachments[0]!.id);
    expect(Buffer.isBuffer(back?.data)).toBe(true);
    expect(back?.data.equals(file.data)).toBe(true);
    expect(await findAttachment(db, partnerId + 1, id, stored!.attachments[0]!.id)).toBeNull();
    expect(await findAttachment(db, EVERY_CUSTOMER, id + 1, stored!.attachments[0]!.id)).toBeNull();
    expect(await storedBytes(db, partnerId)).toBe(70_010);
    // A file that cannot be stored (no name) takes the request with it.
    await expect(
      createShippingRequest(
        db,
        request(partnerId, { attachments: [pdf(5), { ...pdf(5), filename: null as unknown as string }] }),
        now,
      ),
    ).rejects.toThrow();
    expect(await listShippingRequests(db, { scope: partnerId, limit: 10, offset: 0 })).toMatchObject({
      total: 1,
    });
  });

  it.skipIf(!available)('admit of uploads at once only what fits the quota', async () => {
    const db = await open(engine);
    const { partnerId } = await customer(db, 'Quota Owner', 'quota@example.com');
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        createShippingRequestWithinQuota(db, request(partnerId, { attachments: [pdf(400)] }), 1000, now),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'quota_exceeded')).toHaveLength(2);
    expect(await storedBytes(db, partnerId)).toBe(800);
    // Without files, the quota does not matter.
    expect(typeof (await createShippingRequestWithinQuota(db, request(partnerId), 1000, now))).toBe('number');
  });
});

describe.each(ENGINES)('migration 0020 on $engine', ({ engine, available }) => {
  it.skipIf(!available)(
    'reads the codes of the requests kept before from their detail lines; other words keep none',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-request-codes-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const database = engine === 'postgres' ? await createTestDatabase() : null;
      if (database) cleanups.push(database.drop);
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020'));
      const old = await openStore({ dataDir: dir, databaseUrl: database?.url, migrations: before });
      const { partnerId } = await customer(old.database, 'Nile Star Trading', 'client@example.com');
      const descriptions = [
        // As the portal's shipping form wrote it.
        'Category: toys and games\nContainer type: Housebill\nOrigin: Vietnam\nCBMs required: 6\n\nWooden toys.',
        // The quotation form: a destination line in the block; the customer's words name another category.
        'Category: food and beverages\nContainer type: Full Container Load\nOrigin: India\nCBMs required: 33.5\n' +
          'Destination: Nansha, Guangzhou, China\n\nCategory: footwear, as my own words.',
        // The block alone.
        "Category: children's fashion\nContainer type: Groupage\nOrigin: China\nCBMs required: 0.75",
        // Typed by a person: the lines do not open the description.
        'Please call me.\nCategory: footwear\nContainer type: Groupage\nOrigin: China\nCBMs required: 4',
        // A category the catalog does not have, and CBMs that are not a number.
        'Category: spaceships\nContainer type: Groupage\nOrigin: China\nCBMs required: 4\n\nx',
        'Category: footwear\nContainer type: Groupage\nOrigin: China\nCBMs required: lots\n\nx',
        // A trade-finance application's lines, and the default text.
        'Amount requested: 15000 USD\nTenor: 4 months\nSupplier: Mill (India)\n\nStock.',
        'Submitted from the client portal.',
      ];
      for (const [index, description] of descriptions.entries()) {
        await old.database
          .insertInto('shipping_requests')
          .values({
            partner_id: partnerId,
            email_from: 'client@example.com',
            name: `Request ${index}`,
            description,
            created_at: later(index).toISOString(),
          } as never)
          .execute();
      }
      await old.close();

      const store = await openStore({ dataDir: dir, databaseUrl: database?.url });
      cleanups.push(() => store.close());
      const { requests } = await listShippingRequests(store.database, { scope: null, limit: 100, offset: 0 });
      expect(requests.map((request) => [request.name, request.details])).toEqual(
        [
          ['Request 0', { category: 'toys_games', container_type: 'housebill', cbm: 6 }],
          ['Request 1', { category: 'food_beverages', container_type: 'full_container_load', cbm: 33.5 }],
          ['Request 2', { category: 'childrens_fashion', container_type: 'groupage', cbm: 0.75 }],
          ['Request 3', null],
          ['Request 4', null],
          ['Request 5', null],
          ['Request 6', null],
          ['Request 7', null],
        ].reverse(),
      );
      // The descriptions stay as they were.
      expect(requests.map((request) => request.description).reverse()).toEqual(descriptions);
    },
  );
});

function later(days: number) {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}
