/** What the list calls share: searching as plain text, ignoring case, and paging. */
import { sql, type Expression, type SqlBool } from 'kysely';

/** Used when a list call names no limit; the contract caps a named one at 100. */
export const DEFAULT_LIST_LIMIT = 100;

/** `%`, `_` and the escape character itself stand for themselves in the search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A WHERE condition matching rows where any of these columns (or text expressions) contains the search
 * text as plain text (`%` and `_` are themselves), ignoring case also beyond ASCII (`lower()` folds
 * every letter on both engines, see data/database.ts).
 */
export function searchWhere(
  columns: readonly (string | Expression<string | null>)[],
  text: string,
): Expression<SqlBool> {
  const pattern = likePattern(text.toLowerCase());
  const matches = columns.map(
    (column) =>
      sql<SqlBool>`lower(${typeof column === 'string' ? sql.ref(column) : column}) like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}
