/** The rate table (extension): staff's prices per lane, and the indicative price they give a request. */
import { z } from 'zod';
import { CONTAINER_TYPES, DESTINATIONS, ORIGINS } from '../app/catalog';
import { decimalNumber, decimalValue } from '../app/services/input';
import { QUOTE_CURRENCIES } from './values';
import { isoDate } from './dates';

const lane = {
  origin: z.enum(ORIGINS),
  destination: z.enum(DESTINATIONS),
  container_type: z.enum(CONTAINER_TYPES),
};

/** A lane's price over a period (both days included): per CBM for groupage and housebill, per container
 *  for a full load; never less than the minimum. */
export const rateInput = z
  .object({
    ...lane,
    price: decimalNumber({ min: 0, aboveMin: true, max: 1e7, decimals: 2 }),
    minimum: decimalNumber({ min: 0, max: 1e7, decimals: 2 }).default(0),
    currency: z.enum(QUOTE_CURRENCIES),
    valid_from: isoDate,
    valid_to: isoDate,
  })
  .refine((rate) => rate.valid_from <= rate.valid_to, {
    message: 'valid_to before valid_from',
    path: ['valid_to'],
  });
export type RateInput = z.input<typeof rateInput>;

export const rate = z.object({
  id: z.number().int(),
  ...lane,
  price: z.number(),
  minimum: z.number(),
  currency: z.string().length(3),
  valid_from: z.string(),
  valid_to: z.string(),
  /** What the price is for: one CBM, or one container. */
  basis: z.enum(['cbm', 'container']),
});
export type Rate = z.infer<typeof rate>;

export const ratesAnswer = z.object({ rates: z.array(rate) });

export const ratesQuery = z.object({
  origin: z.enum(ORIGINS).optional(),
  destination: z.enum(DESTINATIONS).optional(),
  container_type: z.enum(CONTAINER_TYPES).optional(),
});

export const indicativePriceQuery = z.object({
  ...lane,
  cbm: decimalValue({ min: 0, aboveMin: true, max: 100_000, decimals: 3 }),
  /** The day the price is for (a request's day); today when left out. */
  date: isoDate.optional(),
});

export const indicativePrice = z.object({
  price: z.number(),
  currency: z.string().length(3),
  rate_id: z.number().int(),
  basis: z.enum(['cbm', 'container']),
  /** CBM, or containers, priced. */
  quantity: z.number(),
  unit_price: z.number(),
  /** The rate's minimum decided the price. */
  minimum_applied: z.boolean(),
});
export type IndicativePrice = z.infer<typeof indicativePrice>;
