// A chat contact's presence: a coloured dot and its name in words (colour is never the only sign).
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { useTranslation } from 'react-i18next';
import type { Presence } from '~/fixtures/types';

const DOT: Record<Presence, string> = {
  online: 'success.500',
  away: 'warning.400',
  busy: 'danger.500',
  offline: 'neutral.400',
};

export function PresenceBadge({ status }: { status: Presence }) {
  const { t } = useTranslation('messaging');
  return (
    <Typography
      level="body-xs"
      textColor="text.secondary"
      startDecorator={
        <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[status] }} />
      }
    >
      {t(`presence.${status}`)}
    </Typography>
  );
}
