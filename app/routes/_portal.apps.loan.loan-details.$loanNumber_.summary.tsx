// A loan's summary document (terms, figures, schedule, financed shipments): view, download as PDF or
// PNG, share, print. Another customer's loan answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { DocumentActions } from '~/components/documents/document-actions';
import { LoanDocument } from '~/components/documents/loan-document';
import { SharedLinks } from '~/components/documents/shared-links';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { Stack } from '~/components/ui';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentShareAction } from '~/services/documents/share-action.server';
import { loanOr404, shareLoan } from '~/services/loans.server';
import { pageTools } from '~/services/page.server';
import { loanNumberOr404 } from '~/services/params.server';
import { shareLinksOf } from '~/services/shares.server';

export const handle = { i18n: ['common', 'catalog', 'shipping', 'finance', 'billing'] };

const SCREEN = '/apps/loan/loan-details/:loanNumber/summary';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const loan = await loanOr404(request, signedIn, loanNumberOr404(params.loanNumber));
  const shareLinks = await shareLinksOf(request, signedIn, 'loan', loan.id);
  const { t, title } = await pageTools(request, 'billing');
  return { title: title(t('loan.title', { name: loan.name })), loan, shareLinks };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const number = loanNumberOr404(params.loanNumber);
  return documentShareAction(request, signedIn, 'loan', () => shareLoan(signedIn, number));
}

export const meta = titleMeta;

export default function LoanSummaryPage() {
  const { loan, shareLinks } = useLoaderData<typeof loader>();
  const { t } = useTranslation('billing');
  const base = `/apps/loan/loan-details/${encodeURIComponent(loan.name)}`;
  return (
    <Stack gap={2}>
      <Button
        component={Link}
        to={base}
        variant="plain"
        color="neutral"
        className="no-print"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('loan.back', { name: loan.name })}
      </Button>
      <DocumentActions
        downloadHref={`${base}/summary/download`}
        name={t('loan.title', { name: loan.name })}
        share={{ target: 'loan' }}
      />
      <LoanDocument loan={loan} />
      <SharedLinks links={shareLinks} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
