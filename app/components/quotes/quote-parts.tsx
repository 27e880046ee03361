// What the quote screens share: a quote's status as a label, and its title in the reader's language.
import { useTranslation } from '~/components/translation';
import type { QuoteStatus } from '@contract/values';
import { StatusLabel } from '~/components/ui';

const STATUS_COLOURS: Record<QuoteStatus, 'neutral' | 'primary' | 'success' | 'danger' | 'warning'> = {
  draft: 'neutral',
  sent: 'primary',
  accepted: 'success',
  declined: 'danger',
  replaced: 'neutral',
  expired: 'warning',
};

export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('quotes');
  return (
    <StatusLabel variant="soft" colour={STATUS_COLOURS[status]}>
      {t(`statuses.${status}`)}
    </StatusLabel>
  );
}
