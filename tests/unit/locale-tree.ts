// What the checks of translation files share: a file's nested keys as dotted paths, a text's
// placeholders, and the suffixes of i18next's plural forms.
export type Tree = { [key: string]: string | Tree };

/** The plural suffix of a key ("count_one"), as i18next names the forms. */
export const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of the tree under its dotted path ("notifications.kinds.quote_sent"). */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** The names of a text's placeholders, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();
