/**
 * Phone numbers as staff and customers type them, read with libphonenumber-js and kept in
 * international form (E.164, "+201007312284"); shown grouped as the country writes them.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { z } from 'zod';

/**
 * The number in E.164 when it is a possible number written with its country code ("+20 100 731 2284",
 * "0020 100 731 2284"); null otherwise.
 */
export function internationalPhone(typed: string): string | null {
  const text = typed.trim().replace(/^00(?=\d)/, '+');
  if (!text.startsWith('+')) return null;
  const phone = parsePhoneNumberFromString(text);
  return phone?.isPossible() ? phone.number : null;
}

/** The number grouped for reading ("+20 100 731 2284"); as stored when it cannot be read. */
export function displayPhone(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}

/** A phone number as the back office takes it: written with its country code, kept in E.164. */
export function phoneField<T extends z.ZodType<string | null | undefined>>(
  text: T,
): z.ZodEffects<T, z.output<T>> {
  return text.transform((value: z.output<T>, context) => {
    if (value === null || value === undefined || value === '') return value;
    const phone = internationalPhone(value);
    if (!phone) context.addIssue({ code: 'custom', message: 'not an international phone number' });
    return (phone ?? value) as z.output<T>;
  });
}
