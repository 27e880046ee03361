// The appearance settings of spec section 3, with their defaults; kept in a cookie, read on the server
// (appearance-schema.ts). No zod here: this module is part of every page's JavaScript.

export const PALETTES = [
  'BLUE_THEME',
  'AQUA_THEME',
  'PURPLE_THEME',
  'GREEN_THEME',
  'CYAN_THEME',
  'ORANGE_THEME',
] as const;
export type PaletteName = (typeof PALETTES)[number];

export const BORDER_RADII = [0, 4, 7, 12, 16] as const;

export const LAYOUT = {
  sidebarWidth: 270,
  miniSidebarWidth: 87,
  topbarHeight: 70,
  boxedWidth: 1200,
} as const;

export interface Appearance {
  theme: PaletteName;
  mode: 'light' | 'dark';
  /** Unset: the language's own direction. */
  dir?: 'ltr' | 'rtl';
  layout: 'boxed' | 'full';
  horizontal: boolean;
  collapse: boolean;
  cardShadow: boolean;
  borderRadius: number;
}

/** What a visitor who never chose gets. Checked against the schema in appearance-schema.ts's test. */
export const DEFAULT_APPEARANCE: Appearance = {
  theme: 'BLUE_THEME',
  mode: 'light',
  dir: undefined,
  layout: 'boxed',
  horizontal: false,
  collapse: false,
  cardShadow: true,
  borderRadius: 7,
};
