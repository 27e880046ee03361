// The visitor's language and appearance, read from their cookies for the server render.
import { createCookie } from '@remix-run/node';
import { directionOf, type Language } from '~/i18n';
import { DEFAULT_APPEARANCE, type Appearance } from '~/theme/appearance';
import { appearanceSchema } from '~/theme/appearance-schema';
import { getLanguage } from './i18n.server';

export const appearanceCookie = createCookie('appearance', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Everyone's appearance until they choose theirs, worked out once (a parse of nothing reports every field). */
const NOT_CHOSEN = appearanceSchema.parse({});

export async function getAppearance(request: Request): Promise<Appearance> {
  const value: unknown = await appearanceCookie.parse(request.headers.get('Cookie'));
  if (value == null) return NOT_CHOSEN;
  const parsed = appearanceSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_APPEARANCE;
}

export interface Preferences {
  language: Language;
  dir: 'ltr' | 'rtl';
  appearance: Appearance;
}

export async function getPreferences(request: Request): Promise<Preferences> {
  const [language, appearance] = await Promise.all([getLanguage(request), getAppearance(request)]);
  return { language, appearance, dir: appearance.dir ?? directionOf(language) };
}
