/** Suppliers: the factories and traders orders are picked up from. */
import type { Supplier } from '@contract';
import { isUniqueViolation, type Db } from './db';
import { searchCondition } from './lists';

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

interface SupplierRow {
  id: number;
  name: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  location: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

const SUPPLIER_SELECT = `
  SELECT s.id, s.name, s.contact, s.phone, s.email, s.address, s.location, s.active, s.created_at,
    s.updated_at
  FROM suppliers s`;

function toSupplier(row: SupplierRow): Supplier {
  return { ...row, active: row.active === 1 };
}

/**
 * One page of suppliers by name, ignoring case, and how many match in all. The search matches the
 * name, contact person, e-mail and location (lists.ts `searchCondition`).
 */
export function listSuppliers(db: Db, filter: SupplierFilter): { suppliers: Supplier[]; total: number } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filter.active !== undefined) {
    conditions.push('s.active = ?');
    values.push(filter.active ? 1 : 0);
  }
  if (filter.search) {
    const search = searchCondition(['s.name', 's.contact', 's.email', 's.location'], filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM suppliers s ${where}`)
      .pluck()
      .get(...values),
  );
  const rows = db
    .prepare(`${SUPPLIER_SELECT} ${where} ORDER BY casefold(s.name), s.id LIMIT ? OFFSET ?`)
    .all(...values, filter.limit, filter.offset) as SupplierRow[];
  return { suppliers: rows.map(toSupplier), total };
}

export function findSupplier(db: Db, id: number): Supplier | null {
  const row = db.prepare(`${SUPPLIER_SELECT} WHERE s.id = ?`).get(id) as SupplierRow | undefined;
  return row ? toSupplier(row) : null;
}

/** Whether another supplier has this name, ignoring case also beyond ASCII (the index folds ASCII only). */
function nameInUse(db: Db, name: string, exceptId: number | null): boolean {
  return Boolean(
    db
      .prepare('SELECT EXISTS (SELECT 1 FROM suppliers WHERE casefold(name) = ? AND id IS NOT ?)')
      .pluck()
      .get(name.toLowerCase(), exceptId),
  );
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
 * transaction. The write answers null when the supplier is not there.
 */
function writeWithUniqueName(
  db: Db,
  name: string,
  exceptId: number | null,
  write: () => Supplier | null,
): Supplier | 'name_taken' | 'not_found' {
  return db
    .transaction((): Supplier | 'name_taken' | 'not_found' => {
      if (exceptId !== null && !findSupplier(db, exceptId)) return 'not_found';
      if (nameInUse(db, name, exceptId)) return 'name_taken';
      try {
        return write() ?? 'not_found';
      } catch (error) {
        if (isUniqueViolation(error, 'suppliers.name')) return 'name_taken';
        throw error;
      }
    })
    .immediate();
}

export function createSupplier(db: Db, input: SupplierInput, now: Date): Supplier | 'name_taken' {
  const created = writeWithUniqueName(db, input.name, null, () => {
    const result = db
      .prepare(
        `INSERT INTO suppliers (name, contact, phone, email, address, location, active, created_at, updated_at)
         VALUES (@name, @contact, @phone, @email, @address, @location, @active, @now, @now)`,
      )
      .run({ ...supplierValues(input), now: now.toISOString() });
    return findSupplier(db, Number(result.lastInsertRowid));
  });
  if (created === 'not_found') throw new Error('The supplier just created is gone');
  return created;
}

/** Replaces every field of a supplier (the whole form is sent). */
export function updateSupplier(
  db: Db,
  id: number,
  input: SupplierInput,
  now: Date,
): Supplier | 'name_taken' | 'not_found' {
  return writeWithUniqueName(db, input.name, id, () => {
    db.prepare(
      `UPDATE suppliers SET name = @name, contact = @contact, phone = @phone, email = @email,
         address = @address, location = @location, active = @active, updated_at = @now
       WHERE id = @id`,
    ).run({ ...supplierValues(input), now: now.toISOString(), id });
    return findSupplier(db, id);
  });
}
