// Every palette, in the light and the dark mode, keeps WCAG AA contrast for the text it colours: links
// and plain or outlined buttons on every background of the mode, soft chips and buttons on their own
// tint, white on solid buttons. (tests/e2e/palettes.js.spec.ts checks the rendered pages with axe.)
import { describe, expect, it } from 'vitest';
import { PALETTES } from './appearance';
import {
  AA_TEXT,
  BACKGROUNDS,
  BRAND_COLOURS,
  channelOf,
  contrast,
  type Mode,
  scaleOf,
  textStep,
} from './palettes';
import { portalTheme } from './theme';

const MODES: Mode[] = ['light', 'dark'];

describe.each(PALETTES)('%s', (name) => {
  const scale = scaleOf(BRAND_COLOURS[name].primary);

  it.each(MODES)('reads on every background in the %s mode', (mode) => {
    const text = scale[textStep(scale, mode)];
    // Joy's outlined text is 200 in the dark; in the light it follows the plain text.
    const outlined = mode === 'dark' ? scale['200'] : text;
    for (const [background, colour] of Object.entries(BACKGROUNDS[mode])) {
      expect(contrast(text, colour), `text ${text} on ${background} ${colour}`).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
      expect(contrast(outlined, colour), `outlined ${outlined} on ${background}`).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
    // Soft variants: Joy's 700 on 100 in the light, 200 on 800 in the dark; links on that tint too.
    const [softText, softBg] = mode === 'light' ? [scale['700'], scale['100']] : [scale['200'], scale['800']];
    expect(contrast(softText, softBg)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(text, softBg), `text ${text} on the soft tint ${softBg}`).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#FFFFFF', scale['500'])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('gives the theme that step for links, plain text and brand-coloured text', () => {
    const theme = portalTheme({ theme: name, borderRadius: 7, cardShadow: true, dir: 'ltr' });
    for (const mode of MODES) {
      const step = textStep(scale, mode);
      const primary = theme.colorSchemes[mode].palette.primary;
      expect(primary.plainColor).toBe(`var(--joy-palette-primary-${step})`);
      expect(primary.mainChannel).toBe(channelOf(scale[step]));
      expect(theme.colorSchemes[mode].palette.background.level2).toBe(BACKGROUNDS[mode].level2);
    }
  });
});

it('keeps the brand colour itself where it already reads (blue and purple in the light)', () => {
  expect(textStep(scaleOf(BRAND_COLOURS.BLUE_THEME.primary), 'light')).toBe('500');
  expect(textStep(scaleOf(BRAND_COLOURS.PURPLE_THEME.primary), 'light')).toBe('500');
  expect(textStep(scaleOf(BRAND_COLOURS.BLUE_THEME.primary), 'dark')).toBe('300');
});
