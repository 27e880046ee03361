/** The demo data on both engines: the same records, written once even when two back offices start together. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, openTestStore } from './data/test-engines';
import { demoAccounts, seedDemoData } from './seed';
import { demoContainers, demoDrivers, demoOrders, demoSuppliers } from './seedShipping';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(ENGINES)('the demo data on $engine', ({ engine, available }) => {
  it.skipIf(!available)('is written once, all of it, when two starts seed at the same time', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-seed-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const opened = await openTestStore(engine, dir);
    cleanups.push(opened.dispose);
    const db = opened.store.database;
    const now = new Date('2026-11-24T10:00:00.000Z');
    const seeded = await Promise.all([seedDemoData(db, now), seedDemoData(db, now)]);
    expect(seeded.sort()).toEqual([false, true]);
    const count = async (table: 'users' | 'suppliers' | 'drivers' | 'containers' | 'shipping_orders') =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('users')).toBe(demoAccounts.length);
    expect(await count('suppliers')).toBe(demoSuppliers.length);
    expect(await count('drivers')).toBe(demoDrivers.length);
    expect(await count('containers')).toBe(demoContainers.length);
    expect(await count('shipping_orders')).toBe(demoOrders.length);
    const first = await db
      .selectFrom('shipping_orders')
      .select(['name', 'status'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.name).toMatch(/^SO-\d{4}-0001$/);
  });
});
