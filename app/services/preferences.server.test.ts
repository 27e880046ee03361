// The appearance a page is drawn with, read from its cookie: the defaults without one or with a bad one.
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '~/theme/appearance';
import { appearanceSchema } from '~/theme/appearance-schema';
import { appearanceCookie, getAppearance } from './preferences.server';

const page = (cookie?: string) =>
  new Request('http://127.0.0.1/apps/loans', { headers: cookie ? { Cookie: cookie } : {} });

describe('getAppearance', () => {
  it('gives the defaults to a visitor who has not chosen, as a parse of nothing would', async () => {
    const appearance = await getAppearance(page());
    expect(appearance).toEqual(appearanceSchema.parse({}));
    expect(appearance).toEqual({ ...DEFAULT_APPEARANCE, dir: undefined });
    await expect(getAppearance(page('__session=abc'))).resolves.toEqual(appearance);
  });

  it('reads what was chosen, and falls back field by field on what it cannot read', async () => {
    const chosen = await appearanceCookie.serialize({ mode: 'dark', dir: 'rtl', borderRadius: 99 });
    const appearance = await getAppearance(page(chosen.split(';')[0]));
    expect(appearance).toMatchObject({
      mode: 'dark',
      dir: 'rtl',
      theme: DEFAULT_APPEARANCE.theme,
      borderRadius: DEFAULT_APPEARANCE.borderRadius,
    });
  });
});
