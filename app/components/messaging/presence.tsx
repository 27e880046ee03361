// A chat contact's presence: a coloured dot and its name in words (colour is never the only sign).
import { useTranslation } from '~/components/translation';
import { Box, Text } from '~/components/ui';
import type { Presence } from '~/fixtures/types';

const DOT: Record<Presence, string> = {
  online: 'var(--joy-palette-success-500)',
  away: 'var(--joy-palette-warning-400)',
  busy: 'var(--joy-palette-danger-500)',
  offline: 'var(--joy-palette-neutral-400)',
};

export function PresenceBadge({ status }: { status: Presence }) {
  const { t } = useTranslation('messaging');
  return (
    <Text
      level="body-xs"
      textColor="text.secondary"
      startDecorator={
        <Box aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', backgroundColor: DOT[status] }} />
      }
    >
      {t(`presence.${status}`)}
    </Text>
  );
}
