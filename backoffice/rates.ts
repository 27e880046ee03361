/**
 * The rate table: staff's price per lane (origin × destination × container type) over a period, both
 * days included; per CBM for groupage and housebill, per container for a full load, never less than
 * the minimum charge. Two periods of one lane never overlap, so a day has at most one rate.
 */
import type { ContainerType, Destination, Origin } from '../app/catalog';
import type { IndicativePrice, Rate } from '@contract';
import { inTransaction, type Database } from './data/database';
import { fromCents, toCents } from './numbers';

/** What a full container holds, for a full load's count of containers (a 40 ft container, usable). */
export const CONTAINER_CBM = 67;

export interface RateValues {
  origin: Origin;
  destination: Destination;
  containerType: ContainerType;
  price: number;
  minimum: number;
  currency: string;
  validFrom: string;
  validTo: string;
}

type RateRow = {
  id: number;
  origin: string;
  destination: string;
  container_type: string;
  price_cents: number;
  minimum_cents: number;
  currency: string;
  valid_from: string;
  valid_to: string;
};

const basisOf = (containerType: string): Rate['basis'] =>
  containerType === 'full_container_load' ? 'container' : 'cbm';

function toRate(row: RateRow): Rate {
  return {
    id: row.id,
    origin: row.origin as Origin,
    destination: row.destination as Destination,
    container_type: row.container_type as ContainerType,
    price: fromCents(row.price_cents),
    minimum: fromCents(row.minimum_cents),
    currency: row.currency,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    basis: basisOf(row.container_type),
  };
}

const COLUMNS = [
  'id',
  'origin',
  'destination',
  'container_type',
  'price_cents',
  'minimum_cents',
  'currency',
  'valid_from',
  'valid_to',
] as const;

export async function listRates(
  db: Database,
  filter: { origin?: Origin; destination?: Destination; containerType?: ContainerType },
): Promise<Rate[]> {
  let query = db.selectFrom('rates').select(COLUMNS);
  if (filter.origin) query = query.where('origin', '=', filter.origin);
  if (filter.destination) query = query.where('destination', '=', filter.destination);
  if (filter.containerType) query = query.where('container_type', '=', filter.containerType);
  const rows = await query
    .orderBy('origin')
    .orderBy('destination')
    .orderBy('container_type')
    .orderBy('valid_from')
    .execute();
  return rows.map(toRate);
}

export async function findRate(db: Database, id: number): Promise<Rate | null> {
  const row = await db.selectFrom('rates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toRate(row) : null;
}

export type RateOutcome = { id: number } | 'not_found' | 'overlaps';

/**
 * Stores a rate (a new one, or `id`'s again), unless another period of its lane overlaps it. Checked
 * and written in one transaction; the rates of the lane are locked first (PostgreSQL), so two saves of
 * overlapping periods cannot both pass.
 */
export async function saveRate(
  db: Database,
  values: RateValues,
  now: Date,
  id?: number,
): Promise<RateOutcome> {
  return inTransaction(db, async (trx): Promise<RateOutcome> => {
    if (id !== undefined) {
      const exists = await trx.selectFrom('rates').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return 'not_found';
    }
    let overlapping = trx
      .selectFrom('rates')
      .select('id')
      .where('origin', '=', values.origin)
      .where('destination', '=', values.destination)
      .where('container_type', '=', values.containerType)
      .where('valid_from', '<=', values.validTo)
      .where('valid_to', '>=', values.validFrom);
    if (id !== undefined) overlapping = overlapping.where('id', '<>', id);
    if (await overlapping.executeTakeFirst()) return 'overlaps';
    const row = {
      origin: values.origin,
      destination: values.destination,
      container_type: values.containerType,
      price_cents: toCents(values.price),
      minimum_cents: toCents(values.minimum),
      currency: values.currency,
      valid_from: values.validFrom,
      valid_to: values.validTo,
      updated_at: now.toISOString(),
    };
    if (id !== undefined) {
      await trx.updateTable('rates').set(row).where('id', '=', id).execute();
      return { id };
    }
    const created = await trx
      .insertInto('rates')
      .values({ ...row, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: created.id };
  });
}

export async function deleteRate(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('rates').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The price the lane's rate valid on `day` gives a shipment of `cbm`, or null when there is none. */
export async function priceShipment(
  db: Database,
  shipment: {
    origin: Origin;
    destination: Destination;
    containerType: ContainerType;
    cbm: number;
    day: string;
  },
): Promise<IndicativePrice | null> {
  const row = await db
    .selectFrom('rates')
    .select(COLUMNS)
    .where('origin', '=', shipment.origin)
    .where('destination', '=', shipment.destination)
    .where('container_type', '=', shipment.containerType)
    .where('valid_from', '<=', shipment.day)
    .where('valid_to', '>=', shipment.day)
    .executeTakeFirst();
  if (!row) return null;
  const basis = basisOf(row.container_type);
  const quantity =
    basis === 'container' ? Math.max(1, Math.ceil(shipment.cbm / CONTAINER_CBM)) : shipment.cbm;
  const computed = Math.round(quantity * row.price_cents);
  const price = Math.max(computed, row.minimum_cents);
  return {
    price: fromCents(price),
    currency: row.currency,
    rate_id: row.id,
    basis,
    quantity,
    unit_price: fromCents(row.price_cents),
    minimum_applied: price > computed,
  };
}
