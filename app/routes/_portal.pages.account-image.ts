// The signed-in person's own picture (404 when there is none), whoever they are: the top bar's avatar
// and account settings point at it as `?v=<version>` (pictureUrl), so an upload changes the address. The
// version in the address is not trusted for anything: the picture is always the session's own person's.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { rolesFor } from '~/services/access';
import { ownImage } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { recordLoadFailed } from '~/services/errors.server';

/** Whether the browser's If-None-Match names `etag` (a list, and weak tags, as RFC 9110 allows). */
function alreadyHeld(request: Request, etag: string): boolean {
  const held = request.headers.get('If-None-Match') ?? '';
  return held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/account-image') });
  try {
    const image = await ownImage(signedIn);
    // Whose picture and which upload: another person's copy in the same browser never matches.
    const etag = `"${signedIn.user.id}-${image.version}"`;
    const headers = {
      // Private (never kept by a shared cache) and asked again each time (a removal or a newer upload
      // made elsewhere shows); an unchanged picture is then a 304 without its bytes.
      'Cache-Control': 'private, no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (alreadyHeld(request, etag)) return new Response(null, { status: 304, headers });
    const body = Buffer.from(image.data, 'base64');
    return new Response(body, {
      headers: { ...headers, 'Content-Type': image.mimetype, 'Content-Length': String(body.length) },
    });
  } catch (error) {
    return recordLoadFailed(request, 'account image', error);
  }
}
