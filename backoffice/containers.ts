/** Containers: the boxes groupage orders are consolidated in, with the orders each one holds. */
import type { Origin } from '../app/catalog';
import type { CONTAINER_SIZES, CONTAINER_STATUSES, Container, OrderStatus } from '@contract';
import type { Database } from './data/database';
import { searchWhere } from './lists';

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

interface ContainerOrderRow {
  id: number;
  name: string;
  partner_name: string;
  cbm: number;
  status: OrderStatus;
  container_id: number;
}

/** CBM are floating-point numbers: a sum is rounded to what the screens show. */
export function roundCbm(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Volume taken in a container: its orders' CBM, cancelled orders aside. */
function usedCbm(orders: readonly { cbm: number; status: OrderStatus }[]): number {
  return roundCbm(orders.reduce((sum, order) => (order.status === 'cancelled' ? sum : sum + order.cbm), 0));
}

export async function createContainer(db: Database, container: NewContainer, now: Date): Promise<number> {
  const { id } = await db
    .insertInto('containers')
    .values({
      name: container.name,
      size: container.size,
      capacity_cbm: CONTAINER_CAPACITY[container.size],
      status: container.status,
      origin: container.origin,
      destination: container.destination,
      departure_date: container.departureDate,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The orders of these containers (one query for all of them), by container, oldest first. */
async function ordersOf(
  db: Database,
  containerIds: readonly number[],
): Promise<Map<number, ContainerOrderRow[]>> {
  const byContainer = new Map<number, ContainerOrderRow[]>();
  if (containerIds.length === 0) return byContainer;
  const rows = await db
    .selectFrom('shipping_orders as o')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select(['o.id', 'o.name', 'p.name as partner_name', 'o.cbm', 'o.status', 'o.container_id'])
    .where('o.container_id', 'in', containerIds)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  for (const row of rows) {
    if (row.container_id === null) continue;
    const order = { ...row, status: row.status as OrderStatus, container_id: row.container_id };
    byContainer.set(row.container_id, [...(byContainer.get(row.container_id) ?? []), order]);
  }
  return byContainer;
}

/**
 * One page of containers, newest first, each with its orders and the volume they take, and how many
 * match in all. The search matches the container number and the destination.
 */
export async function listContainers(
  db: Database,
  filter: ContainerFilter,
): Promise<{ containers: Container[]; total: number }> {
  let matching = db.selectFrom('containers as c');
  if (filter.status) matching = matching.where('c.status', '=', filter.status);
  if (filter.origin) matching = matching.where('c.origin', '=', filter.origin);
  if (filter.search) matching = matching.where(searchWhere(['c.name', 'c.destination'], filter.search));
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matching
    .select([
      'c.id',
      'c.name',
      'c.size',
      'c.capacity_cbm',
      'c.status',
      'c.origin',
      'c.destination',
      'c.departure_date',
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const orders = await ordersOf(
    db,
    rows.map((row) => row.id),
  );
  const containers = rows.map((row): Container => {
    const own = orders.get(row.id) ?? [];
    return {
      ...row,
      size: row.size as ContainerSize,
      status: row.status as ContainerStatus,
      origin: row.origin as Origin,
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
export async function openContainers(db: Database): Promise<OpenContainer[]> {
  const rows = await db
    .selectFrom('containers as c')
    .leftJoin('shipping_orders as o', (join) =>
      join.onRef('o.container_id', '=', 'c.id').on('o.status', '<>', 'cancelled'),
    )
    .select((eb) => [
      'c.id',
      'c.name',
      'c.capacity_cbm',
      eb.fn.coalesce(eb.fn.sum<number | null>('o.cbm'), eb.lit(0)).as('used_cbm'),
    ])
    .where('c.status', '=', 'open')
    .groupBy(['c.id', 'c.name', 'c.capacity_cbm'])
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({ ...row, used_cbm: roundCbm(Number(row.used_cbm)) }));
}
