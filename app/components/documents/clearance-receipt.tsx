// The clearance receipt of a shipping order: one printable sheet (A4), the same layout for the screen,
// the browser's print and the server-rendered PDF.
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '~/components/format';
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

      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} sx={{ my: 3 }}>
        <PartyBlock
          heading={t('receipt.consignee')}
          party={{ name: order.partner_name, phone: order.partner_phone, email: order.partner_email }}
        />
        <Box sx={{ flex: 1 }}>
          <Typography level="title-sm" component="h2">
            {t('receipt.shipment')}
          </Typography>
          <Typography>
            {t('fields.orderNumber')}: <span dir="ltr">{order.name}</span>
          </Typography>
          <Typography>
            {t('fields.status')}: {tcat(`orderStatuses.${order.status}`)}
          </Typography>
          <Typography>
            {t('receipt.clearedAt')}:{' '}
            {clearance
              ? `${formatDateTime(clearance.event_time, language)} · ${clearance.place}`
              : t('receipt.notCleared')}
          </Typography>
        </Box>
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

      <Typography level="body-sm" sx={{ mt: 3 }}>
        {clearance ? t('receipt.statement') : t('receipt.pendingStatement')}
      </Typography>
      <Stack direction="row" gap={6} sx={{ mt: 6 }}>
        {[t('receipt.signatureAgent'), t('receipt.signatureConsignee')].map((label) => (
          <Box
            key={label}
            sx={{ flex: 1, borderBlockStart: '1px solid', borderColor: 'neutral.outlinedBorder', pt: 1 }}
          >
            <Typography level="body-xs">{label}</Typography>
          </Box>
        ))}
      </Stack>
    </DocumentSheet>
  );
}
