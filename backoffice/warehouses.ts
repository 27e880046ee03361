/** The warehouse each staff member works at (one per staff member), which sets their lists' default origin. */
import type { Origin } from '../app/catalog';
import type { Warehouse } from '@contract';
import type { Db } from './db';

export interface WarehouseInput {
  name: string;
  address: string;
  origin: Origin;
  openingHours: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

export function findWarehouse(db: Db, userId: number): Warehouse | null {
  const row = db
    .prepare(
      `SELECT name, address, origin, opening_hours, contact_phone, contact_email, updated_at
       FROM staff_warehouses WHERE user_id = ?`,
    )
    .get(userId) as Warehouse | undefined;
  return row ?? null;
}

/** Sets the staff member's warehouse, replacing the whole record (a field left out is cleared). */
export function saveWarehouse(db: Db, userId: number, warehouse: WarehouseInput, now: Date): void {
  db.prepare(
    `INSERT INTO staff_warehouses
       (user_id, name, address, origin, opening_hours, contact_phone, contact_email, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, address = excluded.address,
       origin = excluded.origin, opening_hours = excluded.opening_hours,
       contact_phone = excluded.contact_phone, contact_email = excluded.contact_email,
       updated_at = excluded.updated_at`,
  ).run(
    userId,
    warehouse.name,
    warehouse.address,
    warehouse.origin,
    warehouse.openingHours,
    warehouse.contactPhone,
    warehouse.contactEmail,
    now.toISOString(),
  );
}

/** Forgets the staff member's warehouse (nothing to do when none is set). */
export function deleteWarehouse(db: Db, userId: number): void {
  db.prepare('DELETE FROM staff_warehouses WHERE user_id = ?').run(userId);
}
