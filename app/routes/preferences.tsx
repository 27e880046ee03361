// Saves the language and appearance settings into their cookies, then returns to the page they came from.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { directionOf, LANGUAGES } from '~/i18n';
import { getLanguage, languageCookie } from '~/services/i18n.server';
import { appearanceCookie, getAppearance } from '~/services/preferences.server';
import { safeRedirect } from '~/services/redirect';
import { savePreferences } from '~/services/account-preferences.server';
import { readSession } from '~/services/session.server';
import { appearanceSchema } from '~/theme/appearance-schema';
import { readForm } from '~/services/form-body.server';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('language'), lng: z.enum(LANGUAGES) }),
  z.object({
    intent: z.literal('appearance'),
    theme: appearanceSchema.shape.theme,
    mode: appearanceSchema.shape.mode,
    dir: z.enum(['ltr', 'rtl']),
    layout: appearanceSchema.shape.layout,
    horizontal: flag,
    cardShadow: flag,
    borderRadius: appearanceSchema.shape.borderRadius,
  }),
  z.object({ intent: z.literal('collapse'), collapse: flag }),
]);

export async function loader() {
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get('redirectTo'), '/');
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(back);

  const appearance = await getAppearance(request);
  const headers = new Headers();
  const input = parsed.data;
  // Signed in: the change is saved with the account too, so it follows the user to another device.
  const session = (await readSession(request))?.backoffice;
  if (input.intent === 'language') {
    headers.append('Set-Cookie', await languageCookie.serialize(input.lng));
    // A new language brings its own direction (Arabic right to left).
    const next = { ...appearance, dir: undefined };
    headers.append('Set-Cookie', await appearanceCookie.serialize(next));
    if (session) await savePreferences(session, { language: input.lng, appearance: next });
  } else if (input.intent === 'appearance') {
    const language = await getLanguage(request);
    const { intent: _intent, ...settings } = input;
    const dir = settings.dir === directionOf(language) ? undefined : settings.dir;
    const next = { ...appearance, ...settings, dir };
    headers.append('Set-Cookie', await appearanceCookie.serialize(next));
    if (session) await savePreferences(session, { appearance: next });
  } else {
    headers.append(
      'Set-Cookie',
      await appearanceCookie.serialize({ ...appearance, collapse: input.collapse }),
    );
  }
  return redirect(back, { headers });
}
