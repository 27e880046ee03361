// Writes app/components/ui/icons.svg, the sprite of the frame's icons (ADR 056), from the Tabler icons
// app/components/ui/icon-names.ts names: `npm run icons` after changing that list. A unit test fails when the
// file is not what this script writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tabler from '@tabler/icons-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SPRITE_ICONS } from '../app/components/ui/icon-names';

export const SPRITE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../app/components/ui/icons.svg',
);

/** The sprite: one <symbol> per icon with the drawing of its Tabler icon; line styles come from the <use>. */
export function iconSprite(): string {
  const symbols = Object.entries(SPRITE_ICONS).map(([name, component]) => {
    const Component = (tabler as unknown as Record<string, ComponentType>)[component];
    if (!Component) throw new Error(`@tabler/icons-react has no ${component}`);
    const markup = renderToStaticMarkup(createElement(Component));
    const drawing = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (drawing === undefined) throw new Error(`${component} did not render one <svg>`);
    return `<symbol id="${name}" viewBox="0 0 24 24">${drawing}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(SPRITE_FILE, iconSprite());
  console.info(`wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
