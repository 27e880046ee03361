// "Print": with JavaScript, a button that opens the print dialog; without, a hint to use the browser's own.
import Typography from '@mui/joy/Typography';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';

export function PrintButton() {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <Typography level="body-sm">{t('print.hint')}</Typography>;
  return (
    <Button startDecorator={<IconPrinter aria-hidden size={18} />} onClick={() => window.print()}>
      {t('print.button')}
    </Button>
  );
}
