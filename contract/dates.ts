/** Calendar dates, as the forms and the back office both check them (zod is in the browser for the forms anyway). */
import { z } from 'zod';

/** A real calendar day (YYYY-MM-DD), not after today. */
export function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value <= new Date().toISOString().slice(0, 10)
  );
}

/** YYYY-MM-DD, a real calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a date');
