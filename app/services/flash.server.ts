// Messages after an action ("saved", "sent", …): the action redirects with a short-lived signed cookie
// holding the message's key and values; the root loader reads it once, hands it to the page and clears
// it, so the address stays clean and a reload or a shared link never shows the message again.
import { createCookie, redirect, type Cookie } from '@remix-run/node';
import { z } from 'zod';
import { env } from './env.server';
import { isSecureRequest } from './session.server';

const FLASH_COOKIE = '__flash';

/** A message key with its namespace ("shipping:tracking.added"), never translated text. */
const messageKey = z.string().regex(/^[a-z]+:[A-Za-z0-9_.]+$/);

const flashSchema = z.object({
  key: messageKey,
  /** Values put into the message as they are: names, numbers. */
  values: z.record(z.union([z.string(), z.number()])).optional(),
  /** Values that are words of the product themselves (a status), given as keys and translated too. */
  words: z.record(messageKey).optional(),
  /** How the message looks: a success (the default), plain information, or a warning (part not done). */
  tone: z.enum(['success', 'neutral', 'warning']).optional(),
});

export type Flash = z.infer<typeof flashSchema>;

const cookies = new Map<boolean, Cookie>();

/** Signed with the session's secret; `Secure` when the browser reached the portal over https. */
function flashCookie(secure: boolean): Cookie {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(FLASH_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [env().SESSION_SECRET],
      // Only the next page needs it; a redirect is followed at once.
      maxAge: 60,
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

/** Whether the request brings a message (such a page is neither kept nor given from a kept copy). */
export function hasFlash(request: Request): boolean {
  return new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=[^;\\s]`).test(request.headers.get('Cookie') ?? '');
}

/** The Set-Cookie header that carries `flash` to the next page. */
export function flashCookieFor(request: Request, flash: Flash): Promise<string> {
  return flashCookie(isSecureRequest(request)).serialize(flashSchema.parse(flash));
}

/**
 * The only way an action says what it did: a redirect to `url` carrying `flash`. Other headers of
 * `init` (a session cookie) are kept.
 */
export async function redirectWithFlash(
  request: Request,
  url: string,
  flash: Flash,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await flashCookieFor(request, flash));
  return redirect(url, { ...init, headers });
}

/**
 * The message the request brings, once: with it the Set-Cookie that clears it. A cookie that was not
 * signed with the secret, or does not hold a message, is cleared and nothing is shown.
 */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers | null }> {
  if (!hasFlash(request)) return { flash: null, headers: null };
  const cookie = flashCookie(isSecureRequest(request));
  const parsed = flashSchema.safeParse(await cookie.parse(request.headers.get('Cookie')));
  const headers = new Headers({ 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) });
  return { flash: parsed.success ? parsed.data : null, headers };
}
