// Download of a request's attachment; the back office answers only for requests the user may see.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { rolesFor } from '~/services/access';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { backoffice, isBackofficeError } from '~/services/backoffice/client.server';
import { reportError } from '~/services/errors.server';

const params = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

/** `attachment; filename="…"; filename*=UTF-8''…` with the name made safe for the header. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function loader({ request, params: raw }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/requests/:id/attachments/:attachmentId'),
  });
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  try {
    const file = await withBackofficeSession(request, () =>
      backoffice().call('getShippingRequestAttachment', {
        session: signedIn.session,
        params: { id: parsed.data.id, attachment_id: parsed.data.attachmentId },
      }),
    );
    const body = Buffer.from(file.data, 'base64');
    return new Response(body, {
      headers: {
        'Content-Type': file.mimetype,
        'Content-Length': String(body.length),
        'Content-Disposition': contentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isBackofficeError(error, 'not_found') || isBackofficeError(error, 'forbidden')) {
      throw new Response('Not found', { status: 404 });
    }
    reportError('attachment download', error);
    throw new Response('The file could not be loaded. Please try again.', { status: 503 });
  }
}
