// Messages travel as translation keys; a key may carry values after a "|" as JSON
// ("requests:upload.fileTooLarge|{\"filename\":\"a.pdf\"}"), so that forms can name the file at fault.
import type { TFunction } from 'i18next';

export function messageWith(key: string, values: Record<string, string | number>): string {
  return `${key}|${JSON.stringify(values)}`;
}

export function translateMessage(
  t: TFunction,
  message: string,
  defaults: Record<string, unknown> = {},
): string {
  const bar = message.indexOf('|');
  if (bar < 0) return t(message, defaults);
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(message.slice(bar + 1)) as Record<string, unknown>;
  } catch {
    values = {};
  }
  return t(message.slice(0, bar), { ...defaults, ...values });
}

import type { FieldMetadata } from '@conform-to/react';

/** Any Conform field of any form whose errors are message keys, for the shared field components. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's own schema does not matter here
export type MessageField = FieldMetadata<unknown, any, string[]>;
