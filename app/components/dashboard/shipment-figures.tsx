// The dashboard's shipments card: the client's own figures by status, or the staff's open orders and the
// containers filling up.
import { Link } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import type { CallAnswer } from '@contract';
import { IN_PROGRESS_STATUSES, ORDER_STATUSES } from '@contract/values';
import { BarChart } from '~/components/charts/bar-chart';
import { formatNumber } from '~/components/format';
import { Alert, Card, Grid, Stack, Text } from '~/components/ui';

type ShipmentSummary = CallAnswer<'shippingOrderSummary'>;

const OPEN_STATUSES = ['draft', 'confirmed', 'in_transit', 'arrived', 'cleared'] as const;
const STATUS_COLOURS = {
  draft: 'neutral',
  confirmed: 'primary',
  in_transit: 'primary',
  arrived: 'warning',
  cleared: 'warning',
  delivered: 'success',
  cancelled: 'danger',
} as const;

/** Shipments at a glance: the client's own figures, or the staff's open orders and filling containers. */
export function ShipmentFigures({
  staff,
  summary: loaded,
  error,
}: {
  staff: boolean;
  summary: ShipmentSummary | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tcat } = useTranslation('catalog');
  if (error || !loaded) {
    return (
      <Alert color="warning" role="alert">
        {t('shipments.unavailable', { reason: error ?? '' })}
      </Alert>
    );
  }
  const summary = loaded;
  const count = (statuses: readonly (keyof typeof summary.by_status)[]) =>
    statuses.reduce((sum, status) => sum + (summary.by_status[status] ?? 0), 0);
  const figures = [
    { key: 'in_progress', value: count(IN_PROGRESS_STATUSES) },
    { key: 'completed', value: count(['delivered']) },
    { key: 'financed', value: summary.financed },
  ] as const;
  const statuses = staff ? OPEN_STATUSES : ORDER_STATUSES;
  return (
    <Grid container spacing={3}>
      <Grid xs={12} md={staff ? 7 : 12}>
        <Card component="section" aria-labelledby="shipments-title" style={{ height: '100%' }}>
          <Text id="shipments-title" level="title-lg" component="h2">
            {t(staff ? 'shipments.staffTitle' : 'shipments.title')}
          </Text>
          <Stack direction="row" gap={1.5} flexWrap="wrap">
            {figures.map((figure) => (
              <Link
                key={figure.key}
                to={`/apps/shipping?filter=${figure.key}`}
                className="ui-card ui-card-soft shipping-figure-link"
              >
                <Text level="h3" component="p">
                  {formatNumber(figure.value, i18n.language)}
                </Text>
                <Text level="body-sm">{tcat(`orderFilters.${figure.key}`)}</Text>
              </Link>
            ))}
          </Stack>
          <Text level="body-sm">
            {t('shipments.cbmInProgress', {
              cbm: formatNumber(summary.total_cbm_in_progress, i18n.language),
            })}
          </Text>
          {!staff && (
            <BarChart
              title={t('shipments.byStatus')}
              valueLabel={t('shipments.orders')}
              data={statuses.map((status) => ({
                key: status,
                label: tcat(`orderStatuses.${status}`),
                value: summary.by_status[status] ?? 0,
                colour: STATUS_COLOURS[status],
              }))}
            />
          )}
        </Card>
      </Grid>
      {staff ? (
        <>
          <Grid xs={12} md={5}>
            <Card component="section" aria-labelledby="open-orders-title" style={{ height: '100%' }}>
              <Text id="open-orders-title" level="title-lg" component="h2">
                {t('shipments.openByStatus')}
              </Text>
              <BarChart
                title={t('shipments.openByStatus')}
                valueLabel={t('shipments.orders')}
                data={statuses.map((status) => ({
                  key: status,
                  label: tcat(`orderStatuses.${status}`),
                  value: summary.by_status[status] ?? 0,
                  colour: STATUS_COLOURS[status],
                }))}
              />
            </Card>
          </Grid>
          <Grid xs={12}>
            <Card component="section" aria-labelledby="containers-title">
              <Text id="containers-title" level="title-lg" component="h2">
                {t('shipments.containersFilling')}
              </Text>
              {summary.open_containers.length === 0 ? (
                <Text>{t('shipments.noOpenContainers')}</Text>
              ) : (
                <BarChart
                  title={t('shipments.containersFilling')}
                  valueLabel={t('shipments.percentFull')}
                  data={summary.open_containers.map((container) => {
                    const percent = Math.round((container.used_cbm / container.capacity_cbm) * 100);
                    return {
                      key: String(container.id),
                      label: container.name,
                      value: percent,
                      colour: percent >= 95 ? 'danger' : percent >= 75 ? 'warning' : 'primary',
                    };
                  })}
                />
              )}
            </Card>
          </Grid>
        </>
      ) : null}
    </Grid>
  );
}
