// The dashboard's trade-finance card: what is owed, what is due next and overdue; for staff, the exposure
// by client.
import { useTranslation } from '~/components/translation';
import type { CallAnswer } from '@contract';
import { BarChart } from '~/components/charts/bar-chart';
import { formatDate, formatMoney } from '~/components/format';
import { Alert, Card, Stack, Text, TextLink } from '~/components/ui';

type FinanceSummary = CallAnswer<'financeSummary'>;

/** Trade finance at a glance: what is owed, what is due next and overdue; for staff, exposure by client. */
export function FinanceFigures({
  staff,
  summary: loaded,
  error,
}: {
  staff: boolean;
  summary: FinanceSummary | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('dashboard');
  if (error || !loaded) {
    return (
      <Alert color="warning" role="alert">
        {t('finance.unavailable', { reason: error ?? '' })}
      </Alert>
    );
  }
  const summary = loaded;
  const money = (value: number) => formatMoney(value, summary.currency, i18n.language);
  const figures = [
    { key: 'outstanding', label: t('finance.outstanding'), value: money(summary.outstanding) },
    {
      key: 'next',
      label: t('finance.nextDue'),
      value: summary.next_due_date
        ? t('finance.nextDueValue', {
            amount: money(summary.next_due_amount),
            date: formatDate(summary.next_due_date, i18n.language),
          })
        : t('finance.nothingDue'),
    },
    { key: 'overdue', label: t('finance.overdue'), value: money(summary.overdue_amount) },
  ];
  return (
    <Card component="section" aria-labelledby="finance-title">
      <Text id="finance-title" level="title-lg" component="h2">
        {t(staff ? 'finance.staffTitle' : 'finance.title')}
      </Text>
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        {figures.map((figure) => (
          <Card
            key={figure.key}
            variant="soft"
            className={
              figure.key === 'overdue' && summary.overdue_amount > 0 ? 'shipping-figure-danger' : undefined
            }
            style={{ flex: '1 1 180px', gap: 0 }}
          >
            <Text level="title-lg" component="p">
              {figure.value}
            </Text>
            <Text level="body-sm">{figure.label}</Text>
          </Card>
        ))}
      </Stack>
      {staff ? (
        summary.exposure.length > 0 && (
          <BarChart
            title={t('finance.exposure')}
            valueLabel=""
            format={money}
            data={summary.exposure.map((entry) => ({
              key: String(entry.partner_id),
              label: entry.partner_name,
              value: entry.outstanding,
            }))}
          />
        )
      ) : (
        <BarChart
          title={t('finance.chart')}
          valueLabel=""
          format={money}
          data={[
            { key: 'outstanding', label: t('finance.outstanding'), value: summary.outstanding },
            {
              key: 'next',
              label: t('finance.nextDueShort'),
              value: summary.next_due_amount,
              colour: 'warning',
            },
            { key: 'overdue', label: t('finance.overdue'), value: summary.overdue_amount, colour: 'danger' },
          ]}
        />
      )}
      <TextLink to="/apps/loans" style={{ alignSelf: 'flex-start' }}>
        {t('finance.allLoans')}
      </TextLink>
    </Card>
  );
}
