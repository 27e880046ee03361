import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERY_CUSTOMER } from './access';
import { openStore, type Store } from './data/database';
import { addInvoicePayment, findInvoiceById, insertInvoice } from './invoices';
import { countAccounts } from './users';
import { demoAccounts, seedDemoData, seedSteps, type SeedContext } from './seed';
import { demoStandaloneInvoices } from './seedInvoices';
import { demoLoans } from './seedLoans';
import { demoContainers, demoDrivers, demoOrders, demoSuppliers } from './seedShipping';

const dirs: string[] = [];
const stores: Store[] = [];
/** A fresh embedded database, closed after the test. */
async function openSqlite(dir: string) {
  const store = await openStore({ dataDir: dir });
  stores.push(store);
  return store.sqlite!;
}
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('orders and loans', () => {
  it('refuse values outside the contract’s lists, and unknown partners', async () => {
    const db = await openSqlite(tempDir());
    const now = new Date().toISOString();
    const partner = db
      .prepare(`INSERT INTO partners (name, referral_code, created_at) VALUES ('Customer', 'CHECKS01', ?)`)
      .run(now).lastInsertRowid;
    const order = (status: string, category: string, partnerId: number | bigint = partner) =>
      db
        .prepare(
          `INSERT INTO shipping_orders (name, partner_id, status, category, container_type, cbm, origin,
             created_at, updated_at)
           VALUES (?, ?, ?, ?, 'groupage', 1, 'china', ?, ?)`,
        )
        .run(`SO-${status}-${category}`, partnerId, status, category, now, now);
    expect(() => order('confirmed', 'footwear')).not.toThrow();
    expect(() => order('lost', 'footwear')).toThrow(/CHECK/);
    expect(() => order('confirmed', 'spaceships')).toThrow(/CHECK/);
    expect(() => order('draft', 'other', 9999)).toThrow(/FOREIGN KEY/);
    const refused = [
      `INSERT INTO containers (name, size, capacity_cbm, origin, destination, created_at)
       VALUES ('X', '45ft', 80, 'china', 'Port Said', '${now}')`,
      `INSERT INTO loans (name, partner_id, state, principal_cents, interest_rate, term_months, created_at,
         updated_at) VALUES ('LN-X', ${partner}, 'paid', 100, 10, 6, '${now}', '${now}')`,
      `INSERT INTO loans (name, partner_id, principal_cents, interest_rate, term_months, created_at, updated_at)
       VALUES ('LN-Y', ${partner}, 100, 10, 61, '${now}', '${now}')`,
      `INSERT INTO drivers (name, phone, licence_number, origin, created_at, updated_at)
       VALUES ('D', '1', 'L', 'mars', '${now}', '${now}')`,
    ];
    for (const sql of refused) expect(() => db.exec(sql), sql).toThrow(/CHECK/);
    db.close();
  });
});

