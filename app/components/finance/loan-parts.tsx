// Pieces the trade-finance screens share: loan state and payment status chips.
import { useTranslation } from 'react-i18next';
import type { Loan, LoanState } from '@contract';
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
