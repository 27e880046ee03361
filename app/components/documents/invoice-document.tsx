// An invoice as one printable sheet: the portal's invoice view, the public shared view and the
// server-rendered PDF and PNG all show this layout.
import { useTranslation } from '~/components/translation';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { Stack, Text } from '~/components/ui';
import type { InvoiceDetail } from '@contract';
import { AmountSummary, DocumentHeader, DocumentSheet, DocumentTable, PartyBlock } from './document-parts';

export function InvoiceDocument({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation('billing');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, invoice.currency, language);
  const title = t('invoice.documentTitle');
  return (
    <DocumentSheet label={`${title} ${invoice.name}`}>
      <DocumentHeader
        title={title}
        facts={[
          [t('fields.number'), <span dir="ltr">{invoice.name}</span>],
          [t('fields.invoiceDate'), formatDate(invoice.invoice_date, language)],
          [t('fields.dueDate'), formatDate(invoice.due_date, language)],
          [t('fields.status'), tcat(`invoiceStatuses.${invoice.state}`)],
        ]}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} style={{ marginBlock: 24 }}>
        <PartyBlock
          heading={t('invoice.billTo')}
          party={{
            name: invoice.partner_name,
            address: invoice.partner_address,
            phone: invoice.partner_phone,
            email: invoice.partner_email,
          }}
        />
        {invoice.shipping_order_name && (
          <div style={{ flex: 1 }}>
            <Text level="title-sm" component="h2">
              {t('invoice.shipment')}
            </Text>
            <Text>
              <span dir="ltr">{invoice.shipping_order_name}</span>
            </Text>
          </div>
        )}
      </Stack>

      <DocumentTable
        caption={t('invoice.lines')}
        columns={[
          t('lines.description'),
          t('lines.quantity'),
          t('lines.unitPrice'),
          t('lines.tax'),
          t('lines.amount'),
        ]}
        numeric={[1, 2, 3, 4]}
        rows={invoice.lines.map((line) => ({
          key: line.id,
          cells: [
            <bdi>{line.description}</bdi>,
            formatNumber(line.quantity, language),
            money(line.unit_price),
            `${formatNumber(line.tax_rate, language)} %`,
            money(line.subtotal),
          ],
        }))}
      />

      <AmountSummary
        lines={[
          [t('fields.untaxed'), money(invoice.amount_untaxed)],
          [t('fields.tax'), money(invoice.amount_tax)],
          [t('fields.total'), money(invoice.amount_total)],
          [t('fields.paid'), money(invoice.amount_paid)],
          [t('fields.due'), money(invoice.amount_due)],
        ]}
      />

      {invoice.payments.length > 0 && (
        <DocumentTable
          caption={t('invoice.payments')}
          columns={[
            t('payments.date'),
            t('payments.number'),
            t('payments.method'),
            t('payments.reference'),
            t('payments.amount'),
          ]}
          numeric={[4]}
          rows={invoice.payments.map((payment) => ({
            key: payment.id,
            cells: [
              formatDate(payment.date, language),
              <span dir="ltr">{payment.name}</span>,
              t(`paymentMethods.${payment.method}`),
              payment.reference ? <span dir="ltr">{payment.reference}</span> : '—',
              money(payment.amount),
            ],
          }))}
        />
      )}
      <Text level="body-sm" style={{ marginBlockStart: 24 }}>
        {invoice.state === 'paid'
          ? t('invoice.thanks')
          : invoice.state === 'cancelled'
            ? t('invoice.cancelledNote')
            : t('invoice.paymentTerms', { name: invoice.name, date: formatDate(invoice.due_date, language) })}
      </Text>
    </DocumentSheet>
  );
}
