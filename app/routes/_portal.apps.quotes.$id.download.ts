// A quote as PDF or PNG (?format=pdf|png), rendered on the server in the reader's language. A draft has
// no download (the back office shows it to staff only, and it is not yet an offer).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { QuoteDocument } from '~/components/documents/quote-document';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { quoteOr404 } from '~/services/quotes.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/quotes/:id/download') });
  const id = recordIdOr404(params.id);
  const format = formatOr404(request);
  const quote = await quoteOr404(request, signedIn, id);
  if (quote.status === 'draft') throw new Response('Not found', { status: 404 });
  const { t } = await pageTools(request, 'quotes');
  return documentDownload({
    request,
    element: createElement(QuoteDocument, { quote }),
    title: t('detail.title', { name: quote.name, version: quote.version }),
    filename: `${quote.name}-v${quote.version}`,
    format,
    backTo: `/apps/quotes/${quote.id}`,
  });
}
