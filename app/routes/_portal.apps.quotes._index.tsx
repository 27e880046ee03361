// Quotes: a customer's own (sent to it: never drafts), every customer's for staff. Status filter, search
// and page in the URL (works without JavaScript). A failed fetch says so, with a retry; a back office
// without quotes says that instead of showing an empty list.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMoney } from '~/components/format';
import { ListTable, SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { QuoteStatusChip } from '~/components/quotes/quote-parts';
import { RowLink } from '~/components/row-parts';
import { FilterSelect } from '~/components/select-field';
import { Alert, Stack } from '~/components/ui';
import { QUOTE_STATUSES } from '@contract/values';
import { quoteListParams } from '~/forms/quotes';
import { isStaff } from '~/services/access';
import { loadListPage } from '~/services/list-loader.server';
import { listQuotes } from '~/services/quotes.server';

export const handle = { i18n: ['common', 'catalog', 'quotes'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { signedIn, t, title, params, page, loadError } = await loadListPage(request, {
    screen: '/apps/quotes',
    namespace: 'quotes',
    params: quoteListParams,
    context: 'quotes',
    load: listQuotes,
  });
  const staff = isStaff(signedIn.user.roles);
  return {
    title: title(t('list.title')),
    staff,
    params,
    page,
    loadError,
    unsupported: page?.unsupported ?? false,
  };
}

export const meta = titleMeta;

export default function Quotes() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('quotes');
  const language = i18n.language;
  return (
    <Stack gap={3}>
      <PageHeading title={t('list.title')} intro={t(data.staff ? 'list.introStaff' : 'list.intro')} />
      {data.unsupported ? (
        <Alert color="warning" role="status">
          {t('unsupported')}
        </Alert>
      ) : (
        <>
          <SearchForm
            searchId="quote-search"
            searchValue={data.params.q}
            placeholder={t('list.searchPlaceholder')}
          >
            <FilterSelect
              name="status"
              label={t('fields.status')}
              value={data.params.status ?? ''}
              options={[
                { value: '', label: t('list.allStatuses') },
                ...QUOTE_STATUSES.filter((status) => data.staff || status !== 'draft').map((status) => ({
                  value: status,
                  label: t(`statuses.${status}`),
                })),
              ]}
            />
          </SearchForm>
          <ListTable
            page={data.page}
            failure={t('list.loadFailed', { reason: data.loadError ?? '' })}
            empty={t(data.staff ? 'list.emptyStaff' : 'list.empty')}
            count={t('list.count', { count: data.page?.total ?? 0 })}
            caption={t('list.title')}
            minWidth={data.staff ? 900 : 760}
            head={
              <>
                <th scope="col">{t('fields.number')}</th>
                {data.staff && <th scope="col">{t('fields.customer')}</th>}
                <th scope="col">{t('fields.request')}</th>
                <th scope="col">{t('fields.total')}</th>
                <th scope="col">{t('fields.validUntil')}</th>
                <th scope="col">{t('fields.status')}</th>
              </>
            }
          >
            {(data.page?.items ?? []).map((quote) => (
              <tr key={quote.id}>
                <td>
                  <RowLink strong to={`/apps/quotes/${quote.id}`} dir="ltr">
                    {`${quote.name} v${quote.version}`}
                  </RowLink>
                </td>
                {data.staff && (
                  <td>
                    <bdi>{quote.partner_name}</bdi>
                  </td>
                )}
                <td>
                  <RowLink to={`/apps/requests/${quote.request_id}`}>#{quote.request_id}</RowLink>
                </td>
                <td>{formatMoney(quote.total, quote.currency, language)}</td>
                <td>
                  <time dateTime={quote.valid_until}>{formatDate(quote.valid_until, language)}</time>
                </td>
                <td>
                  <QuoteStatusChip status={quote.status} />
                </td>
              </tr>
            ))}
          </ListTable>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
