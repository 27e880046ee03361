// What typed input may be, shared by the portal's forms and the back-office contract (which the
// reference back office checks every request with): numbers written as plain decimals within bounds,
// and text without control characters. Messages are translation keys (namespace common); the back office
// sends them back as they are in its 400 answer's issues.
import { z } from 'zod';

export const INPUT_MESSAGES = {
  required: 'validation.required',
  number: 'validation.number',
  decimals: 'validation.decimals',
  wholeNumber: 'validation.wholeNumber',
  tooSmall: 'validation.tooSmall',
  tooLarge: 'validation.tooLarge',
  control: 'validation.controlCharacters',
} as const;

// ---- Text ------------------------------------------------------------------------------------------

/** One line: no C0 control (tab, line feed and carriage return included), no DEL, no C1 control. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
/** Several lines: the same, but tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/**
 * Refuses control characters in `schema` (NUL, the other C0 controls, DEL, C1); `multiline` allows tab,
 * line feed and carriage return, for notes and descriptions. Letters of every script are text.
 */
export function withoutControls(
  schema: z.ZodString,
  { multiline = false, message = INPUT_MESSAGES.control }: { multiline?: boolean; message?: string } = {},
): z.ZodString {
  return schema.regex(multiline ? MULTI_LINE : ONE_LINE, message);
}

/**
 * Text a person types: trimmed, at most `max` characters, no control characters; with `required`
 * (its message), not empty either.
 */
export function plainText(
  max: number,
  { multiline = false, tooLong, required }: { multiline?: boolean; tooLong?: string; required?: string } = {},
): z.ZodString {
  const text = withoutControls(z.string({ required_error: required }).trim().max(max, tooLong), {
    multiline,
  });
  return required ? text.min(1, required) : text;
}

// ---- Numbers ---------------------------------------------------------------------------------------

export interface DecimalRule {
  min: number;
  max: number;
  /** Digits allowed after the decimal point; 0 for whole numbers. */
  decimals: number;
  /** Refuse `min` itself (a quantity that must be more than zero). */
  aboveMin?: boolean;
  /** Messages (translation keys) for a value below `min` and above `max`. */
  tooSmall?: string;
  tooLarge?: string;
}

/** True when `value` has no more than `decimals` digits after the point, as written in decimal. */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}

/** The bounds and precision of a rule, on a number already read. */
function bounded(rule: DecimalRule, base: z.ZodNumber) {
  let schema = base.finite(INPUT_MESSAGES.number);
  schema = rule.aboveMin
    ? schema.gt(rule.min, rule.tooSmall ?? INPUT_MESSAGES.tooSmall)
    : schema.min(rule.min, rule.tooSmall ?? INPUT_MESSAGES.tooSmall);
  schema = schema.max(rule.max, rule.tooLarge ?? INPUT_MESSAGES.tooLarge);
  return schema.refine((value) => hasAtMostDecimals(value, rule.decimals), decimalsMessage(rule));
}

/** "Enter a whole number", or "at most N digits after the point". */
const decimalsMessage = (rule: DecimalRule): string =>
  rule.decimals === 0
    ? INPUT_MESSAGES.wholeNumber
    : `${INPUT_MESSAGES.decimals}|${JSON.stringify({ max: rule.decimals })}`;

/**
 * A number typed as text (a form field, a query parameter): plain decimal digits, a point and at most
 * `rule.decimals` digits after it, a leading minus only where `rule.min` is below zero. `0x10`, `1e3`,
 * `Infinity`, `NaN`, `1,5` and a blank are refused. Spaces around what a person typed are dropped
 * (`trim`); a query sent by a program gets no such help.
 */
export function decimalText(
  rule: DecimalRule,
  { required = INPUT_MESSAGES.required as string, trim = true } = {},
) {
  const sign = rule.min < 0 ? '-?' : '';
  const fraction = rule.decimals > 0 ? `(\\.\\d{1,${rule.decimals}})?` : '';
  const shape = new RegExp(`^${sign}\\d{1,15}${fraction}$`);
  const loose = new RegExp(`^${sign}\\d{1,15}(\\.\\d+)?$`);
  const text = z.string({ required_error: required, invalid_type_error: INPUT_MESSAGES.number });
  return (trim ? text.trim() : text)
    .min(1, required)
    .superRefine((value, context) => {
      if (value === '' || shape.test(value)) return;
      // A plain decimal with too many digits after the point gets its own message.
      const message = loose.test(value) ? decimalsMessage(rule) : INPUT_MESSAGES.number;
      context.addIssue({ code: z.ZodIssueCode.custom, message });
    })
    .transform(Number)
    .pipe(bounded(rule, z.number()));
}

/**
 * A number in a JSON body: finite, within bounds, with at most `rule.decimals` digits after the point
 * (`1e-300` where three decimals are allowed is refused).
 */
export function decimalNumber(rule: DecimalRule) {
  return bounded(rule, z.number({ invalid_type_error: INPUT_MESSAGES.number }));
}

/**
 * A record id, in a JSON body (a whole number) or in a path or query (plain digits): `0x10`, `1e3` and
 * ` 16 ` are not ids.
 */
export const recordId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'not an id')
    .transform(Number),
]);

/** A record chosen in a form (a hidden id, a select of customers): plain digits, 1 or more. */
export const formRecordId = (required: string = INPUT_MESSAGES.required) =>
  decimalText({ min: 1, max: 999_999_999_999_999, decimals: 0 }, { required });

/** A list's page in the URL: 1 when absent or not a plain page number. */
export const pageParam = decimalText({ min: 1, max: 100_000, decimals: 0 }).catch(1);

/** A search typed into a list's search box, in the URL: dropped when it is not plain text. */
export const searchParam = (max = 100) => plainText(max).optional().catch(undefined);

/**
 * A number as a JSON body carries it or as a query string writes it: the portal checks a query with
 * numbers before sending it, the back office reads the same query as text.
 */
export const decimalValue = (rule: DecimalRule) =>
  z.union([decimalNumber(rule), decimalText(rule, { trim: false })]);
