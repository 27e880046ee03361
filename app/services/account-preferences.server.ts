// Language and appearance saved with the account, so that they follow the user to another device:
// saved whenever a signed-in user changes them, and put back into the cookies at sign-in.
import { isLanguage } from '~/i18n';
import type { Appearance } from '~/theme/appearance';
import { appearanceSchema } from '~/theme/appearance-schema';
import { backoffice } from './backoffice/client.server';
import { reportError } from './errors.server';
import { languageCookie } from './i18n.server';
import { appearanceCookie } from './preferences.server';

/** What the back office keeps of the appearance: the settings as flat values (no `collapse`, a device matter). */
export function appearanceToSave(appearance: Appearance): Record<string, string | number | boolean> {
  const { collapse: _collapse, dir, ...rest } = appearance;
  return dir ? { ...rest, dir } : rest;
}

/** Saves the change with the account; a failure leaves the change on this device only (and is logged). */
export async function savePreferences(
  session: string,
  change: { language?: string; appearance?: Appearance },
): Promise<void> {
  try {
    await backoffice().call('updatePreferences', {
      session,
      body: {
        ...(change.language && isLanguage(change.language) ? { language: change.language } : {}),
        ...(change.appearance ? { appearance: appearanceToSave(change.appearance) } : {}),
      },
    });
  } catch (error) {
    reportError('save preferences', error);
  }
}

/** The Set-Cookie headers that bring the account's saved language and appearance to this device. */
export async function savedPreferenceCookies(session: string): Promise<string[]> {
  try {
    const profile = await backoffice().call('getProfile', { session });
    const cookies: string[] = [];
    if (profile.language) cookies.push(await languageCookie.serialize(profile.language));
    if (profile.appearance) {
      const parsed = appearanceSchema.safeParse(profile.appearance);
      if (parsed.success) cookies.push(await appearanceCookie.serialize(parsed.data));
    }
    return cookies;
  } catch (error) {
    // A back office without the extension, or a hiccup: sign-in goes on with this device's settings.
    reportError('saved preferences', error);
    return [];
  }
}
