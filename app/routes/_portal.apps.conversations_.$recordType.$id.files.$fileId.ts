// Download of a file attached to a message; the back office answers only for messages the user may read
// (a customer never gets an internal note's file).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { MESSAGE_RECORDS } from '@contract/values';
import { recordId } from '~/services/input';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { messageAttachment } from '~/services/conversations.server';
import { fileDownload } from '~/services/downloads.server';

const params = z.object({ recordType: z.enum(MESSAGE_RECORDS), id: recordId, fileId: recordId });

export async function loader({ request, params: raw }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/conversations/:recordType/:id/files/:fileId'),
  });
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return fileDownload(request, 'message file download', () =>
    messageAttachment(signedIn, parsed.data.recordType, parsed.data.id, parsed.data.fileId),
  );
}
