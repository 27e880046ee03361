/** Calendar dates, as the forms and the back office both check them (zod is in the browser for the forms anyway). */
import { z } from 'zod';
import { CUSTOMER_AGE } from './values';

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

/**
 * A date of birth that gives an age between 16 and 120 today (`CUSTOMER_AGE`): a customer is an adult,
 * and a typing slip (2O26, 1802) is caught.
 */
export function plausibleBirthDate(value: string, today = new Date()): boolean {
  if (!isPastDate(value)) return false;
  const now = dayOf(today);
  const shift = (years: number) =>
    `${String(Number(now.slice(0, 4)) - years).padStart(4, '0')}${now.slice(4)}`;
  return value <= shift(CUSTOMER_AGE.min) && value > shift(CUSTOMER_AGE.max);
}

/** YYYY-MM-DD, a real calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a date');

/** The calendar day (UTC, YYYY-MM-DD) of a moment. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The calendar day `days` later (earlier when negative). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000));
}

/** The same day of the month `months` later; the month's last day when it has no such day (31 → 30). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return dayOf(target);
}

/** Whether a day is after `today` and at most a year ahead (a loan's first instalment). */
export function withinTheYear(day: string, today: string = dayOf(new Date())): boolean {
  return day > today && day <= addMonths(today, 12);
}
