// A loan's document: downloaded, or shown in a tab with `?view=1` (PDF and images only); the back
// office answers only for loans the user may see.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { recordId } from '~/services/input';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { loanNumber } from '@contract';
import { fileDownload } from '~/services/downloads.server';
import { loanDocument } from '~/services/loans.server';

const params = z.object({ loanNumber, documentId: recordId });

export async function loader({ request, params: raw }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/loan/loan-details/:loanNumber/documents/:documentId'),
  });
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  const view = new URL(request.url).searchParams.get('view') === '1';
  return fileDownload(
    request,
    'loan document download',
    () => loanDocument(signedIn, parsed.data.loanNumber, parsed.data.documentId),
    { view },
  );
}
