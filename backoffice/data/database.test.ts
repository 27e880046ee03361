import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Migration } from 'kysely';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, migrate, openStore } from './database';
import { engineOf, isUniqueViolation } from './dialect';
import { migrations } from './migrations';
import { searchWhere } from '../lists';
import { allocateNumber } from '../numbers';
import { ENGINES, openTestStore } from './test-engines';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-data-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(engine: (typeof ENGINES)[number]['engine'], list?: Record<string, Migration>) {
  const opened = await openTestStore(engine, tempDir(), list);
  cleanups.push(opened.dispose);
  return opened;
}

const now = '2026-11-24T10:00:00.000Z';

describe.each(ENGINES)('the database on $engine', ({ engine, available }) => {
  it.skipIf(!available)('is made by the migrations once, and is the engine asked for', async () => {
    const { store } = await open(engine);
    expect(engineOf(store.database)).toBe(engine);
    expect(await migrate(store.database)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.database,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it.skipIf(!available)('applies a migration appended later, and none of a batch that fails', async () => {
    const { store } = await open(engine);
    const addTable = (name: string): Migration => ({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables these tests make up
      up: async (db: Kysely<any>) => {
        await db.schema.createTable(name).addColumn('id', 'integer').execute();
      },
    });
    const broken: Migration = {
      up: async (db) => {
        await sql`create table not valid sql`.execute(db);
      },
    };
    await expect(
      migrate(store.database, { ...migrations, '9001_added': addTable('added_later'), '9002_broken': broken }),
    ).rejects.toThrow();
    const tables = async () =>
      (await store.database.introspection.getTables()).map((table) => table.name).filter((n) => n.startsWith('added'));
    expect(await tables()).toEqual([]);
    expect(await migrate(store.database, { ...migrations, '9001_added': addTable('added_later') })).toEqual([
      '9001_added',
    ]);
    expect(await tables()).toEqual(['added_later']);
  });

  it.skipIf(!available)('folds case beyond ASCII, and refuses a name twice whatever its case', async () => {
    const { store } = await open(engine);
    const db = store.database;
    const folded = await sql<{ value: string }>`select lower(${'ÉCOLE Ünïon'}) as value`.execute(db);
    expect(folded.rows[0]?.value).toBe('école ünïon');
    const supplier = (name: string) =>
      db
        .insertInto('suppliers')
        .values({ name, created_at: now, updated_at: now })
        .execute();
    await supplier('Église Textiles');
    const duplicate = await supplier('ÉGLISE TEXTILES').catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'suppliers.name')).toBe(true);
    expect(isUniqueViolation(duplicate, 'drivers.licence_number')).toBe(false);
    const partner = await db
      .insertInto('partners')
      .values({ name: 'Customer', referral_code: 'R1', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = (email: string) =>
      db
        .insertInto('users')
        .values({ email, password_hash: 'x', first_name: 'A', partner_id: partner.id, created_at: now })
        .execute();
    await user('someone@example.com');
    expect(isUniqueViolation(await user('SomeOne@Example.com').catch((e: unknown) => e), 'users.email')).toBe(true);
  });

  it.skipIf(!available)('refuses values outside the lists, unknown partners and appearance that is not an object', async () => {
    const { store } = await open(engine);
    const db = store.database;
    const partner = await db
      .insertInto('partners')
      .values({ name: 'Customer', referral_code: 'R2', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (status: string, partnerId = partner.id) =>
      db
        .insertInto('shipping_orders')
        .values({
          name: `SO-${status}-${partnerId}`,
          partner_id: partnerId,
          status,
          category: 'footwear',
          container_type: 'groupage',
          cbm: 1,
          origin: 'china',
          created_at: now,
          updated_at: now,
        })
        .execute();
    await expect(order('confirmed')).resolves.toBeDefined();
    await expect(order('lost')).rejects.toThrow(/check/i);
    await expect(order('draft', 9999)).rejects.toThrow(/foreign key/i);
    await expect(
      db
        .insertInto('users')
        .values({
          email: 'a@example.com',
          password_hash: 'x',
          first_name: 'A',
          partner_id: partner.id,
          created_at: now,
          appearance_json: '[1]',
        })
        .execute(),
    ).rejects.toThrow(/check/i);
    // Money and counts come back as numbers on both engines.
    const count = await db
      .selectFrom('shipping_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });
  it.skipIf(!available)('numbers records by kind and year, and searches as plain text ignoring case', async () => {
    const { store } = await open(engine);
    const db = store.database;
    const in2026 = new Date('2026-05-01T00:00:00Z');
    expect(await allocateNumber(db, 'SO', in2026)).toBe('SO-2026-0001');
    expect(await allocateNumber(db, 'SO', in2026)).toBe('SO-2026-0002');
    expect(await allocateNumber(db, 'LN', in2026)).toBe('LN-2026-0001');
    expect(await allocateNumber(db, 'SO', new Date('2027-01-01T00:00:00Z'))).toBe('SO-2027-0001');
    for (const name of ['Éclat 100% Cotton', 'eclat_cotton', 'Other'])
      await db.insertInto('suppliers').values({ name, created_at: now, updated_at: now }).execute();
    const find = async (text: string) =>
      (
        await db
          .selectFrom('suppliers')
          .select('name')
          .where(searchWhere(['name', 'contact'], text))
          .orderBy('id')
          .execute()
      ).map((row) => row.name);
    expect(await find('ÉCLAT')).toEqual(['Éclat 100% Cotton']);
    expect(await find('100%')).toEqual(['Éclat 100% Cotton']);
    expect(await find('t_c')).toEqual(['eclat_cotton']);
    expect(await find('%')).toEqual(['Éclat 100% Cotton']);
  });
});

describe('a data directory made before the portable layer', () => {
  it('keeps its data: the baseline is recorded as applied', async () => {
    const dir = tempDir();
    const legacy = new BetterSqlite3(path.join(dir, DATABASE_FILE));
    legacy.exec(readFileSync(new URL('./fixtures/legacy-schema.sql', import.meta.url), 'utf8'));
    legacy
      .prepare(`INSERT INTO partners (name, referral_code, created_at) VALUES ('Kept', 'K1', ?)`)
      .run(now);
    legacy.close();
    const store = await openStore({ dataDir: dir });
    cleanups.push(store.close);
    const names = await store.database.selectFrom('partners').select('name').execute();
    expect(names).toEqual([{ name: 'Kept' }]);
    // The baseline is taken as applied; the migrations after it run.
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.database,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it('is refused when it lacks updates, with a message that says what to do', async () => {
    const dir = tempDir();
    const legacy = new BetterSqlite3(path.join(dir, DATABASE_FILE));
    legacy.exec(`CREATE TABLE migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL);
      INSERT INTO migrations VALUES ('0001_users_partners_sessions', '2026-01-01');`);
    legacy.close();
    await expect(openStore({ dataDir: dir })).rejects.toThrow(/new DATA_DIR/);
  });
});
