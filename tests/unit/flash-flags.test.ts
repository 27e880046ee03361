// Messages after an action go through redirectWithFlash only (docs/decisions/033-flash-messages.md):
// no screen says "saved", "sent", … with a flag in its address, which a reload or a shared link would
// show again.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const FLAGS = 'saved|added|filed|decided|sent|created|deleted|reviewed|removed|reset|signedOut';

const PATTERNS: [string, RegExp][] = [
  ['a flag written into an address', new RegExp(`[?&](?:${FLAGS})=`)],
  [
    'a flag read from or set in an address',
    new RegExp(`searchParams\\.(?:get|has|set)\\(\\s*'(?:${FLAGS})'`),
  ],
  ['a flag put in a query', new RegExp(`new URLSearchParams\\(\\{\\s*(?:${FLAGS})\\s*:`)],
  ['a flag added on the way back', new RegExp(`backTo(?:Path)?\\([^;]*\\{[^}]*\\b(?:${FLAGS})\\s*:`, 's')],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where `text` matches one of the patterns: "file: what". */
function oldFlagsIn(file: string, text: string): string[] {
  return PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
}

describe('messages after an action', () => {
  it('never travel as a flag in the address', () => {
    const found = sourceFiles(join(ROOT, 'app')).flatMap((path) => {
      const file = relative(ROOT, path);
      return oldFlagsIn(file, readFileSync(path, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('would notice each way a flag was written before', () => {
    const before = [
      "return redirect(`/apps/shipping-details/${id}?saved=${value.eventId ? 'updated' : 'added'}#tracking`);",
      'return redirect(`/apps/customers?${new URLSearchParams({ added: v.name })}`);',
      'return backTo(request, { deleted: String(parsed.data.id) });',
      "return backTo(request, {\n  new: null,\n  id: String(added.id),\n  saved: '1',\n});",
      "back.searchParams.set('reviewed', `${id}:${decision}`);",
      "const decided = url.searchParams.get('decided');",
    ];
    for (const line of before) expect(oldFlagsIn('x.ts', line), line).not.toEqual([]);
    expect(oldFlagsIn('x.ts', "return backTo(request, { page: null }, 'comments');")).toEqual([]);
  });
});
