/** Drivers: who picks goods up at the suppliers and delivers them to the customers. */
import { sql } from 'kysely';
import type { Origin } from '../app/catalog';
import type { Driver } from '@contract';
import type { Database } from './data/database';
import { isUniqueViolation } from './data/dialect';
import { searchWhere } from './lists';

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

const DRIVER_COLUMNS = [
  'd.id',
  'd.name',
  'd.phone',
  'd.licence_number',
  'd.vehicle_plate',
  'd.origin',
  'd.active',
  'd.created_at',
  'd.updated_at',
] as const;

function toDriver(
  row: Omit<Driver, 'active' | 'origin'> & { origin: string | null; active: number },
): Driver {
  return { ...row, origin: row.origin as Origin | null, active: row.active === 1 };
}

/**
 * One page of drivers by name, ignoring case, and how many match in all. The search matches the name,
 * phone, licence number and vehicle plate (lists.ts `searchWhere`).
 */
export async function listDrivers(
  db: Database,
  filter: DriverFilter,
): Promise<{ drivers: Driver[]; total: number }> {
  let matching = db.selectFrom('drivers as d');
  if (filter.active !== undefined) matching = matching.where('d.active', '=', filter.active ? 1 : 0);
  if (filter.search)
    matching = matching.where(
      searchWhere(['d.name', 'd.phone', 'd.licence_number', 'd.vehicle_plate'], filter.search),
    );
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select(DRIVER_COLUMNS)
    .orderBy(sql`lower(d.name)`)
    .orderBy('d.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { drivers: rows.map(toDriver), total };
}

export async function findDriver(db: Database, id: number): Promise<Driver | null> {
  const row = await db
    .selectFrom('drivers as d')
    .select(DRIVER_COLUMNS)
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ? toDriver(row) : null;
}

function driverValues(input: DriverInput) {
  return { ...input, active: input.active ? 1 : 0 };
}

/**
 * A licence number is one driver's, ignoring case (also beyond ASCII): a second one is refused by the
 * unique index on the folded number.
 */
async function unlessLicenceTaken<T>(write: () => Promise<T>): Promise<T | 'licence_taken'> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'drivers.licence_number')) return 'licence_taken';
    throw error;
  }
}

export async function createDriver(
  db: Database,
  input: DriverInput,
  now: Date,
): Promise<Driver | 'licence_taken'> {
  return unlessLicenceTaken(async () => {
    const at = now.toISOString();
    const { id } = await db
      .insertInto('drivers')
      .values({ ...driverValues(input), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await findDriver(db, id);
    if (!created) throw new Error('The driver just created is gone');
    return created;
  });
}

/** Replaces every field of a driver (the whole form is sent). */
export async function updateDriver(
  db: Database,
  id: number,
  input: DriverInput,
  now: Date,
): Promise<Driver | 'licence_taken' | 'not_found'> {
  // An unknown driver is "not found" even with a taken licence number: checked first.
  if (!(await findDriver(db, id))) return 'not_found';
  return unlessLicenceTaken(async () => {
    await db
      .updateTable('drivers')
      .set({ ...driverValues(input), updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    return (await findDriver(db, id)) ?? 'not_found';
  });
}
