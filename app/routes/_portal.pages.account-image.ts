// The signed-in user's own profile picture (404 when there is none).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { rolesFor } from '~/services/access';
import { partnerOf } from '~/services/account.server';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { recordLoadFailed } from '~/services/errors.server';
import { backoffice } from '~/services/backoffice/client.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/account-image') });
  try {
    const image = await withBackofficeSession(request, () =>
      backoffice().call('getContactImage', {
        session: signedIn.session,
        query: { partner_id: partnerOf(signedIn) },
      }),
    );
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
