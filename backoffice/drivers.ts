/** Drivers: who picks goods up at the suppliers and delivers them to the customers. */
import type { Origin } from '../app/catalog';
import type { Driver } from '@contract';
import { isUniqueViolation, type Db } from './db';
import { searchCondition } from './lists';

export interface DriverInput {
  name: string;
  phone: string;
  licence_number: string;
  vehicle_plate: string | null;
  origin: Origin | null;
  active: boolean;
}

export interface DriverFilter {
  search?: string;
  active?: boolean;
  limit: number;
  offset: number;
}

interface DriverRow {
  id: number;
  name: string;
  phone: string;
  licence_number: string;
  vehicle_plate: string | null;
  origin: Origin | null;
  active: number;
  created_at: string;
  updated_at: string;
}

const DRIVER_SELECT = `
  SELECT d.id, d.name, d.phone, d.licence_number, d.vehicle_plate, d.origin, d.active, d.created_at,
    d.updated_at
  FROM drivers d`;

function toDriver(row: DriverRow): Driver {
  return { ...row, active: row.active === 1 };
}

/**
 * One page of drivers by name, ignoring case, and how many match in all. The search matches the name,
 * phone, licence number and vehicle plate (lists.ts `searchCondition`).
 */
export function listDrivers(db: Db, filter: DriverFilter): { drivers: Driver[]; total: number } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filter.active !== undefined) {
    conditions.push('d.active = ?');
    values.push(filter.active ? 1 : 0);
  }
  if (filter.search) {
    const columns = ['d.name', 'd.phone', 'd.licence_number', 'd.vehicle_plate'];
    const search = searchCondition(columns, filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM drivers d ${where}`)
      .pluck()
      .get(...values),
  );
  const rows = db
    .prepare(`${DRIVER_SELECT} ${where} ORDER BY casefold(d.name), d.id LIMIT ? OFFSET ?`)
    .all(...values, filter.limit, filter.offset) as DriverRow[];
  return { drivers: rows.map(toDriver), total };
}

export function findDriver(db: Db, id: number): Driver | null {
  const row = db.prepare(`${DRIVER_SELECT} WHERE d.id = ?`).get(id) as DriverRow | undefined;
  return row ? toDriver(row) : null;
}

function driverValues(input: DriverInput) {
  return { ...input, active: input.active ? 1 : 0 };
}

/** A licence number is one driver's (ignoring ASCII case): a second one is refused by the UNIQUE column. */
function unlessLicenceTaken<T>(write: () => T): T | 'licence_taken' {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error, 'drivers.licence_number')) return 'licence_taken';
    throw error;
  }
}

export function createDriver(db: Db, input: DriverInput, now: Date): Driver | 'licence_taken' {
  return unlessLicenceTaken(() => {
    const result = db
      .prepare(
        `INSERT INTO drivers (name, phone, licence_number, vehicle_plate, origin, active, created_at, updated_at)
         VALUES (@name, @phone, @licence_number, @vehicle_plate, @origin, @active, @now, @now)`,
      )
      .run({ ...driverValues(input), now: now.toISOString() });
    const created = findDriver(db, Number(result.lastInsertRowid));
    if (!created) throw new Error('The driver just created is gone');
    return created;
  });
}

/** Replaces every field of a driver (the whole form is sent). */
export function updateDriver(
  db: Db,
  id: number,
  input: DriverInput,
  now: Date,
): Driver | 'licence_taken' | 'not_found' {
  // An unknown driver is "not found" even with a taken licence number: checked first.
  if (!findDriver(db, id)) return 'not_found';
  return unlessLicenceTaken(() => {
    db.prepare(
      `UPDATE drivers SET name = @name, phone = @phone, licence_number = @licence_number,
         vehicle_plate = @vehicle_plate, origin = @origin, active = @active, updated_at = @now
       WHERE id = @id`,
    ).run({ ...driverValues(input), now: now.toISOString(), id });
    return findDriver(db, id) ?? 'not_found';
  });
}