describe('shares, warehouses and profiles', () => {
  it('refuse values outside the lists, appearance that is not a JSON object, and a token twice', async () => {
    const db = await openSqlite(tempDir());
    const now = new Date().toISOString();
    const partner = db
      .prepare(`INSERT INTO partners (name, referral_code, created_at) VALUES ('Customer', 'CHECKS02', ?)`)
      .run(now).lastInsertRowid;
    const user = Number(
      db
        .prepare(
          `INSERT INTO users (email, password_hash, first_name, partner_id, created_at)
           VALUES ('u@example.com', 'x', 'U', ?, ?)`,
        )
        .run(partner, now).lastInsertRowid,
    );
    const share = (hash: string, kind: string) =>
      db
        .prepare(
          `INSERT INTO shares (token_hash, kind, target_id, sub_id, created_by_user_id, created_at, expires_at)
           VALUES (?, ?, 1, 1, ?, ?, ?)`,
        )
        .run(hash, kind, user, now, now);
    expect(() => share('a', 'loan_document')).not.toThrow();
    expect(() => share('a', 'loan_document')).toThrow(/UNIQUE/);
    expect(() => share('b', 'order_document')).toThrow(/CHECK/);
    expect(() => share('c', 'loan_document')).not.toThrow();

    const warehouse = (origin: string) =>
      db
        .prepare(
          `INSERT OR REPLACE INTO staff_warehouses (user_id, name, address, origin, updated_at)
           VALUES (?, 'W', 'A', ?, ?)`,
        )
        .run(user, origin, now);
    expect(() => warehouse('india')).not.toThrow();
    expect(() => warehouse('mars')).toThrow(/CHECK/);

    const set = (column: string, value: string) =>
      db.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(value, user);
    expect(() => set('language', 'ar')).not.toThrow();
    expect(() => set('language', 'de')).toThrow(/CHECK/);
    expect(() => set('appearance_json', '{"theme":"dark"}')).not.toThrow();
    expect(() => set('appearance_json', '["dark"]')).toThrow(/CHECK/);
    expect(() => set('appearance_json', 'not json')).toThrow();
    expect(() => set('phone', '+1 555 0100')).not.toThrow();

    // Removing the user removes their warehouse and shares.
    db.prepare('DELETE FROM users WHERE id = ?').run(user);
    expect(db.prepare('SELECT count(*) FROM staff_warehouses').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM shares').pluck().get()).toBe(0);
    db.close();
  });
});

describe('invoices, and shares of records', () => {
  it('refuses kinds, states, methods and amounts outside the lists, and a statement share without its period', async () => {
    const db = await openSqlite(tempDir());
    const now = new Date().toISOString();
    const partner = Number(
      db
        .prepare(`INSERT INTO partners (name, referral_code, created_at) VALUES ('Customer', 'CHECKS03', ?)`)
        .run(now).lastInsertRowid,
    );
    const user = db
      .prepare(
        `INSERT INTO users (email, password_hash, first_name, partner_id, created_at)
         VALUES ('u@example.com', 'x', 'U', ?, ?)`,
      )
      .run(partner, now).lastInsertRowid;
    const share = (hash: string, kind: string, params: string | null = null) =>
      db
        .prepare(
          `INSERT INTO shares (token_hash, kind, target_id, params_json, created_by_user_id, created_at, expires_at)
           VALUES (?, ?, 1, ?, ?, ?, ?)`,
        )
        .run(hash, kind, params, user, now, now);
    for (const kind of ['invoice', 'clearance_receipt', 'loan'])
      expect(() => share(`h-${kind}`, kind)).not.toThrow();
    expect(() => share('s1', 'statement')).toThrow(/CHECK/);
    expect(() => share('s2', 'statement', '["2026-01-01"]')).toThrow(/CHECK/);
    expect(() => share('s3', 'statement', '{"date_from":"2026-01-01","date_to":"2026-01-31"}')).not.toThrow();
    expect(() => share('s4', 'order_document')).toThrow(/CHECK/);

    const invoice = (name: string, state: string, total = 100, due = '2026-02-28') =>
      db
        .prepare(
          `INSERT INTO invoices (name, partner_id, state, invoice_date, due_date, amount_untaxed_cents,
             amount_tax_cents, amount_total_cents, created_at, updated_at)
           VALUES (?, ?, ?, '2026-01-29', ?, 100, 0, ?, ?, ?)`,
        )
        .run(name, partner, state, due, total, now, now);
    expect(() => invoice('INV-2026-0001', 'posted')).not.toThrow();
    expect(() => invoice('inv-2026-0001', 'posted')).toThrow(/UNIQUE/);
    expect(() => invoice('INV-2026-0002', 'open')).toThrow(/CHECK/);
    expect(() => invoice('INV-2026-0003', 'posted', 99)).toThrow(/CHECK/);
    expect(() => invoice('INV-2026-0004', 'posted', 100, '2026-01-01')).toThrow(/CHECK/);
    const payment = (name: string, amount: number, method: string) =>
      db
        .prepare(
          `INSERT INTO invoice_payments (invoice_id, name, date, amount_cents, method, created_at)
           VALUES (1, ?, '2026-02-01', ?, ?, ?)`,
        )
        .run(name, amount, method, now);
    expect(() => payment('PAY-2026-0001', 50, 'cheque')).not.toThrow();
    expect(() => payment('PAY-2026-0001', 50, 'cheque')).toThrow(/UNIQUE/);
    expect(() => payment('PAY-2026-0002', 0, 'cheque')).toThrow(/CHECK/);
    expect(() => payment('PAY-2026-0003', 10, 'bitcoin')).toThrow(/CHECK/);
    db.close();
  });

  it('numbers invoices and payments by year, works out amounts from the lines, and moves the state with payments', async () => {
    const store = await openStore({ dataDir: tempDir() });
    stores.push(store);
    const db = store.database;
    const at = new Date('2026-03-10T09:00:00Z');
    const { id: partner } = await db
      .insertInto('partners')
      .values({ name: 'Customer', referral_code: 'CHECKS04', created_at: at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = [
      { description: 'Freight', quantity: 1, unitPriceCents: 100_000, taxRate: 0 },
      { description: 'Handling', quantity: 3, unitPriceCents: 3_333, taxRate: 5 },
    ];
    const base = { partnerId: partner, shippingOrderId: null, currency: 'USD', lines } as const;
    const first = await insertInvoice(db, { ...base, state: 'posted', invoiceDate: '2026-03-10' }, at);
    const second = await insertInvoice(
      db,
      { ...base, state: 'draft', invoiceDate: '2027-01-04' },
      new Date('2027-01-04'),
    );
    expect([first.name, second.name]).toEqual(['INV-2026-0001', 'INV-2027-0001']);
    expect(await findInvoiceById(db, EVERY_CUSTOMER, first.id)).toMatchObject({
      due_date: '2026-04-09',
      amount_untaxed_cents: 109_999,
      // 5% of 99.99, rounded to the cent.
      amount_tax_cents: 500,
      amount_total_cents: 110_499,
      paid_cents: 0,
    });
    const pay = (id: number, amountCents: number) =>
      addInvoicePayment(db, id, { date: '2026-03-20', amountCents, method: 'card', reference: null }, at);
    expect(await pay(second.id, 100)).toBe('not_payable');
    expect(await pay(first.id, 110_500)).toBe('overpaid');
    expect(await pay(first.id, 10_499)).toMatchObject({ name: 'PAY-2026-0001', amount: 104.99 });
    expect(await findInvoiceById(db, EVERY_CUSTOMER, first.id)).toMatchObject({
      state: 'partially_paid',
      paid_cents: 10_499,
    });
    expect(await pay(first.id, 100_000)).toMatchObject({ name: 'PAY-2026-0002' });
    expect(await findInvoiceById(db, EVERY_CUSTOMER, first.id)).toMatchObject({
      state: 'paid',
      paid_cents: 110_499,
    });
    expect(await pay(first.id, 1)).toBe('overpaid');
    expect(await pay(9999, 1)).toBe('not_found');
  });
});

describe('seed', () => {
  it('seeds an empty database once, and later steps see the accounts', async () => {
    const store = await openStore({ dataDir: tempDir() });
    stores.push(store);
    const seen: number[] = [];
    const steps = [
      ...seedSteps,
      (context: SeedContext) => void seen.push(context.users.get('client@example.com')!.partnerId),
    ];
    expect(await seedDemoData(store.database, new Date(), steps)).toBe(true);
    expect(await countAccounts(store.database)).toBe(demoAccounts.length);
    expect(seen).toHaveLength(1);
    expect(await seedDemoData(store.database, new Date(), steps)).toBe(false);
    expect(await countAccounts(store.database)).toBe(demoAccounts.length);
    expect(seen).toHaveLength(1);
    const staff = await store.database
      .selectFrom('users')
      .select((eb) => eb.fn.count<number>('partner_id').distinct().as('partners'))
      .where('email', 'in', ['admin@example.com', 'agent@example.com'])
      .executeTakeFirstOrThrow();
    expect(staff.partners).toBe(1);
  });

  it('adds the demo suppliers, drivers, containers, loans and orders, the same on every first start', async () => {
    const now = new Date();
    const dump = async () => {
      const store = await openStore({ dataDir: tempDir() });
      stores.push(store);
      await seedDemoData(store.database, now);
      type Table = 'loans' | 'loan_transactions' | 'shipping_orders' | 'shipment_tracking' | 'invoices';
      const all = (table: Table | 'invoice_lines' | 'invoice_payments') =>
        store.database.selectFrom(table).selectAll().orderBy('id').execute();
      const data = {
        suppliers: await store.database
          .selectFrom('suppliers')
          .select(['name', 'active'])
          .orderBy('id')
          .execute(),
        drivers: await store.database
          .selectFrom('drivers')
          .select(['name', 'licence_number', 'active'])
          .orderBy('id')
          .execute(),
        containers: await store.database
          .selectFrom('containers')
          .select(['name', 'size', 'capacity_cbm', 'status', 'departure_date'])
          .orderBy('id')
          .execute(),
        loans: await all('loans'),
        transactions: await all('loan_transactions'),
        orders: await all('shipping_orders'),
        tracking: await all('shipment_tracking'),
        documents: await store.database
          .selectFrom('loan_documents')
          .select(['loan_id', 'filename', 'size'])
          .orderBy('id')
          .execute(),
        invoices: await all('invoices'),
        invoiceLines: await all('invoice_lines'),
        payments: await all('invoice_payments'),
      };
      return data;
    };
    const first = await dump();
    expect(first.suppliers).toHaveLength(demoSuppliers.length);
    expect(first.suppliers.filter((row) => (row as { active: number }).active === 0)).toHaveLength(1);
    expect(first.drivers).toHaveLength(demoDrivers.length);
    expect(first.containers).toHaveLength(demoContainers.length);
    expect(first.loans).toHaveLength(demoLoans.length);
    expect(first.orders).toHaveLength(demoOrders.length);
    expect(first.tracking.length).toBeGreaterThan(demoOrders.length * 2);
    expect(first.invoices.length).toBeGreaterThan(demoStandaloneInvoices.length);
    expect(first.payments.length).toBeGreaterThan(0);
    expect(await dump()).toEqual(first);
  });
});
