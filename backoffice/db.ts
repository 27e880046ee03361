import type Database from 'better-sqlite3';

/**
 * The embedded SQLite file's handle, for the queries not yet moved onto the portable layer
 * (`data/database.ts`); the schema and its migrations are there.
 */
export type Db = Database.Database;

export { DATABASE_FILE } from './data/database';

export { isUniqueViolation } from './data/dialect';
