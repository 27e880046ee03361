// A customer's statement of account over a period: opening balance, invoices and payments with the
// running balance, closing balance. One layout for the screen, the shared view, PDF and PNG.
import { useTranslation } from '~/components/translation';
import { Stack } from '~/components/ui';
import { formatDate, formatMoney } from '~/components/format';
import type { Statement } from '@contract';
import { AmountSummary, DocumentHeader, DocumentSheet, DocumentTable, PartyBlock } from './document-parts';

export function StatementDocument({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, statement.currency, language);
  const title = t('statement.documentTitle');
  const period = t('statement.period', {
    from: formatDate(statement.date_from, language),
    to: formatDate(statement.date_to, language),
  });
  return (
    <DocumentSheet label={`${title} · ${statement.partner_name} · ${period}`}>
      <DocumentHeader title={title} facts={[[t('statement.periodLabel'), period]]} />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} style={{ marginBlock: 24 }}>
        <PartyBlock
          heading={t('statement.customer')}
          party={{
            name: statement.partner_name,
            address: statement.partner_address,
            phone: statement.partner_phone,
            email: statement.partner_email,
          }}
        />
        <div style={{ flex: 1 }}>
          <AmountSummary
            lines={[
              [t('statement.opening'), money(statement.opening_balance)],
              [t('statement.invoiced'), money(statement.total_invoiced)],
              [t('statement.paid'), money(statement.total_paid)],
              [t('statement.closing'), money(statement.closing_balance)],
            ]}
          />
        </div>
      </Stack>
      <DocumentTable
        caption={t('statement.lines')}
        columns={[
          t('statement.date'),
          t('statement.reference'),
          t('statement.description'),
          t('statement.debit'),
          t('statement.credit'),
          t('statement.balance'),
        ]}
        numeric={[3, 4, 5]}
        unbroken={[0, 1]}
        rows={[
          {
            key: 'opening',
            cells: [
              formatDate(statement.date_from, language),
              '',
              t('statement.opening'),
              '',
              '',
              money(statement.opening_balance),
            ],
          },
          ...statement.lines.map((line, index) => ({
            key: `${line.reference}-${index}`,
            cells: [
              formatDate(line.date, language),
              <span dir="ltr">{line.reference}</span>,
              line.kind === 'invoice'
                ? t('statement.invoiceLine')
                : t('statement.paymentLine', { name: line.invoice_name ?? '—' }),
              line.debit ? money(line.debit) : '',
              line.credit ? money(line.credit) : '',
              money(line.balance),
            ],
          })),
        ]}
        footer={[
          {
            label: t('statement.closing'),
            cells: [
              money(statement.total_invoiced),
              money(statement.total_paid),
              money(statement.closing_balance),
            ],
          },
        ]}
      />
      {statement.lines.length === 0 && <p>{t('statement.noLines')}</p>}
    </DocumentSheet>
  );
}
