import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openDatabase, type Migration } from './db';
import { findCustomer, getContactDetails } from './partners';
import { countUsers } from './users';
import { demoAccounts, seedDemoData, seedSteps, type SeedContext } from './seed';

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
});
