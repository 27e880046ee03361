// A loan's summary document as PDF or PNG (?format=pdf|png), rendered in the reader's language.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { LoanDocument } from '~/components/documents/loan-document';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { loanOr404 } from '~/services/loans.server';
import { pageTools } from '~/services/page.server';
import { loanNumberOr404 } from '~/services/params.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/loan/loan-details/:loanNumber/summary/download'),
  });
  const number = loanNumberOr404(params.loanNumber);
  const format = formatOr404(request);
  const loan = await loanOr404(request, signedIn, number);
  const { t } = await pageTools(request, 'billing');
  return documentDownload({
    request,
    element: createElement(LoanDocument, { loan }),
    title: t('loan.title', { name: loan.name }),
    filename: `${loan.name}-summary`,
    format,
    backTo: `/apps/loan/loan-details/${encodeURIComponent(loan.name)}/summary`,
  });
}
