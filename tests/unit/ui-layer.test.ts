// Screens draw with the portal's UI layer (app/components/ui, docs/decisions/040-ui-layer.md): Joy is
// imported by the layer, the theme and the root only, and the lint rule that refuses it anywhere else
// stays in place.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The files that may import Joy, relative to the project. */
const ALLOWED = [/^app\/components\/ui\//, /^app\/theme\//, /^app\/root\.tsx$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const importsJoy = (code: string) =>
  /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]@mui\/joy(?:\/[^'"]*)?['"]/.test(code);

describe('the UI layer owns Joy', () => {
  const importing = sourceFiles('app').filter((file) =>
    importsJoy(readFileSync(path.join(ROOT, file), 'utf8')),
  );

  it('is imported by the layer, the theme and the root only', () => {
    expect(importing.filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))).toEqual([]);
    expect(importing.length).toBeLessThanOrEqual(15);
  });

  it('would notice each way of writing the import', () => {
    expect(importsJoy("import Stack from '@mui/joy/Stack';")).toBe(true);
    expect(importsJoy("import { Card } from '@mui/joy';")).toBe(true);
    expect(importsJoy("import type { SxProps } from '@mui/joy/styles/types';")).toBe(true);
    expect(importsJoy("import { Stack } from '~/components/ui';")).toBe(false);
  });

  it('is refused by the lint rule in a screen and a component', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const filePath of ['app/routes/_portal.lint-probe.tsx', 'app/components/lint-probe.tsx']) {
      const [result] = await eslint.lintText("import Stack from '@mui/joy/Stack';\nexport default Stack;\n", {
        filePath: path.join(ROOT, filePath),
      });
      expect(
        result!.messages.map((message) => message.ruleId),
        filePath,
      ).toContain('no-restricted-imports');
    }
  });
});
