// Pieces the trade-finance screens share: loan state and payment status chips, a transaction's note.
import { useTranslation } from '~/components/translation';
import type { Loan, LoanState, LoanTransaction } from '@contract';
import { formatMoney } from '~/components/format';
import { StatusLabel } from '~/components/row-parts';

type Colour = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

const STATE_COLOURS: Record<LoanState, Colour> = {
  requested: 'warning',
  approved: 'primary',
  denied: 'danger',
  repaid: 'success',
};

const PAYMENT_COLOURS: Record<Loan['payment_status'], Colour> = {
  not_disbursed: 'neutral',
  current: 'primary',
  overdue: 'danger',
  paid: 'success',
};

export function LoanStateChip({ state }: { state: LoanState }) {
  const { t } = useTranslation('catalog');
  return (
    <StatusLabel variant="soft" colour={STATE_COLOURS[state]}>
      {t(`loanStates.${state}`)}
    </StatusLabel>
  );
}

export function PaymentStatusChip({ status }: { status: Loan['payment_status'] }) {
  const { t } = useTranslation('catalog');
  return (
    <StatusLabel variant="outlined" colour={PAYMENT_COLOURS[status]}>
      {t(`paymentStatuses.${status}`)}
    </StatusLabel>
  );
}

/**
 * A transaction's note: in the reader's language when the back office wrote it (its code and values),
 * as typed when a person did (isolated, so that its own direction holds in the other script).
 */
export function TransactionNote({
  entry,
}: {
  entry: Pick<LoanTransaction, 'note' | 'note_code' | 'note_params'>;
}) {
  const { t, i18n } = useTranslation('finance');
  if (!entry.note_code) return entry.note ? <bdi>{entry.note}</bdi> : null;
  const params = entry.note_params ?? {};
  switch (entry.note_code) {
    case 'disbursement':
      return t('transaction.notes.disbursement', {
        interest: formatMoney(Number(params.interest), String(params.currency), i18n.language),
        count: Number(params.months),
      });
    case 'arrangement_fee':
      return params.percent === undefined
        ? t('transaction.notes.arrangement_fee')
        : t('transaction.notes.arrangement_fee_percent', { percent: params.percent });
    default:
      return t(`transaction.notes.${entry.note_code}`, { number: params.number, total: params.total });
  }
}
