// A finance application's fields (amount, tenor, supplier, the orders it finances), as rows of a
// FieldList: on the request's page and on staff's assessment of it.
import type { FinanceApplication } from '@contract';
import { useTranslation } from '~/components/translation';
import { formatMoney, formatNumber } from '../format';
import { Stack, TextLink } from '../ui';

export function useFinanceRows(finance: FinanceApplication | null | undefined) {
  const { t, i18n } = useTranslation('requests');
  if (!finance) return [];
  const language = i18n.language;
  return [
    { label: t('finance.amount'), value: formatMoney(finance.amount, finance.currency, language) },
    { label: t('finance.tenor'), value: formatNumber(finance.tenor_months, language) },
    {
      label: t('finance.supplierName'),
      value: t('finance.supplier', { name: finance.supplier_name, country: finance.supplier_country }),
    },
    {
      label: t('finance.orders'),
      value:
        finance.orders.length === 0 ? null : (
          <Stack component="span" direction="row" gap={1} flexWrap="wrap">
            {finance.orders.map((order) => (
              <TextLink key={order.id} to={`/apps/shipping-details/${order.id}`}>
                <bdi>{order.name}</bdi>
              </TextLink>
            ))}
          </Stack>
        ),
    },
  ];
}
