// GET /theme.css?palette=&radius=&dir=&v=: the theme's variables and baseline styles (theme-css.server).
// Public and the same for everyone; kept a year by browsers when `v` is the current version.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { themeKeyOf, themeSheet } from '~/theme/theme-css.server';

export function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const key = themeKeyOf(search);
  if (!key) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const sheet = themeSheet(key);
  const current = search.get('v') === sheet.version;
  return new Response(sheet.css, {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      // An old version's address gets today's sheet, not kept: the next page names the new one.
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: `"${sheet.version}"`,
    },
  });
}
