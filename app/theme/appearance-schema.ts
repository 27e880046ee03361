// How the appearance settings are read from a cookie, a form or the account: anything unknown falls back
// to the default, one setting at a time.
import { z } from 'zod';
import { BORDER_RADII, DEFAULT_APPEARANCE, PALETTES, type Appearance } from './appearance';

export const appearanceSchema = z.object({
  theme: z.enum(PALETTES).catch(DEFAULT_APPEARANCE.theme),
  mode: z.enum(['light', 'dark']).catch(DEFAULT_APPEARANCE.mode),
  dir: z.enum(['ltr', 'rtl']).optional().catch(undefined),
  layout: z.enum(['boxed', 'full']).catch(DEFAULT_APPEARANCE.layout),
  horizontal: z.boolean().catch(DEFAULT_APPEARANCE.horizontal),
  collapse: z.boolean().catch(DEFAULT_APPEARANCE.collapse),
  cardShadow: z.boolean().catch(DEFAULT_APPEARANCE.cardShadow),
  borderRadius: z.coerce
    .number()
    .int()
    .refine((value) => (BORDER_RADII as readonly number[]).includes(value))
    .catch(DEFAULT_APPEARANCE.borderRadius),
}) satisfies z.ZodType<Appearance, z.ZodTypeDef, unknown>;
