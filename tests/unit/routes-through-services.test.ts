// Routes reach the back office only through the services of app/services/*.server.ts, which bind it to
// the signed-in user (docs/decisions/034-backoffice-through-services.md): no route module imports the
// back-office client, and the lint rule that refuses it stays in place.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ROUTES = path.join(ROOT, 'app', 'routes');

/** What a module imports or re-exports, as written. */
function importsOf(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
}

const reachesClient = (specifier: string) => /(?:^|\/)services\/backoffice\//.test(specifier);

describe('back-office access from routes', () => {
  it('goes through services: no route module imports the back-office client', () => {
    const direct = readdirSync(ROUTES)
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        importsOf(readFileSync(path.join(ROUTES, file), 'utf8'))
          .filter(reachesClient)
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(direct).toEqual([]);
  });

  it('would notice each way of writing the import', () => {
    expect(importsOf("import { backoffice } from '~/services/backoffice/client.server';")).toSatisfy(
      (found: string[]) => found.some(reachesClient),
    );
    expect(importsOf("import type { X } from '../services/backoffice/client.server';")).toSatisfy(
      (found: string[]) => found.some(reachesClient),
    );
    expect(importsOf("const m = await import('~/services/backoffice/client.server');")).toSatisfy(
      (found: string[]) => found.some(reachesClient),
    );
    expect(importsOf("import { listLoans } from '~/services/loans.server';").some(reachesClient)).toBe(false);
  });

  it('is refused by the lint rule in a route module', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText(
      "import { backoffice } from '~/services/backoffice/client.server';\nexport const loader = backoffice;\n",
      { filePath: path.join(ROUTES, '_portal.lint-probe.ts') },
    );
    expect(result!.messages.map((message) => message.ruleId)).toContain('no-restricted-imports');
  });
});
