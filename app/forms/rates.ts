// The rate table's forms and URL state: the list's lane filter, and a rate's fields (add and edit).
import { z } from 'zod';
import { CONTAINER_TYPES, DESTINATIONS, ORIGINS } from '~/catalog';
import { QUOTE_CURRENCIES } from '@contract/values';
import { decimalText } from '~/services/input';

/** /apps/rates: a lane's rates, or every rate. */
export const rateListParams = z.object({
  origin: z.enum(ORIGINS).optional().catch(undefined),
  destination: z.enum(DESTINATIONS).optional().catch(undefined),
  containerType: z.enum(CONTAINER_TYPES).optional().catch(undefined),
});
export type RateListParams = z.infer<typeof rateListParams>;

const choose = { errorMap: () => ({ message: 'validation.choose' }) };
const day = z
  .string({ required_error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const rateSchema = z
  .object({
    origin: z.enum(ORIGINS, choose),
    destination: z.enum(DESTINATIONS, choose),
    containerType: z.enum(CONTAINER_TYPES, choose),
    price: decimalText({ min: 0, aboveMin: true, max: 1e7, decimals: 2, tooSmall: 'validation.positive' }),
    minimum: decimalText({ min: 0, max: 1e7, decimals: 2, tooSmall: 'validation.notNegative' }).default('0'),
    currency: z.enum(QUOTE_CURRENCIES, choose),
    validFrom: day,
    validTo: day,
  })
  .refine((rate) => rate.validFrom <= rate.validTo, {
    message: 'quotes:rates.endBeforeStart',
    path: ['validTo'],
  });
export type RateForm = z.infer<typeof rateSchema>;
