// The dashboard's shipments card: the client's own figures by status, or the staff's open orders and the
// containers filling up.
import Alert from '@mui/joy/Alert';
import Card from '@mui/joy/Card';
import Grid from '@mui/joy/Grid';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { CallAnswer } from '@contract';
import { IN_PROGRESS_STATUSES, ORDER_STATUSES } from '@contract/values';
import { BarChart } from '~/components/charts/bar-chart';
import { formatNumber } from '~/components/format';

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
        <Card component="section" aria-labelledby="shipments-title" sx={{ height: '100%' }}>
          <Typography id="shipments-title" level="title-lg" component="h2">
            {t(staff ? 'shipments.staffTitle' : 'shipments.title')}
          </Typography>
          <Stack direction="row" gap={1.5} flexWrap="wrap">
            {figures.map((figure) => (
              <Card
                key={figure.key}
                variant="soft"
                component={Link}
                to={`/apps/shipping?filter=${figure.key}`}
                sx={{ flex: '1 1 120px', textDecoration: 'none', gap: 0 }}
              >
                <Typography level="h3" component="p">
                  {formatNumber(figure.value, i18n.language)}
                </Typography>
                <Typography level="body-sm">{tcat(`orderFilters.${figure.key}`)}</Typography>
              </Card>
            ))}
          </Stack>
          <Typography level="body-sm">
            {t('shipments.cbmInProgress', {
              cbm: formatNumber(summary.total_cbm_in_progress, i18n.language),
            })}
          </Typography>
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
            <Card component="section" aria-labelledby="open-orders-title" sx={{ height: '100%' }}>
              <Typography id="open-orders-title" level="title-lg" component="h2">
                {t('shipments.openByStatus')}
              </Typography>
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
              <Typography id="containers-title" level="title-lg" component="h2">
                {t('shipments.containersFilling')}
              </Typography>
              {summary.open_containers.length === 0 ? (
                <Typography>{t('shipments.noOpenContainers')}</Typography>
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
