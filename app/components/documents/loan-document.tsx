// A loan's summary document: terms, figures, repayment schedule and the shipments it finances. One
// layout for the loan's document view, the shared view, PDF and PNG.
import { useTranslation } from '~/components/translation';
import { Stack } from '~/components/ui';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import type { LoanDetail } from '@contract';
import { AmountSummary, DocumentHeader, DocumentSheet, DocumentTable, PartyBlock } from './document-parts';

export function LoanDocument({ loan }: { loan: LoanDetail }) {
  const { t, i18n } = useTranslation('billing');
  const { t: tf } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, loan.currency, language);
  const date = (value: string | null) => (value ? formatDate(value, language) : '—');
  const title = t('loan.documentTitle');
  return (
    <DocumentSheet label={`${title} ${loan.name}`}>
      <DocumentHeader
        title={title}
        facts={[
          [tf('fields.loanId'), <span dir="ltr">{loan.name}</span>],
          [tf('fields.state'), tcat(`loanStates.${loan.state}`)],
          [tf('fields.issueDate'), date(loan.issue_date)],
          [tf('fields.dueDate'), date(loan.due_date)],
        ]}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} style={{ marginBlock: 24 }}>
        <PartyBlock heading={t('loan.borrower')} party={{ name: loan.partner_name }} />
        <div style={{ flex: 1 }}>
          <AmountSummary
            lines={[
              [tf('fields.interestRate'), `${formatNumber(loan.interest_rate, language)} %`],
              [tf('fields.paymentStatus'), tcat(`paymentStatuses.${loan.payment_status}`)],
              [tf('fields.nextDueDate'), date(loan.next_due_date)],
              [tf('fields.principal'), money(loan.principal)],
              [tf('fields.paidAmount'), money(loan.paid_amount)],
              [tf('fields.outstanding'), money(loan.outstanding)],
            ]}
          />
        </div>
      </Stack>
      <DocumentTable
        caption={tf('detail.schedule')}
        columns={[
          tf('fields.dueDate'),
          tf('schedule.principal'),
          tf('schedule.interest'),
          tf('schedule.amount'),
          tf('fields.state'),
        ]}
        numeric={[1, 2, 3]}
        rows={loan.schedule.map((line) => ({
          key: line.due_date,
          cells: [
            date(line.due_date),
            money(line.principal),
            money(line.interest),
            money(line.amount),
            tcat(`scheduleStatuses.${line.status}`),
          ],
        }))}
      />
      {loan.schedule.length === 0 && <p>{tf('detail.noSchedule')}</p>}
      {loan.shipments.length > 0 && (
        <DocumentTable
          caption={tf('detail.shipments')}
          columns={[t('loan.order'), tf('fields.state'), t('loan.category'), t('loan.orderTotal')]}
          numeric={[3]}
          rows={loan.shipments.map((shipment) => ({
            key: shipment.id,
            cells: [
              <span dir="ltr">{shipment.name}</span>,
              tcat(`orderStatuses.${shipment.status}`),
              tcat(`categories.${shipment.category}`),
              money(shipment.total_invoice),
            ],
          }))}
        />
      )}
    </DocumentSheet>
  );
}
