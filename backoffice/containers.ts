/** Containers: the boxes groupage orders are consolidated in, with the orders each one holds. */
import type { Origin } from '../app/catalog';
import {
  CONTAINER_CAPACITY,
  CONTAINER_MILESTONE_STATUS,
  LOADING_CONTAINER_STATUSES,
  type CONTAINER_KINDS,
  type CONTAINER_SIZES,
  type Container,
  type ContainerDetail,
  type ContainerEvent,
  type ContainerMilestone,
  type ContainerStatus,
  type OrderStatus,
} from '@contract';
import { inTransaction, type Database } from './data/database';
import { searchWhere } from './lists';
import { lockOrder, recordEvent } from './tracking';
import { fullName } from './users';
import { changesBetween, recordAudit } from './audit';

export type ContainerSize = (typeof CONTAINER_SIZES)[number];
export type ContainerKind = (typeof CONTAINER_KINDS)[number];
export type { ContainerStatus };

export { CONTAINER_CAPACITY };

export interface NewContainer {
  name: string;
  size: ContainerSize;
  status: ContainerStatus;
  origin: Origin;
  destination: string;
  departureDate: string | null;
  kind?: ContainerKind;
  /** What it holds in CBM; its size's usable volume when not given. */
  capacityCbm?: number;
  vessel?: string | null;
  voyage?: string | null;
  arrivalDate?: string | null;
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
      capacity_cbm: container.capacityCbm ?? CONTAINER_CAPACITY[container.size],
      status: container.status,
      origin: container.origin,
      destination: container.destination,
      departure_date: container.departureDate,
      kind: container.kind ?? 'dry',
      vessel: container.vessel ?? null,
      voyage: container.voyage ?? null,
      arrival_date: container.arrivalDate ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
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
      'c.kind',
      'c.vessel',
      'c.voyage',
      'c.arrival_date',
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
      kind: row.kind as ContainerKind,
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
  origin: Origin;
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
      'c.origin',
      'c.capacity_cbm',
      eb.fn.coalesce(eb.fn.sum<number | null>('o.cbm'), eb.lit(0)).as('used_cbm'),
    ])
    .where('c.status', 'in', LOADING_CONTAINER_STATUSES)
    .groupBy(['c.id', 'c.name', 'c.origin', 'c.capacity_cbm'])
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({
    ...row,
    origin: row.origin as Origin,
    used_cbm: roundCbm(Number(row.used_cbm)),
  }));
}

/** Whether another container has this number, ignoring case. */
async function numberTaken(db: Database, name: string, except: number | null): Promise<boolean> {
  let query = db
    .selectFrom('containers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== null) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The orders that could go into a container of this origin: in none, not delivered nor cancelled. */
async function loadableOrders(db: Database, origin: string): Promise<ContainerOrderRow[]> {
  const rows = await db
    .selectFrom('shipping_orders as o')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select(['o.id', 'o.name', 'p.name as partner_name', 'o.cbm', 'o.status', 'o.container_id'])
    .where('o.container_id', 'is', null)
    .where('o.origin', '=', origin)
    .where('o.status', 'not in', ['delivered', 'cancelled'])
    .orderBy('o.created_at')
    .orderBy('o.id')
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, status: row.status as OrderStatus, container_id: 0 }));
}

async function containerEvents(db: Database, containerId: number): Promise<ContainerEvent[]> {
  const rows = await db
    .selectFrom('container_events as e')
    .leftJoin('users as u', 'u.id', 'e.created_by_user_id')
    .select((eb) => [
      'e.id',
      'e.milestone',
      'e.place',
      'e.event_time',
      'e.note',
      'e.created_at',
      'u.first_name',
      'u.last_name',
      eb
        .selectFrom('shipment_tracking as t')
        .select((inner) => inner.fn.countAll<number>().as('copies'))
        .whereRef('t.container_event_id', '=', 'e.id')
        .as('copies'),
    ])
    .where('e.container_id', '=', containerId)
    .orderBy('e.event_time', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    milestone: row.milestone as ContainerMilestone,
    place: row.place,
    event_time: row.event_time,
    note: row.note,
    created_by: row.first_name === null ? null : fullName(row.first_name, row.last_name),
    created_at: row.created_at,
    orders: Number(row.copies ?? 0),
  }));
}

const summary = (row: ContainerOrderRow) => ({
  id: row.id,
  name: row.name,
  partner_name: row.partner_name,
  cbm: row.cbm,
  status: row.status,
});

