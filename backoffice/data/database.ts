/**
 * The back office's database: SQLite in `DATA_DIR` (the embedded default), or PostgreSQL when
 * `DATABASE_URL` is set. One Kysely instance either way; queries are written once (`dialect.ts` holds the
 * few differences).
 */
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  type Migration,
  SqliteAdapter,
  SqliteDialect,
  PostgresDialect,
  sql,
  type Transaction,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { engineOf, type Engine } from './dialect';
import { migrations } from './migrations';
import type { Tables } from './schema';

export type Database = Kysely<Tables>;

/**
 * Runs `work` in a transaction: a new one, or the one `db` already is. Kysely does not nest
 * transactions, and a function that keeps its writes together (an order and its number) is also called
 * inside a larger one (the demo data, a quota check with the upload it admits).
 */
export function inTransaction<T>(db: Database, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Tables>) : db.transaction().execute(work);
}

export const DATABASE_FILE = 'backoffice.sqlite';

export interface DatabaseOptions {
  /** Where the SQLite file lives (ignored with `databaseUrl`). */
  dataDir: string;
  /** `postgres://…`: use PostgreSQL instead of the embedded SQLite file. */
  databaseUrl?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** The migrations to apply (tests add some); all of `migrations/` by default. */
  migrations?: Record<string, Migration>;
}

/**
 * SQLite runs DDL inside transactions, so a migration that fails leaves nothing half done (Kysely
 * assumes otherwise for SQLite and would apply each statement on its own).
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class EmbeddedSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
}

function sqliteDatabase(dataDir: string): BetterSqlite3.Database {
  mkdirSync(dataDir, { recursive: true });
  const file = new BetterSqlite3(path.join(dataDir, DATABASE_FILE));
  try {
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    // SQLite's own lower() folds ASCII only; PostgreSQL's folds every letter ("É" → "é"). Replacing it
    // makes searches, unique names and e-mail addresses behave alike on both engines.
    const fold = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text);
    file.function('lower', { deterministic: true }, fold);
    return file;
  } catch (error) {
    file.close();
    throw error;
  }
}

// PostgreSQL answers count(*) and sums of integers as 64-bit numbers, which the driver gives as text;
// every such number here (counts, cents) is far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

/** The open database; `sqlite` is the embedded file's handle (null on PostgreSQL). */
export interface Store {
  database: Database;
  sqlite: BetterSqlite3.Database | null;
  close(): Promise<void>;
}

function createStore(options: DatabaseOptions): Store {
  if (options.databaseUrl) {
    const database = new Kysely<Tables>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: options.databaseUrl,
          max: options.poolSize ?? 10,
          types: pgTypes,
        }),
      }),
    });
    return { database, sqlite: null, close: () => database.destroy() };
  }
  const file = sqliteDatabase(options.dataDir);
  // Kysely closes the file with the instance.
  const database = new Kysely<Tables>({ dialect: new EmbeddedSqliteDialect({ database: file }) });
  return { database, sqlite: file, close: () => database.destroy() };
}

/** The migrations the SQLite-only runner applied before the move to Kysely; all of them = the baseline. */
const LEGACY_MIGRATIONS = [
  '0001_users_partners_sessions',
  '0002_shipping_requests',
  '0003_partner_image',
  '0004_customer_fields',
  '0005_orders_loans',
  '0006_shares_warehouses_profiles',
  '0007_login_throttle',
  '0008_invoices',
  '0009_two_factor',
  '0010_session_activity',
  '0011_list_count_indexes',
  '0013_issued_documents',
  '0016_idempotency_keys',
  '0012_auth_hardening',
];

/**
 * A data directory made before the move to Kysely holds every table of the baseline already: it is
 * recorded as applied, so the demo data is kept.
 */
async function adoptLegacySqlite(db: Database): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const names = new Set(tables.rows.map((row) => row.name));
  if (!names.has('migrations') || names.has('kysely_migration')) return;
  const applied = await sql<{ id: string }>`select id from migrations`.execute(db);
  const ids = new Set(applied.rows.map((row) => row.id));
  const missing = LEGACY_MIGRATIONS.filter((id) => !ids.has(id));
  if (missing.length > 0) {
    throw new Error(
      `The database in DATA_DIR is from an older version (${missing.length} updates missing): start from a new DATA_DIR.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await sql`create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(trx);
    await sql`insert into kysely_migration (name, timestamp) values ('0001_baseline', ${new Date().toISOString()})`.execute(trx);
    await sql`drop table migrations`.execute(trx);
  });
}

/** Applies the pending migrations, all or none. Answers the names applied. */
export async function migrate(db: Database, list: Record<string, Migration> = migrations): Promise<string[]> {
  await adoptLegacySqlite(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Opens the database (creating the SQLite file if needed) and brings its schema up to date. */
export async function openStore(options: DatabaseOptions): Promise<Store> {
  const store = createStore(options);
  try {
    await migrate(store.database, options.migrations);
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}

export { engineOf, type Engine };
