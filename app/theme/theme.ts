// The Joy theme for one set of appearance settings; built once per combination and reused.
import { extendTheme, type Theme } from '@mui/joy/styles';
import type { Appearance } from './appearance';
import { BACKGROUNDS, BRAND_COLOURS, channelOf, type Mode, scaleOf, textStep } from './palettes';

const FONT = 'Ubuntu, "Noto Sans", "Noto Sans Arabic", "Noto Sans CJK SC", system-ui, sans-serif';

type ThemeKey = Pick<Appearance, 'theme' | 'borderRadius' | 'cardShadow'> & { dir: 'ltr' | 'rtl' };

const themes = new Map<string, Theme>();

export function portalTheme(key: ThemeKey): Theme {
  const id = `${key.theme}/${key.borderRadius}/${key.cardShadow}/${key.dir}`;
  const existing = themes.get(id);
  if (existing) return existing;

  const primary = scaleOf(BRAND_COLOURS[key.theme].primary);
  // Links, plain and outlined buttons and brand-coloured text (Joy's `mainChannel`) take the step of the
  // scale that reads on every background of the mode; solid buttons keep 500 (white text on it is AA).
  const palette = (mode: Mode) => {
    const step = textStep(primary, mode);
    const text = `var(--joy-palette-primary-${step})`;
    return {
      primary: {
        ...primary,
        plainColor: text,
        mainChannel: channelOf(primary[step]),
        ...(mode === 'light' ? { outlinedColor: text } : {}),
      },
      background: BACKGROUNDS[mode],
    };
  };
  const radius = key.borderRadius;
  const theme = extendTheme({
    direction: key.dir,
    colorSchemes: { light: { palette: palette('light') }, dark: { palette: palette('dark') } },
    fontFamily: { body: FONT, display: FONT },
    radius: {
      xs: `${Math.round(radius / 2)}px`,
      sm: `${Math.round(radius * 0.75)}px`,
      md: `${radius}px`,
      lg: `${Math.round(radius * 1.5)}px`,
      xl: `${radius * 2}px`,
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    components: {
      JoyCard: {
        styleOverrides: {
          root: { boxShadow: key.cardShadow ? 'var(--joy-shadow-sm)' : 'none' },
        },
      },
    },
  });
  themes.set(id, theme);
  return theme;
}
