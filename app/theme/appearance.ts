// The appearance settings of spec section 3, with their defaults; kept in a cookie, read on the server.
import { z } from 'zod';

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

export const appearanceSchema = z.object({
  theme: z.enum(PALETTES).catch('BLUE_THEME'),
  mode: z.enum(['light', 'dark']).catch('light'),
  /** Unset: the language's own direction. */
  dir: z.enum(['ltr', 'rtl']).optional().catch(undefined),
  layout: z.enum(['boxed', 'full']).catch('boxed'),
  horizontal: z.boolean().catch(false),
  collapse: z.boolean().catch(false),
  cardShadow: z.boolean().catch(true),
  borderRadius: z.coerce
    .number()
    .int()
    .refine((value) => (BORDER_RADII as readonly number[]).includes(value))
    .catch(7),
});

export type Appearance = z.infer<typeof appearanceSchema>;

export const DEFAULT_APPEARANCE: Appearance = appearanceSchema.parse({});
