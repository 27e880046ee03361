// The signed-in user's own profile picture (404 when there is none).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { rolesFor } from '~/services/access';
import { ownImage } from '~/services/account.server';
import { requireUser } from '~/services/auth.server';
import { recordLoadFailed } from '~/services/errors.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/account-image') });
  try {
    const image = await ownImage(signedIn);
    const body = Buffer.from(image.data, 'base64');
    return new Response(body, {
      headers: {
        'Content-Type': image.mimetype,
        'Content-Length': String(body.length),
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    return recordLoadFailed(request, 'account image', error);
  }
}
