import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openDatabase, type Migration } from './db';
import { findCustomer, getContactDetails } from './partners';
import { countUsers } from './users';
import { demoAccounts, seedDemoData, seedSteps, type SeedContext } from './seed';
import { demoLoans } from './seedLoans';
import { demoContainers, demoDrivers, demoOrders, demoSuppliers } from './seedShipping';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('applies each migration once and records it', () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    expect(db.prepare('SELECT id FROM migrations ORDER BY id').pluck().all()).toEqual(
      migrations.map((m) => m.id),
    );
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('applies migrations appended later, and none of a failing batch', () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const added: Migration = {
      id: '9001_test_table',
      sql: 'CREATE TABLE test_things (id INTEGER PRIMARY KEY)',
    };
    const broken: Migration = { id: '9002_broken', sql: 'CREATE TABLE nonsense (' };
    expect(() => openDatabase(dir, [...migrations, added, broken])).toThrow();
    const db = openDatabase(dir, [...migrations, added]);
    expect(db.prepare('SELECT id FROM migrations WHERE id LIKE ?').pluck().all('9%')).toEqual([added.id]);
    db.close();
  });
});

describe('migrations of partners', () => {
  it('give partners of an older database no image and an empty customer profile', () => {
    const dir = tempDir();
    const old = openDatabase(dir, migrations.slice(0, 2));
    old
      .prepare(
        `INSERT INTO partners (name, email, referral_code, created_at) VALUES ('Old Customer', ?, 'OLDCODE2', ?)`,
      )
      .run('old@example.com', new Date().toISOString());
    old.close();
    const db = openDatabase(dir);
    const id = Number(db.prepare('SELECT id FROM partners').pluck().get());
    expect(getContactDetails(db, id)).toMatchObject({ name: 'Old Customer', has_image: false });
    expect(findCustomer(db, id)).toMatchObject({
      national_id: null,
      gender: null,
      date_of_birth: null,
      client_type: null,
      business_industry: null,
      has_account: false,
    });
    expect(() => db.prepare(`UPDATE partners SET gender = 'other' WHERE id = ?`).run(id)).toThrow(/CHECK/);
    db.close();
  });
});

describe('migrations of orders and loans', () => {
  it('give requests of an older database no order and no loan', () => {
    const dir = tempDir();
    const old = openDatabase(dir, migrations.slice(0, 4));
    const now = new Date().toISOString();
    const partner = old
      .prepare(
        `INSERT INTO partners (name, referral_code, created_at) VALUES ('Old Customer', 'OLDCODE3', ?)`,
      )
      .run(now).lastInsertRowid;
    old
      .prepare(
        `INSERT INTO shipping_requests (partner_id, email_from, name, status, created_at)
         VALUES (?, 'old@example.com', 'Trade Finance', 'approved', ?)`,
      )
      .run(partner, now);
    old.close();
    const db = openDatabase(dir);
    expect(db.prepare('SELECT shipping_order_id, loan_id FROM shipping_requests').get()).toEqual({
      shipping_order_id: null,
      loan_id: null,
    });
    db.close();
  });

  it('refuse values outside the contract’s lists, and unknown partners', () => {
    const db = openDatabase(tempDir());
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

describe('migrations of shares, warehouses and profiles', () => {
  it('give requests and users of an older database no origin, profile or preferences', () => {
    const dir = tempDir();
    const old = openDatabase(dir, migrations.slice(0, 5));
    const now = new Date().toISOString();
    const partner = old
      .prepare(`INSERT INTO partners (name, referral_code, created_at) VALUES ('Old', 'OLDCODE4', ?)`)
      .run(now).lastInsertRowid;
    old
      .prepare(
        `INSERT INTO users (email, password_hash, first_name, partner_id, created_at)
         VALUES ('old@example.com', 'x', 'Old', ?, ?)`,
      )
      .run(partner, now);
    old
      .prepare(
        `INSERT INTO shipping_requests (partner_id, email_from, name, description, created_at)
         VALUES (?, 'old@example.com', 'Old request', 'Origin: China', ?)`,
      )
      .run(partner, now);
    old.close();
    const db = openDatabase(dir);
    expect(db.prepare('SELECT origin FROM shipping_requests').pluck().get()).toBeNull();
    expect(db.prepare('SELECT phone, language, appearance_json FROM users').get()).toEqual({
      phone: null,
      language: null,
      appearance_json: null,
    });
    db.close();
  });

  it('refuse values outside the lists, appearance that is not a JSON object, and a token twice', () => {
    const db = openDatabase(tempDir());
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
    expect(() => share('b', 'invoice')).toThrow(/CHECK/);
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

describe('seed', () => {
  it('seeds an empty database once, and later steps see the accounts', async () => {
    const db = openDatabase(tempDir());
    const seen: number[] = [];
    const steps = [
      ...seedSteps,
      (context: SeedContext) => void seen.push(context.users.get('client@example.com')!.partnerId),
    ];
    expect(await seedDemoData(db, new Date(), steps)).toBe(true);
    expect(countUsers(db)).toBe(demoAccounts.length);
    expect(seen).toHaveLength(1);
    expect(await seedDemoData(db, new Date(), steps)).toBe(false);
    expect(countUsers(db)).toBe(demoAccounts.length);
    expect(seen).toHaveLength(1);
    const staff = db.prepare('SELECT count(DISTINCT partner_id) FROM users WHERE email IN (?, ?)').pluck();
    expect(staff.get('admin@example.com', 'agent@example.com')).toBe(1);
    db.close();
  });

  it('adds the demo suppliers, drivers, containers, loans and orders, the same on every first start', async () => {
    const now = new Date();
    const dump = async () => {
      const db = openDatabase(tempDir());
      await seedDemoData(db, now);
      const rows = (sql: string) => db.prepare(sql).all();
      const data = {
        suppliers: rows('SELECT name, active FROM suppliers ORDER BY id'),
        drivers: rows('SELECT name, licence_number, active FROM drivers ORDER BY id'),
        containers: rows(
          'SELECT name, size, capacity_cbm, status, departure_date FROM containers ORDER BY id',
        ),
        loans: rows('SELECT * FROM loans ORDER BY id'),
        transactions: rows('SELECT * FROM loan_transactions ORDER BY id'),
        orders: rows('SELECT * FROM shipping_orders ORDER BY id'),
        tracking: rows('SELECT * FROM shipment_tracking ORDER BY id'),
        documents: rows('SELECT loan_id, filename, size FROM loan_documents ORDER BY id'),
      };
      db.close();
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
    expect(await dump()).toEqual(first);
  });
});
