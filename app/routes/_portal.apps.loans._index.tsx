// Loans: "My Loans" for a client (its own, by partner), every client's for staff. Tabs All Loans /
// Previous Loans / Loans Denied, search and page in the URL (works without JavaScript); CSV export.
// A refused or failed fetch says so, with a retry — never an empty list.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LoanStateChip, PaymentStatusChip } from '~/components/finance/loan-parts';
import { formatDate, formatMoney } from '~/components/format';
import { ListTable, SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { RowLink } from '~/components/row-parts';
import { titleMeta } from '~/components/page-title';
import { TabLinks } from '~/components/shipping/order-parts';
import { Stack } from '~/components/ui';
import { loanListParams } from '~/forms/finance';
import { isStaff } from '~/services/access';
import { LOAN_TABS } from '@contract/values';
import { loadListPage } from '~/services/list-loader.server';
import { listLoans } from '~/services/loans.server';

export const handle = { i18n: ['common', 'catalog', 'finance'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { signedIn, t, title, params, page, loadError } = await loadListPage(request, {
    screen: '/apps/loans',
    namespace: 'finance',
    params: loanListParams,
    context: 'loans',
    load: listLoans,
  });
  const staff = isStaff(signedIn.user.roles);
  const heading = staff ? 'loans.titleStaff' : 'loans.title';
  return { title: title(t(heading)), heading, staff, params, page, loadError };
}

export const meta = titleMeta;

export default function Loans() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t, i18n } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const exportQuery = new URLSearchParams(location.search);
  exportQuery.delete('page');
  const money = (value: number, currency: string) => formatMoney(value, currency, language);
  const day = (value: string | null) => (value ? formatDate(value, language) : '—');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t(data.heading)}
        intro={t(data.staff ? 'loans.introStaff' : 'loans.intro')}
        action={
          <Button
            component="a"
            href={`/apps/loans/export.csv${exportQuery.size ? `?${exportQuery}` : ''}`}
            variant="outlined"
            startDecorator={<IconDownload aria-hidden size={18} />}
            download
          >
            {t('loans.export')}
          </Button>
        }
      />
      <TabLinks
        name="tab"
        label={t('loans.tabs')}
        current={data.params.tab}
        tabs={LOAN_TABS.map((tab) => ({
          value: tab,
          label: tcat(`loanTabs.${tab}`),
          count: data.page?.counts?.[tab],
        }))}
      />
      <SearchForm
        searchId="loan-search"
        searchValue={data.params.q}
        placeholder={t('loans.searchPlaceholder')}
      >
        <input type="hidden" name="tab" value={data.params.tab} />
      </SearchForm>
      <ListTable
        page={data.page}
        failure={t('loans.loadFailed', { reason: data.loadError ?? '' })}
        empty={t('loans.empty')}
        count={t('loans.count', { count: data.page?.total ?? 0 })}
        caption={t(data.heading)}
        minWidth={data.staff ? 1120 : 980}
        head={
          <>
            <th scope="col">{t('fields.loanId')}</th>
            {data.staff && <th scope="col">{t('fields.customer')}</th>}
            <th scope="col">{t('fields.principal')}</th>
            <th scope="col">{t('fields.issueDate')}</th>
            <th scope="col">{t('fields.dueDate')}</th>
            <th scope="col">{t('fields.paidAmount')}</th>
            <th scope="col">{t('fields.outstanding')}</th>
            <th scope="col">{t('fields.paymentStatus')}</th>
            <th scope="col">{t('fields.state')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((loan) => (
          <tr key={loan.id}>
            <td>
              <RowLink strong to={`/apps/loan/loan-details/${loan.name}`} dir="ltr">
                {loan.name}
              </RowLink>
            </td>
            {data.staff && (
              <td>
                <bdi>{loan.partner_name}</bdi>
              </td>
            )}
            <td>{money(loan.principal, loan.currency)}</td>
            <td>{day(loan.issue_date)}</td>
            <td>{day(loan.due_date)}</td>
            <td>{money(loan.paid_amount, loan.currency)}</td>
            <td>{money(loan.outstanding, loan.currency)}</td>
            <td>
              <PaymentStatusChip status={loan.payment_status} />
            </td>
            <td>
              <LoanStateChip state={loan.state} />
            </td>
          </tr>
        ))}
      </ListTable>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
