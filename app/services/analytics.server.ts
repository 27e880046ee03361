// The optional third-party session-recording script (ANALYTICS_SCRIPT_URL, off when unset): named by the
// CSP only when configured (server.js), and never on the sign-in pages (/auth/*), where passwords and
// codes are typed. Sign-out is a full page load, so a script loaded before never runs on /auth/* either.
import { browserSettings } from './env.server';

export function analyticsScriptFor(request: Request): string | null {
  const url = browserSettings().ANALYTICS_SCRIPT_URL;
  if (!url) return null;
  const { pathname } = new URL(request.url);
  return pathname === '/auth' || pathname.startsWith('/auth/') || pathname.startsWith('/auth.') ? null : url;
}
