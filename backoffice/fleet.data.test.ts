/** Drivers and suppliers on both engines: names by folded case, licence numbers and supplier names unique. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, openTestStore } from './data/test-engines';
import { createDriver, findDriver, listDrivers, updateDriver, type DriverInput } from './drivers';
import { createSupplier, listSuppliers, updateSupplier, type SupplierInput } from './suppliers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-fleet-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-11-24T10:00:00.000Z');
const later = new Date('2026-11-25T10:00:00.000Z');

const supplierInput = (name: string, more: Partial<SupplierInput> = {}): SupplierInput => ({
  name,
  contact: null,
  phone: null,
  email: null,
  address: null,
  location: null,
  active: true,
  ...more,
});

const driverInput = (name: string, licence: string, more: Partial<DriverInput> = {}): DriverInput => ({
  name,
  phone: '+20 100 000 0000',
  licence_number: licence,
  vehicle_plate: null,
  origin: null,
  active: true,
  ...more,
});

describe.each(ENGINES)('drivers and suppliers on $engine', ({ engine, available }) => {
  it.skipIf(!available)('refuse a supplier name taken in another case, also beyond ASCII', async () => {
    const db = await open(engine);
    const first = await createSupplier(db, supplierInput('Église Textiles', { location: 'Lyon' }), now);
    if (first === 'name_taken') throw new Error('Refused the first supplier');
    expect(first).toMatchObject({ name: 'Église Textiles', active: true, created_at: now.toISOString() });
    expect(await createSupplier(db, supplierInput('ÉGLISE TEXTILES'), now)).toBe('name_taken');
    const second = await createSupplier(db, supplierInput('zeta Trading', { active: false }), now);
    if (second === 'name_taken') throw new Error('Refused the second supplier');
    expect(await updateSupplier(db, second.id, supplierInput('église textiles'), later)).toBe('name_taken');
    // Its own name in another case is no clash; an unknown supplier is not found whatever the name.
    expect(await updateSupplier(db, first.id, supplierInput('ÉGLISE Textiles'), later)).toMatchObject({
      name: 'ÉGLISE Textiles',
      location: null,
      updated_at: later.toISOString(),
    });
    expect(await updateSupplier(db, 9999, supplierInput('zeta trading'), later)).toBe('not_found');
    expect(await updateSupplier(db, 9999, supplierInput('Free Name'), later)).toBe('not_found');
  });

  it.skipIf(!available)(
    'list suppliers by folded name, search them ignoring case, filter and page',
    async () => {
      const db = await open(engine);
      for (const name of ['bravo Freight', 'Alpha Metals', 'Échelle Tools', 'delta Parts'])
        await createSupplier(db, supplierInput(name, { active: name !== 'delta Parts' }), now);
      const names = async (filter: Partial<Parameters<typeof listSuppliers>[1]> = {}) => {
        const page = await listSuppliers(db, { limit: 100, offset: 0, ...filter });
        return { names: page.suppliers.map((one) => one.name), total: page.total };
      };
      // 'É' folds to 'é', which sorts after the ASCII letters on both engines.
      expect(await names()).toEqual({
        names: ['Alpha Metals', 'bravo Freight', 'delta Parts', 'Échelle Tools'],
        total: 4,
      });
      expect(await names({ search: 'ÉCHELLE' })).toEqual({ names: ['Échelle Tools'], total: 1 });
      expect(await names({ active: false })).toEqual({ names: ['delta Parts'], total: 1 });
      expect(await names({ limit: 2, offset: 1 })).toEqual({
        names: ['bravo Freight', 'delta Parts'],
        total: 4,
      });
    },
  );

  it.skipIf(!available)(
    'refuse a licence number taken in another case, and keep flags as booleans',
    async () => {
      const db = await open(engine);
      const first = await createDriver(
        db,
        driverInput('Ömer Yıldız', 'tr-é-100', { vehicle_plate: 'AB 1' }),
        now,
      );
      if (first === 'licence_taken') throw new Error('Refused the first driver');
      expect(first).toMatchObject({ licence_number: 'tr-é-100', active: true, vehicle_plate: 'AB 1' });
      expect(await createDriver(db, driverInput('Someone', 'TR-É-100'), now)).toBe('licence_taken');
      const second = await createDriver(db, driverInput('adel Samir', 'EG-2', { active: false }), now);
      if (second === 'licence_taken') throw new Error('Refused the second driver');
      expect(second.active).toBe(false);
      expect(await updateDriver(db, second.id, driverInput('Adel Samir', 'Tr-é-100'), later)).toBe(
        'licence_taken',
      );
      expect(await updateDriver(db, 9999, driverInput('Nobody', 'TR-É-100'), later)).toBe('not_found');
      expect(await findDriver(db, second.id)).toMatchObject({ name: 'adel Samir', licence_number: 'EG-2' });
      const page = await listDrivers(db, { limit: 100, offset: 0, search: 'ÖMER' });
      expect(page).toMatchObject({ total: 1, drivers: [{ name: 'Ömer Yıldız' }] });
      const all = await listDrivers(db, { limit: 100, offset: 0 });
      expect(all.drivers.map((one) => one.name)).toEqual(['adel Samir', 'Ömer Yıldız']);
    },
  );
});
