/** Suppliers: the factories and traders orders are picked up from. */
import { sql } from 'kysely';
import type { Supplier } from '@contract';
import { inTransaction, type Database } from './data/database';
import { isUniqueViolation } from './data/dialect';
import { searchWhere } from './lists';

export interface SupplierInput {
  name: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  location: string | null;
  active: boolean;
}

export interface SupplierFilter {
  search?: string;
  active?: boolean;
  limit: number;
  offset: number;
}

const SUPPLIER_COLUMNS = [
  's.id',
  's.name',
  's.contact',
  's.phone',
  's.email',
  's.address',
  's.location',
  's.active',
  's.created_at',
  's.updated_at',
] as const;

function toSupplier(row: Omit<Supplier, 'active'> & { active: number }): Supplier {
  return { ...row, active: row.active === 1 };
}

/**
 * One page of suppliers by name, ignoring case, and how many match in all. The search matches the
 * name, contact person, e-mail and location (lists.ts `searchWhere`).
 */
export async function listSuppliers(
  db: Database,
  filter: SupplierFilter,
): Promise<{ suppliers: Supplier[]; total: number }> {
  let matching = db.selectFrom('suppliers as s');
  if (filter.active !== undefined) matching = matching.where('s.active', '=', filter.active ? 1 : 0);
  if (filter.search)
    matching = matching.where(searchWhere(['s.name', 's.contact', 's.email', 's.location'], filter.search));
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select(SUPPLIER_COLUMNS)
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { suppliers: rows.map(toSupplier), total };
}

export async function findSupplier(db: Database, id: number): Promise<Supplier | null> {
  const row = await db
    .selectFrom('suppliers as s')
    .select(SUPPLIER_COLUMNS)
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ? toSupplier(row) : null;
}

/** Whether another supplier has this name, ignoring case also beyond ASCII. */
async function nameInUse(db: Database, name: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('suppliers')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

function supplierValues(input: SupplierInput) {
  return {
    name: input.name,
    contact: input.contact,
    phone: input.phone,
    email: input.email,
    address: input.address,
    location: input.location,
    active: input.active ? 1 : 0,
  };
}

/**
 * Runs a write unless the name is another supplier's ('name_taken'); checked and written in one
 * transaction, and a write that races past the check is refused by the unique index on the folded
 * name. The write answers null when the supplier is not there.
 */
async function writeWithUniqueName(
  db: Database,
  name: string,
  exceptId: number | null,
  write: (trx: Database) => Promise<Supplier | null>,
): Promise<Supplier | 'name_taken' | 'not_found'> {
  try {
    return await inTransaction(db, async (trx): Promise<Supplier | 'name_taken' | 'not_found'> => {
      if (exceptId !== null && !(await findSupplier(trx, exceptId))) return 'not_found';
      if (await nameInUse(trx, name, exceptId)) return 'name_taken';
      return (await write(trx)) ?? 'not_found';
    });
  } catch (error) {
    if (isUniqueViolation(error, 'suppliers.name')) return 'name_taken';
    throw error;
  }
}

export async function createSupplier(
  db: Database,
  input: SupplierInput,
  now: Date,
): Promise<Supplier | 'name_taken'> {
  const created = await writeWithUniqueName(db, input.name, null, async (trx) => {
    const at = now.toISOString();
    const { id } = await trx
      .insertInto('suppliers')
      .values({ ...supplierValues(input), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findSupplier(trx, id);
  });
  if (created === 'not_found') throw new Error('The supplier just created is gone');
  return created;
}

/** Replaces every field of a supplier (the whole form is sent). */
export async function updateSupplier(
  db: Database,
  id: number,
  input: SupplierInput,
  now: Date,
): Promise<Supplier | 'name_taken' | 'not_found'> {
  return writeWithUniqueName(db, input.name, id, async (trx) => {
    await trx
      .updateTable('suppliers')
      .set({ ...supplierValues(input), updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    return findSupplier(trx, id);
  });
}
