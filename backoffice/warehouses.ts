/** The warehouse each staff member works at (one per staff member), which sets their lists' default origin. */
import type { Origin } from '../app/catalog';
import type { Warehouse } from '@contract';
import type { Database } from './data/database';

export interface WarehouseInput {
  name: string;
  address: string;
  origin: Origin;
  openingHours: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

export async function findWarehouse(db: Database, userId: number): Promise<Warehouse | null> {
  const row = await db
    .selectFrom('staff_warehouses')
    .select(['name', 'address', 'origin', 'opening_hours', 'contact_phone', 'contact_email', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // The column's CHECK holds the origins.
  return row ? { ...row, origin: row.origin as Origin } : null;
}

/** Sets the staff member's warehouse, replacing the whole record (a field left out is cleared). */
export async function saveWarehouse(
  db: Database,
  userId: number,
  warehouse: WarehouseInput,
  now: Date,
): Promise<void> {
  const record = {
    name: warehouse.name,
    address: warehouse.address,
    origin: warehouse.origin,
    opening_hours: warehouse.openingHours,
    contact_phone: warehouse.contactPhone,
    contact_email: warehouse.contactEmail,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('staff_warehouses')
    .values({ user_id: userId, ...record })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(record))
    .execute();
}

/** Forgets the staff member's warehouse (nothing to do when none is set). */
export async function deleteWarehouse(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('staff_warehouses').where('user_id', '=', userId).execute();
}
