// The shipping-order list as CSV: the same search and tab as the page, every matching order (up to
// EXPORT_LIMIT), headers and names in the reader's language.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { orderListParams } from '~/forms/shipping';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { csvResponse } from '~/services/csv.server';
import { attempt } from '~/services/errors.server';
import { translator } from '~/services/i18n.server';
import { ordersForExport } from '~/services/shipping.server';
import { translateMessage } from '~/components/messages';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/shipping/export.csv') });
  const params = orderListParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await translator(request, ['shipping', 'catalog', 'common']);
  const found = await attempt(() => ordersForExport(signedIn, params), 'shipping export');
  if (!found.ok) {
    throw new Response(translateMessage(t, found.key), {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const orders = found.value;
  const header = [
    t('shipping:fields.orderNumber'),
    t('shipping:fields.customer'),
    t('shipping:fields.status'),
    t('shipping:fields.category'),
    t('shipping:fields.containerType'),
    t('shipping:fields.cbm'),
    t('shipping:fields.origin'),
    t('shipping:fields.location'),
    t('shipping:fields.supplier'),
    t('shipping:fields.shippingMark'),
    t('shipping:fields.invoiceStatus'),
    t('shipping:fields.totalInvoice'),
    t('shipping:fields.currency'),
    t('shipping:fields.loan'),
    t('shipping:fields.createdAt'),
  ];
  const rows = orders.map((order) => [
    order.name,
    order.partner_name,
    t(`catalog:orderStatuses.${order.status}`),
    t(`catalog:categories.${order.category}`),
    t(`catalog:containerTypes.${order.container_type}`),
    order.cbm,
    t(`catalog:origins.${order.origin}`),
    order.location,
    order.supplier?.name ?? null,
    order.shipping_mark,
    t(`catalog:invoiceStatuses.${order.invoice_status}`),
    order.total_invoice.toFixed(2),
    order.currency,
    order.loan_name,
    order.created_at.slice(0, 10),
  ]);
  return csvResponse(`shipping-orders-${params.filter}.csv`, header, rows);
}
