// Download of a request's attachment; the back office answers only for requests the user may see.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { recordId } from '~/services/input';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { fileDownload } from '~/services/downloads.server';
import { requestAttachment } from '~/services/requests.server';

const params = z.object({
  id: recordId,
  attachmentId: recordId,
});

export async function loader({ request, params: raw }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/requests/:id/attachments/:attachmentId'),
  });
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return fileDownload(request, 'attachment download', () =>
    requestAttachment(signedIn, parsed.data.id, parsed.data.attachmentId),
  );
}
