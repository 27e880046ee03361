// The six colour palettes of spec section 9; each brand colour is darkened where needed so that white
// text on a solid button meets WCAG AA (4.5:1), and text in the brand colour (links, plain and outlined
// buttons) takes the step of its scale that meets AA on every background of the mode.
import type { PaletteName } from './appearance';

export type Mode = 'light' | 'dark';

/**
 * The backgrounds of each mode that text stands on (theme.ts gives them to Joy): the page, cards,
 * menus, and the tinted levels of table stripes, hovered rows and selected items. Surface, popup and the
 * levels are Joy's own neutrals; the page and, in the dark, the cards are the portal's.
 */
export const BACKGROUNDS: Record<Mode, Record<'body' | 'surface' | 'popup' | 'level1' | 'level2', string>> = {
  light: { body: '#F5F7FA', surface: '#FBFCFE', popup: '#FFFFFF', level1: '#F0F4F8', level2: '#DDE7EE' },
  dark: { body: '#111A24', surface: '#1B2633', popup: '#000000', level1: '#171A1C', level2: '#32383E' },
};

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;

export const BRAND_COLOURS: Record<PaletteName, { primary: string; secondary: string }> = {
  BLUE_THEME: { primary: '#1A568F', secondary: '#49BEFF' },
  AQUA_THEME: { primary: '#0074BA', secondary: '#47D7BC' },
  PURPLE_THEME: { primary: '#763EBD', secondary: '#95CFD5' },
  GREEN_THEME: { primary: '#0A7EA4', secondary: '#CCDA4E' },
  CYAN_THEME: { primary: '#01C0C8', secondary: '#FB9678' },
  ORANGE_THEME: { primary: '#FA896B', secondary: '#0074BA' },
};

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! * (1 - weight) + b[i]! * weight) as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The brand colour, darkened in small steps until white text on it reaches `ratio`. */
export function accessibleShade(hex: string, ratio = 4.5): string {
  let rgb = toRgb(hex);
  for (let step = 0; step < 40 && contrast(toHex(rgb), '#FFFFFF') < ratio; step++) {
    rgb = mix(rgb, [0, 0, 0], 0.04);
  }
  return toHex(rgb);
}

export type Scale = Record<
  '50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900',
  string
>;

/** A Joy colour scale around one colour: tints above 500, shades below. */
export function scaleOf(hex: string): Scale {
  const base = toRgb(accessibleShade(hex));
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  return {
    '50': toHex(mix(base, white, 0.93)),
    '100': toHex(mix(base, white, 0.85)),
    '200': toHex(mix(base, white, 0.7)),
    '300': toHex(mix(base, white, 0.5)),
    '400': toHex(mix(base, white, 0.25)),
    '500': toHex(base),
    '600': toHex(mix(base, black, 0.15)),
    '700': toHex(mix(base, black, 0.3)),
    '800': toHex(mix(base, black, 0.45)),
    '900': toHex(mix(base, black, 0.6)),
  };
}

/** The steps a mode's brand-coloured text may take, nearest the brand colour first. */
const TEXT_STEPS: Record<Mode, (keyof Scale)[]> = {
  light: ['500', '600', '700', '800', '900'],
  dark: ['300', '200', '100', '50'],
};

/**
 * The step of `scale` that brand-coloured text takes in `mode`: the nearest to the brand colour that
 * meets AA on every background of the mode (Joy's own choice, 500 in the light and 300 in the dark,
 * when it does).
 */
export function textStep(scale: Scale, mode: Mode): keyof Scale {
  const backgrounds = Object.values(BACKGROUNDS[mode]);
  const steps = TEXT_STEPS[mode];
  return (
    steps.find((step) => backgrounds.every((background) => contrast(scale[step], background) >= AA_TEXT)) ??
    steps[steps.length - 1]!
  );
}

/** "26 86 143" for "#1A568F": how Joy's `*Channel` tokens write a colour. */
export function channelOf(hex: string): string {
  return toRgb(hex).join(' ');
}
