// Small pieces the shipping screens share: status chips, the tab links of the order list.
import { Link, useLocation } from '@remix-run/react';
import { ORIGINS, type Origin } from '~/catalog';
import { Button, Stack, StatusLabel, TextLink } from '~/components/ui';
import { Notice } from '~/components/form-parts';
import { useTranslation } from '~/components/translation';
import type { ORDER_INVOICE_STATUSES, OrderStatus } from '@contract';
import { STALE_ORDER_DAYS, type OrderAttention } from '@contract/values';

type Colour = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

const ORDER_COLOURS: Record<OrderStatus, Colour> = {
  draft: 'neutral',
  confirmed: 'primary',
  in_transit: 'primary',
  arrived: 'warning',
  cleared: 'warning',
  delivered: 'success',
  cancelled: 'danger',
};

const INVOICE_COLOURS: Record<(typeof ORDER_INVOICE_STATUSES)[number], Colour> = {
  not_invoiced: 'neutral',
  draft: 'neutral',
  posted: 'warning',
  partially_paid: 'warning',
  paid: 'success',
  cancelled: 'danger',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('catalog');
  return (
    <StatusLabel variant="soft" colour={ORDER_COLOURS[status]}>
      {t(`orderStatuses.${status}`)}
    </StatusLabel>
  );
}

export function InvoiceStatusChip({ status }: { status: (typeof ORDER_INVOICE_STATUSES)[number] }) {
  const { t } = useTranslation('catalog');
  return (
    <StatusLabel variant="outlined" colour={INVOICE_COLOURS[status]}>
      {t(`invoiceStatuses.${status}`)}
    </StatusLabel>
  );
}

/**
 * Tabs of a list whose state lives in the URL: plain links (they work without JavaScript), the current
 * one marked with aria-current; each keeps the search and other filters and goes back to page 1.
 */
export function TabLinks<T extends string>({
  name,
  label,
  tabs,
  current,
}: {
  name: string;
  label: string;
  tabs: readonly { value: T; label: string; count?: number | null }[];
  current: T;
}) {
  const location = useLocation();
  const href = (value: T) => {
    const params = new URLSearchParams(location.search);
    params.delete('page');
    params.set(name, value);
    return `?${params}`;
  };
  return (
    <Stack component="nav" aria-label={label} direction="row" gap={1} flexWrap="wrap">
      {tabs.map((tab) => {
        const active = tab.value === current;
        return (
          <Button
            key={tab.value}
            component={Link}
            to={href(tab.value)}
            size="sm"
            variant={active ? 'solid' : 'soft'}
            color={active ? 'primary' : 'neutral'}
            aria-current={active ? 'page' : undefined}
            endDecorator={
              tab.count === undefined || tab.count === null ? undefined : (
                <StatusLabel variant={active ? 'soft' : 'outlined'} colour="neutral">
                  {tab.count}
                </StatusLabel>
              )
            }
          >
            {tab.label}
          </Button>
        );
      })}
    </Stack>
  );
}

/** Says that the list shows the staff member's warehouse origin, with a link to every origin. */
export function WarehouseDefault({
  warehouse,
  withUnknownOrigin = false,
}: {
  warehouse: { name: string; origin: Origin } | null;
  /** The list also shows what names no origin (the request queue). */
  withUnknownOrigin?: boolean;
}) {
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const location = useLocation();
  if (!warehouse) return null;
  const all = new URLSearchParams(location.search);
  all.delete('page');
  all.set('origin', 'all');
  return (
    <Notice color="neutral">
      {t('warehouseDefault.showing', { origin: tcat(`origins.${warehouse.origin}`), name: warehouse.name })}{' '}
      {withUnknownOrigin && <>{t('warehouseDefault.alsoUnknown')} </>}
      <TextLink to={`?${all}`}>{t('warehouseDefault.showAll')}</TextLink>
    </Notice>
  );
}

/** The list narrowed to the orders that need staff (from the dashboard), with the way back to all. */
export function AttentionNotice({ attention }: { attention: OrderAttention | undefined }) {
  const { t } = useTranslation('shipping');
  const location = useLocation();
  if (!attention) return null;
  const all = new URLSearchParams(location.search);
  all.delete('page');
  all.delete('attention');
  return (
    <Notice color="warning">
      {t(`list.attention.${attention}`, { days: STALE_ORDER_DAYS })}{' '}
      <TextLink to={`?${all}`}>{t('list.attention.clear')}</TextLink>
    </Notice>
  );
}

/** The origin filter: "All" means every origin; staff send `all`, so that their warehouse's default
 * does not come back. */
export function originOptions(
  allLabel: string,
  tcat: (key: string) => string,
  staff: boolean,
): { value: string; label: string }[] {
  return [
    { value: staff ? 'all' : '', label: allLabel },
    ...ORIGINS.map((origin) => ({ value: origin, label: tcat(`origins.${origin}`) })),
  ];
}
