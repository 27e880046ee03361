/** Containers: the boxes groupage orders are consolidated in, with the orders each one holds. */
import type { Origin } from '../app/catalog';
import type { CONTAINER_SIZES, CONTAINER_STATUSES, Container, OrderStatus } from '@contract';
import type { Db } from './db';
import { searchCondition } from './lists';

export type ContainerSize = (typeof CONTAINER_SIZES)[number];
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];

/** What each size holds, in CBM (the usable volume, not the box's inner volume). */
export const CONTAINER_CAPACITY: Record<ContainerSize, number> = { '20ft': 33, '40ft': 67, '40ft_hc': 76 };

export interface NewContainer {
  name: string;
  size: ContainerSize;
  status: ContainerStatus;
  origin: Origin;
  destination: string;
  departureDate: string | null;
}

export interface ContainerFilter {
  status?: ContainerStatus;
  origin?: Origin;
  search?: string;
  limit: number;
  offset: number;
}

interface ContainerRow {
  id: number;
  name: string;
  size: ContainerSize;
  capacity_cbm: number;
  status: ContainerStatus;
  origin: Origin;
  destination: string;
  departure_date: string | null;
}

interface ContainerOrderRow {
  id: number;
  name: string;
  partner_name: string;
  cbm: number;
  status: OrderStatus;
  container_id: number;
}

/** CBM are REAL: a sum is rounded to what the screens show. */
export function roundCbm(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Volume taken in a container: its orders' CBM, cancelled orders aside. */
function usedCbm(orders: readonly { cbm: number; status: OrderStatus }[]): number {
  return roundCbm(orders.reduce((sum, order) => (order.status === 'cancelled' ? sum : sum + order.cbm), 0));
}

export function createContainer(db: Db, container: NewContainer, now: Date): number {
  const result = db
    .prepare(
      `INSERT INTO containers (name, size, capacity_cbm, status, origin, destination, departure_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      container.name,
      container.size,
      CONTAINER_CAPACITY[container.size],
      container.status,
      container.origin,
      container.destination,
      container.departureDate,
      now.toISOString(),
    );
  return Number(result.lastInsertRowid);
}

/** The orders of these containers (one query for all of them), by container, oldest first. */
function ordersOf(db: Db, containerIds: readonly number[]): Map<number, ContainerOrderRow[]> {
  const byContainer = new Map<number, ContainerOrderRow[]>();
  if (containerIds.length === 0) return byContainer;
  const rows = db
    .prepare(
      `SELECT o.id, o.name, p.name AS partner_name, o.cbm, o.status, o.container_id
       FROM shipping_orders o JOIN partners p ON p.id = o.partner_id
       WHERE o.container_id IN (SELECT value FROM json_each(?))
       ORDER BY o.created_at, o.id`,
    )
    .all(JSON.stringify(containerIds)) as ContainerOrderRow[];
  for (const row of rows)
    byContainer.set(row.container_id, [...(byContainer.get(row.container_id) ?? []), row]);
  return byContainer;
}

/**
 * One page of containers, newest first, each with its orders and the volume they take, and how many
 * match in all. The search matches the container number and the destination.
 */
export function listContainers(db: Db, filter: ContainerFilter): { containers: Container[]; total: number } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filter.status) {
    conditions.push('c.status = ?');
    values.push(filter.status);
  }
  if (filter.origin) {
    conditions.push('c.origin = ?');
    values.push(filter.origin);
  }
  if (filter.search) {
    const search = searchCondition(['c.name', 'c.destination'], filter.search);
    conditions.push(search.condition);
    values.push(...search.values);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number(
    db
      .prepare(`SELECT count(*) FROM containers c ${where}`)
      .pluck()
      .get(...values),
  );
  const rows = db
    .prepare(
      `SELECT c.id, c.name, c.size, c.capacity_cbm, c.status, c.origin, c.destination, c.departure_date
       FROM containers c ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...values, filter.limit, filter.offset) as ContainerRow[];
  const orders = ordersOf(
    db,
    rows.map((row) => row.id),
  );
  const containers = rows.map((row): Container => {
    const own = orders.get(row.id) ?? [];
    return {
      ...row,
      used_cbm: usedCbm(own),
      orders: own.map(({ id, name, partner_name, cbm, status }) => ({ id, name, partner_name, cbm, status })),
    };
  });
  return { containers, total };
}

export interface OpenContainer {
  id: number;
  name: string;
  capacity_cbm: number;
  used_cbm: number;
}

/** Containers still being filled, with the volume their (not cancelled) orders take. */
export function openContainers(db: Db): OpenContainer[] {
  const rows = db
    .prepare(
      `SELECT c.id, c.name, c.capacity_cbm, total(o.cbm) AS used_cbm
       FROM containers c
       LEFT JOIN shipping_orders o ON o.container_id = c.id AND o.status <> 'cancelled'
       WHERE c.status = 'open'
       GROUP BY c.id
       ORDER BY c.name`,
    )
    .all() as OpenContainer[];
  return rows.map((row) => ({ ...row, used_cbm: roundCbm(row.used_cbm) }));
}