/** One container with its orders, events and the orders it could take; null when there is none. */
export async function findContainer(db: Database, id: number): Promise<ContainerDetail | null> {
  const row = await db.selectFrom('containers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const own = (await ordersOf(db, [id])).get(id) ?? [];
  const takes = LOADING_CONTAINER_STATUSES.includes(row.status as ContainerStatus);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ContainerKind,
    size: row.size as ContainerSize,
    capacity_cbm: row.capacity_cbm,
    used_cbm: usedCbm(own),
    status: row.status as ContainerStatus,
    origin: row.origin as Origin,
    destination: row.destination,
    vessel: row.vessel,
    voyage: row.voyage,
    departure_date: row.departure_date,
    arrival_date: row.arrival_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
    orders: own.map(summary),
    events: await containerEvents(db, id),
    loadable: takes ? (await loadableOrders(db, row.origin)).map(summary) : [],
  };
}

/** A container as staff create or edit it. */
export interface ContainerChange {
  name: string;
  kind: ContainerKind;
  size: ContainerSize;
  capacityCbm: number;
  status: ContainerStatus;
  origin: Origin;
  destination: string;
  vessel: string | null;
  voyage: string | null;
  departureDate: string | null;
  arrivalDate: string | null;
}

export type ContainerSaveRefusal =
  'not_found' | 'number_taken' | { refused: 'below_used'; used: number } | { refused: 'origin_loaded' };

/** Adds a container; its id, or 'number_taken'. */
export async function addContainer(
  db: Database,
  input: ContainerChange,
  userId: number,
  now: Date,
): Promise<number | 'number_taken'> {
  return inTransaction(db, async (trx) => {
    if (await numberTaken(trx, input.name, null)) return 'number_taken';
    const id = await createContainer(trx, { ...input, capacityCbm: input.capacityCbm }, now);
    await recordAudit(trx, { recordType: 'container', recordId: id, action: 'created', userId }, now);
    return id;
  });
}

/** A container's columns as its history names them. */
const CONTAINER_FIELDS = [
  'name',
  'kind',
  'size',
  'capacity_cbm',
  'status',
  'origin',
  'destination',
  'vessel',
  'voyage',
  'departure_date',
  'arrival_date',
] as const;

/**
 * Edits a container. Its capacity may not fall below what its orders take, and its origin stays while
 * it holds orders (they leave from there).
 */
