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

/**
 * Where a caught error is thrown again: `throw error` inside `catch (error) { … }` or inside
 * `.catch((error) => { … })`, named as the catch names it. A route turns a failure into a message through
 * `attempt` (app/services/errors.server.ts) or, on the demo screens, `withinLimits`, never by hand.
 */
function rethrowsIn(code: string): string[] {
  const found: string[] = [];
  const opening = /\bcatch\s*\(\s*(\w+)[^)]*\)\s*\{|\.catch\(\s*(?:\(\s*(\w+)[^)]*\)|(\w+))\s*=>\s*\{/g;
  for (const match of code.matchAll(opening)) {
    const name = match[1] ?? match[2] ?? match[3]!;
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (end < code.length && depth > 0) {
      if (code[end] === '{') depth += 1;
      else if (code[end] === '}') depth -= 1;
      end += 1;
    }
    const line = code.slice(0, match.index).split('\n').length;
    if (new RegExp(`\\bthrow\\s+${name}\\b`).test(code.slice(start, end - 1))) found.push(`line ${line}`);
  }
  return found;
}

describe('failed work in routes', () => {
  it('becomes a message through the shared helpers: no route module throws a caught error again', () => {
    const rethrows = readdirSync(ROUTES)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        rethrowsIn(readFileSync(path.join(ROUTES, file), 'utf8')).map((where) => `${file}: ${where}`),
      );
    expect(rethrows).toEqual([]);
  });

  it('would notice each way of writing a re-throw', () => {
    expect(
      rethrowsIn('try { a(); } catch (error) { if (error instanceof Response) throw error; }'),
    ).toHaveLength(1);
    expect(
      rethrowsIn('try { a(); } catch (err) {\n  const m = limitMessage(err);\n  if (!m) throw err;\n}'),
    ).toHaveLength(1);
    expect(rethrowsIn('try { a(); } catch (e: unknown) { if (x) { log(e); } throw e; }')).toHaveLength(1);
    expect(
      rethrowsIn('await work().catch((error: unknown) => { report(error); throw error; });'),
    ).toHaveLength(1);
    expect(rethrowsIn('await work().catch(error => {\n  throw error;\n});')).toHaveLength(1);
    // A caught error turned into a response, or an error of the route's own, is no re-throw.
    expect(
      rethrowsIn("try { a(); } catch (error) { throw new Response('Not found', { status: 404 }); }"),
    ).toEqual([]);
    expect(
      rethrowsIn('try { a(); } catch (error) { return recordLoadFailed(request, "x", error); }'),
    ).toEqual([]);
    expect(rethrowsIn('try { a(); } catch (error) { report(error); }\nthrow errorPage;')).toEqual([]);
    expect(
      rethrowsIn('await work().catch((error: unknown) => recordLoadFailed(request, "x", error));'),
    ).toEqual([]);
  });
});
