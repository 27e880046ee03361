// Download of a shipping order's document; the back office answers only for orders the user may see.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { recordId } from '~/services/input';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { fileDownload } from '~/services/downloads.server';
import { orderDocument } from '~/services/shipping.server';

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
    orderDocument(signedIn, parsed.data.id, parsed.data.documentId),
  );
}
