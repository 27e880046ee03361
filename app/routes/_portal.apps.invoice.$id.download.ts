// An invoice as PDF or PNG (?format=pdf|png), rendered on the server in the reader's language.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { InvoiceDocument } from '~/components/documents/invoice-document';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { invoiceOr404 } from '~/services/invoices.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/invoice/:id/download') });
  const id = recordIdOr404(params.id);
  const format = formatOr404(request);
  const invoice = await invoiceOr404(request, signedIn, id);
  const { t } = await pageTools(request, 'billing');
  return documentDownload({
    request,
    element: createElement(InvoiceDocument, { invoice }),
    title: t('invoice.title', { name: invoice.name }),
    filename: invoice.name,
    format,
    backTo: `/apps/invoice/${invoice.id}`,
  });
}
