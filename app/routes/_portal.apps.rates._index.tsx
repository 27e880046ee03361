// The rate table (administrators): every lane's prices by period, filtered by lane in the URL, and a
// form to add a rate. A quotation request whose lane has a rate valid on its day gets an indicative
// price from it at once.
import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CONTAINER_TYPES, DESTINATIONS, ORIGINS } from '~/catalog';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMoney } from '~/components/format';
import { ListTable, SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { RateForm } from '~/components/quotes/rate-form';
import { RowLink } from '~/components/row-parts';
import { FilterSelect } from '~/components/select-field';
import { Card, Stack, Text } from '~/components/ui';
import { rateListParams } from '~/forms/rates';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { loadPart } from '~/services/errors.server';
import { readForm } from '~/services/form-body.server';
import { newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { saveRateAction } from '~/services/rate-actions.server';
import { listRates } from '~/services/rates.server';

const SCREEN = '/apps/rates';

export const handle = { i18n: ['common', 'catalog', 'quotes'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'quotes');
  const params = rateListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rates = await loadPart(listRates(signedIn, params), 'rates', common);
  const items = rates.value ?? [];
  return {
    title: title(t('rates.title')),
    params,
    page: rates.value ? { items, total: items.length, page: 1, pages: 1 } : null,
    loadError: rates.error,
    ...newFormKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return saveRateAction(request, signedIn, await readForm(request));
}

export const meta = titleMeta;

export default function Rates() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> }>();
  const { t, i18n } = useTranslation('quotes');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const all = { value: '', label: t('rates.any') };
  return (
    <Stack gap={3}>
      <PageHeading title={t('rates.title')} intro={t('rates.intro')} />
      <SearchForm>
        <FilterSelect
          name="origin"
          label={t('rates.origin')}
          value={data.params.origin ?? ''}
          options={[all, ...ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) }))]}
        />
        <FilterSelect
          name="destination"
          label={t('rates.destination')}
          value={data.params.destination ?? ''}
          options={[all, ...DESTINATIONS.map((value) => ({ value, label: tcat(`destinations.${value}`) }))]}
        />
        <FilterSelect
          name="containerType"
          label={t('rates.containerType')}
          value={data.params.containerType ?? ''}
          options={[
            all,
            ...CONTAINER_TYPES.map((value) => ({ value, label: tcat(`containerTypes.${value}`) })),
          ]}
        />
      </SearchForm>
      <ListTable
        page={data.page}
        failure={t('rates.loadFailed', { reason: data.loadError ?? '' })}
        empty={t('rates.empty')}
        count={t('rates.count', { count: data.page?.total ?? 0 })}
        caption={t('rates.title')}
        minWidth={900}
        head={
          <>
            <th scope="col">{t('rates.lane')}</th>
            <th scope="col">{t('rates.containerType')}</th>
            <th scope="col">{t('rates.price')}</th>
            <th scope="col">{t('rates.minimum')}</th>
            <th scope="col">{t('rates.period')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((rate) => (
          <tr key={rate.id}>
            <td>
              <RowLink strong to={`/apps/rates/${rate.id}`}>
                {t('rates.laneName', {
                  origin: tcat(`origins.${rate.origin}`),
                  destination: tcat(`destinations.${rate.destination}`),
                })}
              </RowLink>
            </td>
            <td>{tcat(`containerTypes.${rate.container_type}`)}</td>
            <td>
              {t(`rates.per_${rate.basis}`, { price: formatMoney(rate.price, rate.currency, language) })}
            </td>
            <td>{formatMoney(rate.minimum, rate.currency, language)}</td>
            <td>
              {t('rates.from', {
                from: formatDate(rate.valid_from, language),
                to: formatDate(rate.valid_to, language),
              })}
            </td>
          </tr>
        ))}
      </ListTable>
      <Card component="section" aria-labelledby="rate-add">
        <Text level="title-lg" component="h2" id="rate-add">
          {t('rates.add')}
        </Text>
        <RateForm
          id="rate-new"
          lastResult={answer?.result}
          submitLabel={t('rates.addSubmit')}
          labelledBy="rate-add"
        />
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
