// The clearance receipt of a shipping order: one printable sheet (A4), the same layout for the screen,
// the browser's print and the server-rendered PDF.
import { useTranslation } from '~/components/translation';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '~/components/format';
import { Stack, Text } from '~/components/ui';
import type { ShippingOrderDetail } from '@contract';
import { DocumentHeader, DocumentSheet, PartyBlock } from './document-parts';

/** The receipt's number: the order's, with the receipt's prefix. */
export function receiptNumber(order: { name: string }): string {
  return `CR-${order.name}`;
}

/**
 * The receipt is issued when the order is first cleared and keeps that date (the back office's
 * `receipt_issued_at`); before that it is a preview that says it is not yet issued.
 */
export function ClearanceReceipt({ order }: { order: ShippingOrderDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const clearance = order.tracking.findLast((event) => event.milestone === 'customs_cleared');
  const goods: [string, string][] = [
    [t('fields.category'), tcat(`categories.${order.category}`)],
    [t('fields.containerType'), tcat(`containerTypes.${order.container_type}`)],
    [t('fields.cbm'), formatNumber(order.cbm, language)],
    [t('fields.origin'), tcat(`origins.${order.origin}`)],
    [t('fields.shippingMark'), order.shipping_mark ?? '—'],
    [t('fields.container'), order.container_name ?? '—'],
    [t('fields.supplier'), order.supplier?.name ?? '—'],
    [t('fields.totalInvoice'), formatMoney(order.total_invoice, order.currency, language)],
  ];
  const title = t('receipt.title');
  return (
    <DocumentSheet label={`${title} ${receiptNumber(order)}`}>
      <DocumentHeader
        title={title}
        facts={[
          [t('receipt.number'), <span dir="ltr">{receiptNumber(order)}</span>],
          [
            t('receipt.issued'),
            order.receipt_issued_at ? formatDate(order.receipt_issued_at, language) : t('receipt.notIssued'),
          ],
        ]}
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} style={{ marginBlock: 24 }}>
        <PartyBlock
          heading={t('receipt.consignee')}
          party={
            // As issued; before that (or from a back office that keeps no copy), the customer now.
            order.receipt_consignee ?? {
              name: order.partner_name,
              phone: order.partner_phone,
              email: order.partner_email,
            }
          }
        />
        <div style={{ flex: 1 }}>
          <Text level="title-sm" component="h2">
            {t('receipt.shipment')}
          </Text>
          <Text>
            {t('fields.orderNumber')}: <span dir="ltr">{order.name}</span>
          </Text>
          <Text>
            {t('fields.status')}: {tcat(`orderStatuses.${order.status}`)}
          </Text>
          <Text>
            {t('receipt.clearedAt')}:{' '}
            {clearance
              ? `${formatDateTime(clearance.event_time, language)} · ${clearance.place}`
              : t('receipt.notCleared')}
          </Text>
        </div>
      </Stack>

      <table>
        <caption className="visually-hidden">{t('receipt.goods')}</caption>
        <tbody>
          {goods.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" style={{ width: '40%' }}>
                {label}
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <Text level="body-sm" style={{ marginBlockStart: 24 }}>
        {clearance ? t('receipt.statement') : t('receipt.pendingStatement')}
      </Text>
      <Stack direction="row" gap={6} style={{ marginBlockStart: 48 }}>
        {[t('receipt.signatureAgent'), t('receipt.signatureConsignee')].map((label) => (
          <div
            key={label}
            style={{
              flex: 1,
              borderBlockStart: '1px solid var(--joy-palette-neutral-outlinedBorder)',
              paddingBlockStart: 8,
            }}
          >
            <Text level="body-xs">{label}</Text>
          </div>
        ))}
      </Stack>
    </DocumentSheet>
  );
}
