/**
 * Field schemas the domain modules share (addresses, passwords, names, ids, base64, texts). Every text and
 * number sent to the back office goes through app/services/input: no control characters in text, numbers
 * as plain decimals within bounds, ids as whole numbers (not `0x10` or `1e3`).
 */
import { z } from 'zod';
import { recordId, withoutControls } from '../app/services/input';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './values';

export const email = z.string().trim().toLowerCase().email().max(254);
/**
 * Passwords: 8 to 128 characters here (NIST SP 800-63B and ASVS V2.1: length, no rules on character
 * classes); how easy a new one is to guess is judged by the back office alone (zxcvbn-ts, see
 * backoffice/passwords.ts), whose dictionaries stay out of the browser's bundle.
 */
export const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const personName = withoutControls(z.string().trim().min(1).max(100));
export const id = recordId;
export const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');

export const optionalText = (max: number, multiline = false) =>
  withoutControls(z.string().trim().max(max), { multiline })
    .transform((value) => value || null)
    .nullable()
    .optional();

export const isoDateTime = z.string().datetime({ offset: true });
export const requiredText = (max: number) => withoutControls(z.string().trim().min(1).max(max));
