// A statement as PDF or PNG (?customer&from&to&format), rendered on the server in the reader's language.
import type { TFunction } from 'i18next';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { StatementDocument } from '~/components/documents/statement-document';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { pageTools } from '~/services/page.server';
import { loadStatement, statementFilename } from '~/services/statements.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/statement/download') });
  const format = formatOr404(request);
  const { t, common } = await pageTools(request, 'billing');
  const query = new URL(request.url).searchParams;
  query.delete('format');
  const back = `/apps/statement${query.size ? `?${query}` : ''}`;
  const { statement } = await loadStatement(request, signedIn, common as TFunction);
  if (!statement) {
    // No customer, a bad period or a failed load: the statement page says which.
    return new Response(null, { status: 303, headers: { Location: back } });
  }
  return documentDownload({
    request,
    element: createElement(StatementDocument, { statement }),
    title: `${t('statement.title')} · ${statement.partner_name}`,
    filename: statementFilename(statement),
    format,
    backTo: back,
  });
}
