/**
 * What differs between SQLite and PostgreSQL, kept in one place so that migrations and queries are
 * written once. Everything else (text dates in ISO 8601, 0/1 flags in integer columns, money in integer
 * cents, `lower()` for case-insensitive matching) is the same on both engines by choice.
 */
import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types and constraints whose spelling differs by engine (migrations use them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export function schemaTypes(db: Kysely<any>) {
  const engine = engineOf(db);
  return {
    /** An integer key the database numbers: SQLite's rowid alias, PostgreSQL's identity column. */
    id: (column: ColumnDefinitionBuilder) =>
      engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
    binary: (engine === 'postgres' ? 'bytea' : 'blob') as ColumnDataType,
    /** A check that a text column holds a JSON object, or nothing. */
    jsonObjectOrNull: (column: string): RawBuilder<SqlBool> =>
      engine === 'postgres'
        ? sql`${sql.ref(column)} is null or json_typeof(${sql.ref(column)}::json) = 'object'`
        : sql`${sql.ref(column)} is null or json_type(${sql.ref(column)}) = 'object'`,
    /**
     * Text compared without regard to case by `=` on SQLite as well (addresses, roles, licence and
     * invoice numbers). Queries still compare `lower(column)` so that PostgreSQL, where this changes
     * nothing, answers alike.
     */
    caseInsensitive: (column: ColumnDefinitionBuilder) =>
      engine === 'sqlite' ? column.modifyEnd(sql`collate nocase`) : column,
    /** At most one row per value of `column` whatever its case ("Acme" and "ACME" clash). */
    uniqueFolded: async (name: string, table: string, column: string) => {
      await db.schema.createIndex(name).on(table).unique().expression(sql`lower(${sql.ref(column)})`).execute();
    },
    /**
     * A reference to a table created later (two tables pointing at each other). SQLite resolves it
     * when used, so it is declared with the column; PostgreSQL needs the table first
     * (`addLateReference` once it exists).
     */
    lateReference: (target: string) => (column: ColumnDefinitionBuilder) =>
      engine === 'sqlite' ? column.references(target) : column,
    addLateReference: async (table: string, column: string, target: string) => {
      if (engine === 'sqlite') return;
      const [targetTable, targetColumn] = target.split('.') as [string, string];
      await db.schema
        .alterTable(table)
        .addForeignKeyConstraint(`${table}_${column}_fkey`, [column], targetTable, [targetColumn])
        .execute();
    },
  };
}

/** `a IS DISTINCT FROM b` (null-safe "not equal"): both engines spell it alike (SQLite ≥ 3.39). */
export function distinctFrom(left: Expression<unknown>, right: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`${left} is distinct from ${right}`;
}

/**
 * Whether the error is the database refusing a duplicate in `table.column`. SQLite names the column in
 * its message, or the index (`<table>_<column>`, as the baseline names its case-folding unique indexes);
 * PostgreSQL names the constraint: `<table>_<column>_key` for a unique column, or that index.
 */
export function isUniqueViolation(error: unknown, column: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  const name = column.replace('.', '_');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return error.message.includes(column) || error.message.includes(`index '${name}'`);
  }
  return code === '23505' && (constraint === name || constraint === `${name}_key`);
}

/**
 * Makes the transactions that read and then write what `key` names (a count of attempts, a row that
 * may not exist yet) take turns until each ends, so that none acts on a count another is changing.
 * SQLite runs one writing transaction at a time anyway (and the back office one transaction at a time
 * on its one connection); PostgreSQL takes a lock for the transaction on the key's hash.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function lockKey(trx: Kysely<any>, key: string): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
