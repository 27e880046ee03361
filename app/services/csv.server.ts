// CSV downloads of lists (csv-stringify): a header row in the reader's language, one row per record,
// formula-looking cells defused so a spreadsheet never runs them (OWASP "CSV injection").
import { stringify } from 'csv-stringify/sync';
import { contentDisposition } from './downloads.server';

/** A cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): Response {
  const text = stringify([header, ...rows], {
    cast: { string: defuse, number: (value) => String(value) },
    record_delimiter: 'windows',
  });
  // The byte-order mark makes spreadsheet programs read UTF-8 (Arabic, Chinese) correctly.
  return new Response(`\ufeff${text}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(filename),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
