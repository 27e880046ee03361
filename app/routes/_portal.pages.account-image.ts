// The signed-in person's own picture (404 when there is none), whoever they are: the top bar's avatar
// and account settings point at it as `?v=<version>` (pictureUrl), so an upload changes the address. The
// version in the address never chooses the picture, always the session's own person's: it only lets a
// copy the browser holds of the session's current version be confirmed without the back office.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { rolesFor } from '~/services/access';
import { ownImage } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { recordLoadFailed } from '~/services/errors.server';
import { pictureVersionOf } from '~/services/user';

/** Whether the browser's If-None-Match names `etag` (a list, and weak tags, as RFC 9110 allows). */
function alreadyHeld(request: Request, etag: string): boolean {
  const held = request.headers.get('If-None-Match') ?? '';
  return held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whose picture and which upload: another person's copy in the same browser never matches. */
const etagOf = (userId: number, version: number) => `"${userId}-${version}"`;

/**
 * Private (never kept by a shared cache) and asked again each time (a removal or a newer upload made
 * elsewhere shows); an unchanged picture is then a 304 without its bytes.
 */
const headersFor = (etag: string) => ({
  'Cache-Control': 'private, no-cache',
  ETag: etag,
  'X-Content-Type-Options': 'nosniff',
});

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/account-image') });
  // The address asks for the version the session points at, and the browser holds it: a version is
  // never reused, so its bytes are those held, and the back office is not asked for up to 2 MiB to say
  // so. (A change made elsewhere reaches the session with its next check, and the address with it.)
  const current = pictureVersionOf(signedIn.user);
  if (current !== null && new URL(request.url).searchParams.get('v') === String(current)) {
    const etag = etagOf(signedIn.user.id, current);
    if (alreadyHeld(request, etag)) return new Response(null, { status: 304, headers: headersFor(etag) });
  }
  try {
    const image = await ownImage(signedIn);
    const etag = etagOf(signedIn.user.id, image.version);
    if (alreadyHeld(request, etag)) return new Response(null, { status: 304, headers: headersFor(etag) });
    const body = Buffer.from(image.data, 'base64');
    return new Response(body, {
      headers: {
        ...headersFor(etag),
        'Content-Type': image.mimetype,
        'Content-Length': String(body.length),
      },
    });
  } catch (error) {
    return recordLoadFailed(request, 'account image', error);
  }
}
