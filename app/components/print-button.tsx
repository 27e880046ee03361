// "Print": with JavaScript, a button that opens the print dialog; without, a hint to use the browser's own.
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/components/translation';
import { Button, Text } from '~/components/ui';

export function PrintButton() {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <Text level="body-sm">{t('print.hint')}</Text>;
  return (
    <Button startDecorator={<IconPrinter aria-hidden size={18} />} onClick={() => window.print()}>
      {t('print.button')}
    </Button>
  );
}
