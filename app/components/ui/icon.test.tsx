// The frame's icons come from one sprite (ADR 056): the committed file is the one the script writes from
// the Tabler icons named in icon-names.ts, every name has its symbol, and an icon is a <use> of it.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from '~/components/ui/icon';
import { SPRITE_ICONS } from '~/components/ui/icon-names';
import { iconSprite, SPRITE_FILE } from '../../../scripts/icon-sprite';

describe('icon sprite', () => {
  it('is the file the script writes (run `npm run icons` after changing the names)', () => {
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(iconSprite());
  });

  it('has a drawn symbol for every name', () => {
    const sprite = readFileSync(SPRITE_FILE, 'utf8');
    for (const name of Object.keys(SPRITE_ICONS)) {
      expect(sprite, name).toMatch(
        new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line)`),
      );
    }
  });

  it('draws an icon as a hidden <use> of its symbol, with its size and line width', () => {
    const html = renderToStaticMarkup(<Icon name="bell" size={20} stroke={1.6} />);
    expect(html).toMatch(/^<svg class="ui-icon" width="20" height="20" viewBox="0 0 24 24"/);
    expect(html).toContain('stroke-width="1.6"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/<use href="[^"]*icons[^"#]*\.svg[^"#]*#bell"><\/use><\/svg>$/);
  });
});
