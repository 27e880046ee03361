import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver, driversAnswer, supplier, suppliersAnswer } from '@contract';
import { demoDrivers, demoSuppliers } from './seedShipping';
import {
  startTestBackoffice,
  signInDemoAccounts,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

let bo: TestBackoffice;
const sessions: Record<DemoAccount, string> = { admin: '', agent: '', client: '', client2: '' };

beforeAll(async () => {
  bo = await startTestBackoffice();
  Object.assign(sessions, (await signInDemoAccounts(bo)).sessions);
});
afterAll(async () => {
  await bo?.dispose();
});

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };

async function drivers(query: CallOptions['query'] = {}) {
  const result = await bo.call('listDrivers', { query, session: sessions.agent });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return driversAnswer.parse(result.body);
}

async function suppliers(query: CallOptions['query'] = {}) {
  const result = await bo.call('listSuppliers', { query, session: sessions.admin });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return suppliersAnswer.parse(result.body);
}

describe('drivers', () => {
  const newDriver = {
    name: 'Youssef Nabil',
    phone: '+20 111 245 9087',
    licence_number: 'EG-DL-5550123',
    vehicle_plate: 'ALX 3310',
    origin: null,
  };

  it('lists the eight demo drivers by name, one inactive, with the active filter', async () => {
    const { drivers: all, total } = await drivers();
    expect(total).toBe(demoDrivers.length);
    expect(demoDrivers).toHaveLength(8);
    const sortedNames = all.map((one) => one.name);
    expect(sortedNames).toEqual([...sortedNames].sort((a, b) => a.localeCompare(b)));
    expect((await drivers({ active: 'false' })).drivers.map((one) => one.name)).toEqual(['Imran Qureshi']);
    expect((await drivers({ active: 'true' })).total).toBe(7);
  });

  it('searches the name, phone, licence number and plate, and pages with the total', async () => {
    expect((await drivers({ search: 'MAHMOUD' })).drivers.map((one) => one.name)).toEqual(['Mahmoud Adel']);
    expect((await drivers({ search: '+971 50' })).drivers.map((one) => one.name)).toEqual([
      'Rashid Al Balushi',
    ]);
    expect((await drivers({ search: 'dxb-2093' })).drivers.map((one) => one.name)).toEqual(['Imran Qureshi']);
    expect((await drivers({ search: '51C-482' })).drivers.map((one) => one.name)).toEqual([
      'Nguyen Van Hung',
    ]);
    expect((await drivers({ search: 'yue b', active: 'true' })).total).toBe(2);
    const all = await drivers();
    const page = await drivers({ limit: 3, offset: 3 });
    expect(page.total).toBe(all.total);
    expect(page.drivers).toEqual(all.drivers.slice(3, 6));
  });

  it('creates, reads and replaces a driver', async () => {
    const created = await bo.call('createDriver', { body: newDriver, session: sessions.agent });
    expect(created.status).toBe(200);
    const made = driver.parse(created.body);
    expect(made).toMatchObject({ ...newDriver, active: true });
    const read = await bo.call('getDriver', { params: { id: made.id }, session: sessions.admin });
    expect(read.body).toEqual(made);

    const updated = await bo.call('updateDriver', {
      params: { id: made.id },
      body: { ...newDriver, phone: '+20 111 000 0000', vehicle_plate: '', origin: 'dubai', active: false },
      session: sessions.admin,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: made.id,
      phone: '+20 111 000 0000',
      vehicle_plate: null,
      origin: 'dubai',
      active: false,
      created_at: made.created_at,
    });
    // Its own licence number is no conflict.
    expect(
      (await bo.call('updateDriver', { params: { id: made.id }, body: newDriver, session: sessions.agent }))
        .status,
    ).toBe(200);
  });

  it('keeps licence numbers unique (ignoring case): 409', async () => {
    const conflict = { error: 'A driver with this licence number already exists', code: 'conflict' };
    const duplicate = await bo.call('createDriver', {
      body: { ...newDriver, name: 'Someone Else', licence_number: 'eg-dl-2871034' },
      session: sessions.agent,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual(conflict);
    const other = (await drivers({ search: 'Hassan' })).drivers[0]!;
    const taken = await bo.call('updateDriver', {
      params: { id: other.id },
      body: { ...newDriver, licence_number: 'EG-DL-2871034' },
      session: sessions.agent,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(conflict);
  });

  it('answers 404 for an unknown driver, 400 for an invalid one, and 403 to a client', async () => {
    expect((await bo.call('getDriver', { params: { id: 99999 }, session: sessions.agent })).body).toEqual(
      notFound,
    );
    const update = await bo.call('updateDriver', {
      params: { id: 99999 },
      body: newDriver,
      session: sessions.agent,
    });
    expect(update.status).toBe(404);
    const invalid = await bo.call('createDriver', {
      body: { ...newDriver, name: ' ', origin: 'mars' },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
    const id = (await drivers()).drivers[0]!.id;
    const calls: [Parameters<TestBackoffice['call']>[0], CallOptions][] = [
      ['listDrivers', {}],
      ['createDriver', { body: { ...newDriver, licence_number: 'X-1' } }],
      ['getDriver', { params: { id } }],
      ['updateDriver', { params: { id }, body: newDriver }],
    ];
    for (const [name, options] of calls) {
      const result = await bo.call(name, { ...options, session: sessions.client });
      expect(result.status, name).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
  });
});

describe('suppliers', () => {
  const newSupplier = {
    name: 'Éclair Textiles',
    contact: 'Anaïs Morel',
    phone: '+33 1 42 60 11 22',
    email: 'Sales@Eclair.example',
    address: '12 rue du Sentier',
    location: 'Paris, France',
  };

  it('lists the eight demo suppliers by name, one inactive, from China, Dubai, Vietnam and India', async () => {
    const { suppliers: all, total } = await suppliers();
    expect(total).toBe(8);
    expect(new Set(demoSuppliers.map((one) => one.origin))).toEqual(
      new Set(['china', 'dubai', 'vietnam', 'india']),
    );
    const sortedNames = all.map((one) => one.name);
    expect(sortedNames).toEqual(
      [...sortedNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect((await suppliers({ active: 'false' })).suppliers.map((one) => one.name)).toEqual([
      'Hanoi Footwear JSC',
    ]);
    expect((await suppliers({ active: 'true' })).total).toBe(7);
    expect(all.every((one) => one.contact && one.email && one.location)).toBe(true);
  });

  it('searches the name, contact, e-mail and location, and pages with the total', async () => {
    expect((await suppliers({ search: 'morbi' })).suppliers.map((one) => one.name)).toEqual([
      'Morbi Ceramic Tiles Pvt. Ltd.',
    ]);
    expect((await suppliers({ search: 'zhang wei' })).suppliers.map((one) => one.name)).toEqual([
      'Shenzhen Bright Electronics Co., Ltd.',
    ]);
    expect((await suppliers({ search: 'alfajr-auto' })).total).toBe(1);
    expect((await suppliers({ search: 'Vietnam' })).total).toBe(2);
    expect((await suppliers({ search: 'vietnam', active: 'true' })).total).toBe(1);
    const all = await suppliers();
    const page = await suppliers({ limit: 5, offset: 5 });
    expect(page.total).toBe(8);
    expect(page.suppliers).toEqual(all.suppliers.slice(5));
  });

  it('creates, reads and replaces a supplier', async () => {
    const created = await bo.call('createSupplier', { body: newSupplier, session: sessions.admin });
    expect(created.status).toBe(200);
    const made = supplier.parse(created.body);
    expect(made).toMatchObject({ ...newSupplier, email: 'sales@eclair.example', active: true });
    expect((await bo.call('getSupplier', { params: { id: made.id }, session: sessions.agent })).body).toEqual(
      made,
    );
    const updated = await bo.call('updateSupplier', {
      params: { id: made.id },
      body: { name: 'ÉCLAIR TEXTILES', active: false },
      session: sessions.agent,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: made.id,
      name: 'ÉCLAIR TEXTILES',
      contact: null,
      email: null,
      location: null,
      active: false,
    });
  });

  it('keeps names unique ignoring case, also beyond ASCII: 409', async () => {
    const conflict = { error: 'A supplier with this name already exists', code: 'conflict' };
    for (const name of ['éclair textiles', 'hanoi FOOTWEAR jsc']) {
      const result = await bo.call('createSupplier', { body: { name }, session: sessions.agent });
      expect(result.status, name).toBe(409);
      expect(result.body).toEqual(conflict);
    }
    const morbi = (await suppliers({ search: 'morbi' })).suppliers[0]!;
    const taken = await bo.call('updateSupplier', {
      params: { id: morbi.id },
      body: { name: 'YIWU Starlight Toys Factory' },
      session: sessions.agent,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(conflict);
  });

  it('answers 404 for an unknown supplier, 400 for an invalid one, and 403 to a client', async () => {
    expect((await bo.call('getSupplier', { params: { id: 99999 }, session: sessions.agent })).status).toBe(
      404,
    );
    const update = await bo.call('updateSupplier', {
      params: { id: 99999 },
      body: { name: 'Yiwu Starlight Toys Factory' },
      session: sessions.agent,
    });
    expect(update.status).toBe(404);
    expect(update.body).toEqual(notFound);
    const invalid = await bo.call('createSupplier', {
      body: { name: '', email: 'not an e-mail' },
      session: sessions.agent,
    });
    expect(invalid.status).toBe(400);
    const id = (await suppliers()).suppliers[0]!.id;
    const calls: [Parameters<TestBackoffice['call']>[0], CallOptions][] = [
      ['listSuppliers', {}],
      ['createSupplier', { body: { name: 'Client Supplier' } }],
      ['getSupplier', { params: { id } }],
      ['updateSupplier', { params: { id }, body: { name: 'Renamed' } }],
    ];
    for (const [name, options] of calls) {
      const result = await bo.call(name, { ...options, session: sessions.client2 });
      expect(result.status, name).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
  });
});