export async function updateContainer(
  db: Database,
  id: number,
  input: ContainerChange,
  userId: number,
  now: Date,
): Promise<ContainerSaveRefusal | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('containers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return 'not_found';
    if (await numberTaken(trx, input.name, id)) return 'number_taken';
    const own = (await ordersOf(trx, [id])).get(id) ?? [];
    const used = usedCbm(own);
    if (input.capacityCbm < used) return { refused: 'below_used', used };
    if (input.origin !== row.origin && own.some((order) => order.status !== 'cancelled'))
      return { refused: 'origin_loaded' };
    await trx
      .updateTable('containers')
      .set({
        name: input.name,
        kind: input.kind,
        size: input.size,
        capacity_cbm: input.capacityCbm,
        status: input.status,
        origin: input.origin,
        destination: input.destination,
        vessel: input.vessel,
        voyage: input.voyage,
        departure_date: input.departureDate,
        arrival_date: input.arrivalDate,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const after = await trx
      .selectFrom('containers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const changes = changesBetween(row, after, CONTAINER_FIELDS);
    if (changes)
      await recordAudit(
        trx,
        { recordType: 'container', recordId: id, action: 'edited', changes, userId },
        now,
      );
    return null;
  });
}

/** The order's history and the container's say that the order went in, or came out. */
async function recordMove(
  trx: Database,
  container: { id: number; name: string },
  order: { id: number; name: string },
  action: 'loaded' | 'unloaded',
  userId: number,
  now: Date,
): Promise<void> {
  await recordAudit(
    trx,
    { recordType: 'container', recordId: container.id, action, note: order.name, userId },
    now,
  );
  const container_name = {
    before: action === 'loaded' ? null : container.name,
    after: action === 'loaded' ? container.name : null,
  };
  await recordAudit(
    trx,
    { recordType: 'order', recordId: order.id, action: 'edited', changes: { container_name }, userId },
    now,
  );
}

export type LoadRefusal =
  | 'not_found'
  | 'closed'
  | { refused: 'over_capacity'; capacity: number; used: number; adding: number }
  | { refused: 'not_loadable'; orders: number[] };

/**
 * Loads orders into a container still taking them, all or none: each of its origin, in no container,
 * neither delivered nor cancelled, and together within its capacity. A planned container is loading
 * from then on.
 */
export async function loadContainer(
  db: Database,
  id: number,
  orderIds: readonly number[],
  userId: number,
  now: Date,
): Promise<LoadRefusal | null> {
  return inTransaction(db, async (trx) => {
    const container = await trx
      .updateTable('containers')
      .set({ updated_at: now.toISOString() })
      .where('id', '=', id)
      .returning(['name', 'status', 'origin', 'capacity_cbm'])
      .executeTakeFirst();
    if (!container) return 'not_found';
    if (!LOADING_CONTAINER_STATUSES.includes(container.status as ContainerStatus)) return 'closed';
    const wanted = [...new Set(orderIds)];
    const orders = await trx
      .selectFrom('shipping_orders')
      .select(['id', 'name', 'cbm'])
      .where('id', 'in', wanted)
      .where('container_id', 'is', null)
      .where('origin', '=', container.origin)
      .where('status', 'not in', ['delivered', 'cancelled'])
      .execute();
    if (orders.length !== wanted.length) {
      const found = new Set(orders.map((order) => order.id));
      return { refused: 'not_loadable', orders: wanted.filter((orderId) => !found.has(orderId)) };
    }
    const own = (await ordersOf(trx, [id])).get(id) ?? [];
    const used = usedCbm(own);
    const adding = roundCbm(orders.reduce((sum, order) => sum + order.cbm, 0));
    if (roundCbm(used + adding) > container.capacity_cbm)
      return { refused: 'over_capacity', capacity: container.capacity_cbm, used, adding };
    await trx
      .updateTable('shipping_orders')
      .set({ container_id: id, updated_at: now.toISOString() })
      .where('id', 'in', wanted)
      .execute();
    if (container.status === 'planned')
      await trx.updateTable('containers').set({ status: 'loading' }).where('id', '=', id).execute();
    for (const order of orders)
      await recordMove(trx, { id, name: container.name }, order, 'loaded', userId, now);
    return null;
  });
}

/** Takes an order out of a container still being loaded. */
export async function unloadContainer(
  db: Database,
  id: number,
  orderId: number,
  userId: number,
  now: Date,
): Promise<'not_found' | 'closed' | null> {
  return inTransaction(db, async (trx) => {
    const container = await trx
      .selectFrom('containers')
      .select(['name', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!container) return 'not_found';
    if (!LOADING_CONTAINER_STATUSES.includes(container.status as ContainerStatus)) return 'closed';
    const changed = await trx
      .updateTable('shipping_orders')
      .set({ container_id: null, updated_at: now.toISOString() })
      .where('id', '=', orderId)
      .where('container_id', '=', id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return 'not_found';
    const order = await trx
      .selectFrom('shipping_orders')
      .select(['id', 'name'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await recordMove(trx, { id, name: container.name }, order, 'unloaded', userId, now);
    return null;
  });
}

export interface ContainerEventChange {
  milestone: ContainerMilestone;
  place: string;
  /** ISO 8601 in UTC. */
  eventTime: string;
  note: string | null;
}

/**
 * A container's event, recorded once and added to the timeline of each order inside it that still
 * moves (cancelled and delivered ones aside), by this staff user; departure and arrival move the
 * container on. Refused, naming them, when draft orders inside would be taken past Confirmed.
 */
export async function addContainerEvent(
  db: Database,
  id: number,
  input: ContainerEventChange,
  userId: number,
  now: Date,
): Promise<'not_found' | { refused: 'draft_orders'; orders: string[] } | null> {
  return inTransaction(db, async (trx) => {
    const container = await trx
      .selectFrom('containers')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!container) return 'not_found';
    const inside = await trx
      .selectFrom('shipping_orders')
      .select(['id', 'name', 'status'])
      .where('container_id', '=', id)
      .where('status', 'not in', ['delivered', 'cancelled'])
      .orderBy('id')
      .execute();
    const moves =
      CONTAINER_MILESTONE_STATUS[input.milestone] !== undefined || input.milestone === 'customs_cleared';
    const drafts = inside.filter((order) => order.status === 'draft');
    if (moves && drafts.length > 0)
      return { refused: 'draft_orders', orders: drafts.map((order) => order.name) };

    const { id: eventId } = await trx
      .insertInto('container_events')
      .values({
        container_id: id,
        milestone: input.milestone,
        place: input.place,
        event_time: input.eventTime,
        note: input.note,
        created_by_user_id: userId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const order of inside) {
      const current = await lockOrder(trx, order.id, now);
      if (current === null) continue;
      const added = await recordEvent(
        trx,
        order.id,
        current,
        { ...input, containerEventId: eventId },
        userId,
        now,
      );
      // Checked above for every order: a refusal here is a rule the check does not know.
      if (typeof added === 'string')
        throw new Error(`container event refused on order ${order.id}: ${added}`);
    }
    await recordAudit(
      trx,
      {
        recordType: 'container',
        recordId: id,
        action: 'event',
        changes: { milestone: { before: null, after: input.milestone } },
        note: input.place,
        userId,
      },
      now,
    );
    const status = CONTAINER_MILESTONE_STATUS[input.milestone];
    if (status) {
      await trx
        .updateTable('containers')
        .set({
          status,
          updated_at: now.toISOString(),
          ...(status === 'departed' ? { departure_date: input.eventTime.slice(0, 10) } : {}),
          ...(status === 'arrived' ? { arrival_date: input.eventTime.slice(0, 10) } : {}),
        })
        .where('id', '=', id)
        .execute();
    }
    return null;
  });
}
