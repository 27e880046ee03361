// The staff dashboard's "what waits": requests to decide, quotes to price, applications to assess,
// orders without news, deliveries today, each a link to the list it counts.
import { Link } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import type { CallAnswer } from '@contract';
import { STALE_ORDER_DAYS } from '@contract/values';
import { formatNumber } from '~/components/format';
import { Alert, Card, Stack, Text } from '~/components/ui';

type Work = CallAnswer<'staffWork'>;

const ITEMS: readonly { key: keyof Work; to: string }[] = [
  { key: 'pending_requests', to: '/apps/client-service-requests?status=pending' },
  { key: 'quotation_requests', to: '/apps/client-service-requests?status=pending&service=quotation' },
  { key: 'finance_requests', to: '/apps/client-service-requests?status=pending&service=trade_finance' },
  { key: 'stale_orders', to: '/apps/shipping?attention=stale&origin=all' },
  { key: 'deliveries_today', to: '/apps/shipping?attention=delivery_today&origin=all' },
];

export function StaffWork({ work, error }: { work: Work | null; error: string | null }) {
  const { t, i18n } = useTranslation('dashboard');
  if (error || !work) {
    return (
      <Alert color="warning" role="alert">
        {t('work.unavailable', { reason: error ?? '' })}
      </Alert>
    );
  }
  return (
    <Card>
      <Text level="title-lg" component="h2" id="staff-work-title">
        {t('work.title')}
      </Text>
      <Stack
        component="ul"
        direction="row"
        flexWrap="wrap"
        gap={1.5}
        aria-labelledby="staff-work-title"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {ITEMS.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="work-link">
              <span className="work-count">{formatNumber(work[item.key], i18n.language)}</span>
              <span>{t(`work.${item.key}`, { days: STALE_ORDER_DAYS })}</span>
            </Link>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
