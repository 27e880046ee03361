import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

export interface Migration {
  /** Never rename or reorder an applied migration: append a new one. */
  id: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    id: '0001_users_partners_sessions',
    sql: `
      CREATE TABLE partners (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT,
        phone TEXT,
        street TEXT,
        city TEXT,
        country TEXT,
        company_name TEXT,
        referral_code TEXT NOT NULL UNIQUE,
        referred_by_code TEXT,
        is_staff INTEGER NOT NULL DEFAULT 0 CHECK (is_staff IN (0, 1)),
        created_at TEXT NOT NULL
      );

      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL DEFAULT '',
        partner_id INTEGER NOT NULL REFERENCES partners (id),
        user_image TEXT,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL
      );
      CREATE INDEX users_partner_id ON users (partner_id);

      CREATE TABLE user_roles (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (user_id, role)
      );

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sessions_user_id ON sessions (user_id);

      CREATE TABLE password_reset_tokens (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX password_reset_tokens_user_id ON password_reset_tokens (user_id);
    `,
  },
  {
    id: '0002_shipping_requests',
    sql: `
      CREATE TABLE shipping_requests (
        id INTEGER PRIMARY KEY,
        partner_id INTEGER NOT NULL REFERENCES partners (id),
        email_from TEXT NOT NULL,
        name TEXT NOT NULL,
        service TEXT,
        description TEXT NOT NULL DEFAULT '',
        expected_revenue REAL NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        staff_note TEXT,
        reviewed_by_user_id INTEGER REFERENCES users (id),
        reviewed_at TEXT,
        created_at TEXT NOT NULL,
        shipping_order_id INTEGER
      );
      CREATE INDEX shipping_requests_partner_created ON shipping_requests (partner_id, created_at);
      CREATE INDEX shipping_requests_status_created ON shipping_requests (status, created_at);
      CREATE INDEX shipping_requests_created ON shipping_requests (created_at);

      CREATE TABLE request_attachments (
        id INTEGER PRIMARY KEY,
        request_id INTEGER NOT NULL REFERENCES shipping_requests (id) ON DELETE CASCADE,
        filename TEXT NOT NULL,
        mimetype TEXT NOT NULL,
        size INTEGER NOT NULL,
        data BLOB NOT NULL
      );
      CREATE INDEX request_attachments_request_id ON request_attachments (request_id);
    `,
  },
  {
    id: '0003_partner_image',
    sql: `
      ALTER TABLE partners ADD COLUMN image BLOB;
      ALTER TABLE partners ADD COLUMN image_mimetype TEXT;
    `,
  },
  {
    id: '0004_customer_fields',
    sql: `
      ALTER TABLE partners ADD COLUMN national_id TEXT;
      ALTER TABLE partners ADD COLUMN gender TEXT CHECK (gender IN ('male', 'female'));
      ALTER TABLE partners ADD COLUMN date_of_birth TEXT;
      ALTER TABLE partners ADD COLUMN client_type TEXT CHECK (client_type IN ('individual', 'company'));
      ALTER TABLE partners ADD COLUMN business_industry TEXT;
    `,
  },
];

/** Whether the error is SQLite refusing a duplicate in this column (`table.column`). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  );
}

export const DATABASE_FILE = 'backoffice.sqlite';

/** Opens (creating if needed) the database in `dataDir` and applies pending migrations. */
export function openDatabase(dataDir: string, list: readonly Migration[] = migrations): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    // SQLite's lower() and LIKE fold ASCII only; searches fold "É" to "é" too.
    db.function('casefold', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    migrate(db, list);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function migrate(db: Db, list: readonly Migration[] = migrations): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db
      .prepare('SELECT id FROM migrations')
      .pluck()
      .all()
      .map((id) => String(id)),
  );
  const pending = list.filter((migration) => !applied.has(migration.id));
  const record = db.prepare('INSERT INTO migrations (id, applied_at) VALUES (?, ?)');
  // All or nothing: a half-migrated database is worse than one that refuses to start.
  db.transaction(() => {
    for (const migration of pending) {
      db.exec(migration.sql);
      record.run(migration.id, new Date().toISOString());
    }
  }).immediate();
  return pending.map((migration) => migration.id);
}
