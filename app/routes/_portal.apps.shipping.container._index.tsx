// Admin: containers with their orders, how full each is (CBM), and status; filters and page in the URL;
// each container opens on its own page, and a new one is one click away.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { isolate } from '~/components/ltr-text';
import { Button, LinearProgress, Stack, StatusLabel, Text, TextLink } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatNumber } from '~/components/format';
import { ListTable, SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import { OrderStatusChip, originOptions, WarehouseDefault } from '~/components/shipping/order-parts';
import { CONTAINER_STATUS_COLOURS } from '~/components/shipping/container-parts';
import { containerListParams } from '~/forms/shipping';
import { CONTAINER_STATUSES } from '@contract/values';
import type { Container } from '@contract';
import { loadListPage } from '~/services/list-loader.server';
import { listContainers } from '~/services/fleet.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title, params, page, loadError } = await loadListPage(request, {
    screen: '/apps/shipping/container',
    namespace: 'shipping',
    params: containerListParams,
    context: 'containers',
    load: listContainers,
  });
  return { title: title(t('containers.title')), params, page, loadError };
}

export const meta = titleMeta;

function Fill({ container }: { container: Container }) {
  const { t, i18n } = useTranslation('shipping');
  const percent = Math.min(100, Math.round((container.used_cbm / container.capacity_cbm) * 100));
  const label = t('containers.fill', {
    used: formatNumber(container.used_cbm, i18n.language),
    capacity: formatNumber(container.capacity_cbm, i18n.language),
    percent,
  });
  return (
    <Stack gap={0.5} style={{ minWidth: 160 }}>
      <LinearProgress
        determinate
        value={percent}
        color={percent >= 95 ? 'danger' : percent >= 75 ? 'warning' : 'primary'}
        aria-label={label}
        aria-valuetext={label}
        thickness={8}
      />
      <Text level="body-xs">{label}</Text>
    </Stack>
  );
}

export default function Containers() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('shipping');
  const { t: tc } = useTranslation();
  const { t: tcat } = useTranslation('catalog');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('containers.title')}
        intro={t('containers.intro')}
        action={
          <Button
            component={Link}
            to="/apps/shipping/container/new"
            startDecorator={<IconPlus aria-hidden size={18} />}
          >
            {t('containers.add')}
          </Button>
        }
      />
      <SearchForm
        searchId="container-search"
        searchValue={data.params.q}
        placeholder={t('containers.searchPlaceholder')}
      >
        <FilterSelect
          name="status"
          label={t('list.status')}
          value={data.params.status ?? ''}
          options={[
            { value: '', label: tc('list.all') },
            ...CONTAINER_STATUSES.map((status) => ({
              value: status,
              label: tcat(`containerStatuses.${status}`),
            })),
          ]}
        />
        <FilterSelect
          name="origin"
          label={t('list.origin')}
          value={data.page?.origin ?? 'all'}
          options={originOptions(tc('list.all'), tcat, true)}
        />
      </SearchForm>
      <WarehouseDefault warehouse={data.page?.warehouse ?? null} />

      <ListTable
        page={data.page}
        failure={t('containers.loadFailed', { reason: data.loadError ?? '' })}
        empty={t('containers.empty')}
        count={t('containers.count', { count: data.page?.total ?? 0 })}
        caption={t('containers.title')}
        minWidth={1000}
        topAligned
        head={
          <>
            <th scope="col">{t('containers.container')}</th>
            <th scope="col">{t('containers.route')}</th>
            <th scope="col">{t('list.status')}</th>
            <th scope="col">{t('containers.fillLevel')}</th>
            <th scope="col">{t('containers.orders')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((container) => (
          <tr key={container.id}>
            <td>
              <TextLink to={`/apps/shipping/container/${container.id}`} level="title-sm" dir="ltr">
                {container.name}
              </TextLink>
              <Text level="body-xs">{tcat(`containerSizes.${container.size}`)}</Text>
            </td>
            <td>
              {t('containers.routeText', {
                origin: tcat(`origins.${container.origin}`),
                destination: isolate(container.destination),
              })}
              {container.departure_date && (
                <Text level="body-xs">
                  {t('containers.departure', {
                    date: formatDate(container.departure_date, i18n.language),
                  })}
                </Text>
              )}
            </td>
            <td>
              <StatusLabel variant="soft" colour={CONTAINER_STATUS_COLOURS[container.status]}>
                {tcat(`containerStatuses.${container.status}`)}
              </StatusLabel>
            </td>
            <td>
              <Fill container={container} />
            </td>
            <td>
              {container.orders.length === 0 ? (
                t('containers.noOrders')
              ) : (
                <Stack component="ul" style={{ gap: 6, listStyle: 'none', margin: 0, padding: 0 }}>
                  {container.orders.map((order) => (
                    <Stack
                      component="li"
                      key={order.id}
                      direction="row"
                      gap={1}
                      alignItems="center"
                      flexWrap="wrap"
                    >
                      <TextLink to={`/apps/shipping-details/${order.id}`} dir="ltr" level="inherit">
                        {order.name}
                      </TextLink>
                      <Text level="body-xs">
                        {t('containers.orderLine', {
                          customer: isolate(order.partner_name),
                          cbm: formatNumber(order.cbm, i18n.language),
                        })}
                      </Text>
                      <OrderStatusChip status={order.status} />
                    </Stack>
                  ))}
                </Stack>
              )}
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
