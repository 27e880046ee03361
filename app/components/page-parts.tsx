// The parts every screen of the portal frame shares: its heading with an optional action, and the
// message shown when its data could not be loaded (with a retry, never an empty list).
import Alert from '@mui/joy/Alert';
import Button from '@mui/joy/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PageHeading({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" gap={2}>
      <div>
        <Typography level="h1" sx={{ fontSize: 'xl3' }}>
          {title}
        </Typography>
        {intro && (
          <Typography level="body-lg" textColor="text.secondary">
            {intro}
          </Typography>
        )}
      </div>
      {action && <div style={{ alignSelf: 'flex-start' }}>{action}</div>}
    </Stack>
  );
}

export function LoadFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert
      color="danger"
      role="alert"
      endDecorator={
        <Button
          component="a"
          href={`${location.pathname}${location.search}`}
          size="sm"
          variant="soft"
          color="danger"
        >
          {t('list.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
