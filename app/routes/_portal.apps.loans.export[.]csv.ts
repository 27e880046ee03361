// The loan list as CSV: the same search and tab as the page, every matching loan, in the reader's language.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { translateMessage } from '~/components/messages';
import { loanListParams } from '~/forms/finance';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { csvResponse } from '~/services/csv.server';
import { attempt } from '~/services/errors.server';
import { translator } from '~/services/i18n.server';
import { loansForExport } from '~/services/loans.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/loans/export.csv') });
  const params = loanListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await translator(request, ['finance', 'catalog', 'common']);
  const found = await attempt(() => loansForExport(signedIn, params), 'loan export');
  if (!found.ok) {
    throw new Response(translateMessage(t, found.key), {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const loans = found.value;
  const header = [
    t('finance:fields.loanId'),
    t('finance:fields.customer'),
    t('finance:fields.state'),
    t('finance:fields.principal'),
    t('finance:fields.currency'),
    t('finance:fields.interestRate'),
    t('finance:fields.issueDate'),
    t('finance:fields.dueDate'),
    t('finance:fields.paidAmount'),
    t('finance:fields.outstanding'),
    t('finance:fields.paymentStatus'),
    t('finance:fields.nextDueDate'),
  ];
  const rows = loans.map((loan) => [
    loan.name,
    loan.partner_name,
    t(`catalog:loanStates.${loan.state}`),
    loan.principal.toFixed(2),
    loan.currency,
    loan.interest_rate,
    loan.issue_date,
    loan.due_date,
    loan.paid_amount.toFixed(2),
    loan.outstanding.toFixed(2),
    t(`catalog:paymentStatuses.${loan.payment_status}`),
    loan.next_due_date,
  ]);
  return csvResponse(`loans-${params.tab}.csv`, header, rows);
}
