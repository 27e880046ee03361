import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from './appearance';
import { appearanceSchema } from './appearance-schema';

describe('the appearance settings', () => {
  it('fall back to the defaults the page script knows, when nothing was chosen', () => {
    expect(appearanceSchema.parse({})).toEqual(DEFAULT_APPEARANCE);
  });

  it('keep each valid choice and replace each unknown one by its default', () => {
    const parsed = appearanceSchema.parse({
      theme: 'GREEN_THEME',
      mode: 'night',
      borderRadius: '12',
      dir: 'up',
    });
    expect(parsed).toEqual({ ...DEFAULT_APPEARANCE, theme: 'GREEN_THEME', borderRadius: 12 });
  });
});
