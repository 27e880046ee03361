/**
 * The engines the back-office tests run on: SQLite always; PostgreSQL when the test run started a
 * cluster (`vitest.global-setup.ts`), else its tests are reported as skipped — never passed silently.
 */
import type { Migration } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from './database';
import type { Engine } from './dialect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's administrative URL, or '' when PostgreSQL is not installed. */
    postgresUrl: string;
  }
}

export function postgresUrl(): string {
  try {
    return inject('postgresUrl') ?? '';
  } catch {
    // Outside a vitest run (a script using the test helpers): no cluster.
    return '';
  }
}

export const ENGINES: readonly { engine: Engine; available: boolean }[] = [
  { engine: 'sqlite', available: true },
  { engine: 'postgres', available: Boolean(postgresUrl()) },
];

/** A new, empty database in the test cluster, and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgresUrl();
  if (!admin) throw new Error('No PostgreSQL cluster in this test run');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        // A pool that has just ended may still have connections closing: wait for them a little, since
        // forcing them (WITH (FORCE)) sends those clients an error nobody listens to any more.
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A fresh database on `engine`, migrated, and how to throw it away. */
export async function openTestStore(
  engine: Engine,
  dataDir: string,
  list?: Record<string, Migration>,
): Promise<{ store: Store; databaseUrl?: string; dispose(): Promise<void> }> {
  if (engine === 'sqlite') {
    const store = await openStore({ dataDir, migrations: list });
    return { store, dispose: () => store.close() };
  }
  const database = await createTestDatabase();
  try {
    const store = await openStore({ dataDir, databaseUrl: database.url, migrations: list });
    return {
      store,
      databaseUrl: database.url,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
