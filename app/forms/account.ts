// The staff member's warehouse (/pages/account-settings-warehouse); messages are keys of namespace common.
import { z } from 'zod';
import { ORIGINS } from '~/catalog';

const required = 'validation.required';
const text = (max: number) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, 'validation.tooLong');
const optional = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();

export const warehouseSchema = z.object({
  name: text(100),
  address: text(300),
  origin: z.enum(ORIGINS, { errorMap: () => ({ message: 'validation.choose' }) }),
  openingHours: optional(200),
  contactPhone: optional(40),
  contactEmail: z.string().trim().max(254, 'validation.tooLong').email('validation.email').optional(),
});

/** The signed-in user's own name and phone (every role). */
export const profileSchema = z.object({
  firstName: text(100),
  lastName: optional(100),
  phone: optional(40),
});
