// Download of a shipping order's document; the back office answers only for orders the user may see.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { recordId } from '~/services/input';
import { rolesFor } from '~/services/access';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { backoffice } from '~/services/backoffice/client.server';
import { fileDownload } from '~/services/downloads.server';

const params = z.object({
  id: recordId,
  documentId: recordId,
});

export async function loader({ request, params: raw }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/shipping-details/:id/documents/:documentId'),
  });
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return fileDownload(request, 'order document download', () =>
    withBackofficeSession(request, () =>
      backoffice().call('getShippingOrderDocument', {
        session: signedIn.session,
        params: { id: parsed.data.id, document_id: parsed.data.documentId },
      }),
    ),
  );
}
