// The frame of the public sign-in pages, in the two designs of the spec: "split" (brand panel beside the
// form, /auth/login) and "card" (a centred card, /auth/login2); a footer links the legal pages.
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Box, Card, Stack, Text } from '~/components/ui';
import { AppearancePanel } from './appearance-panel';
import { LanguageSwitcher } from './language-switcher';
import { LegalLinks } from './pages/legal-links';

export type AuthDesign = 'split' | 'card';

function Heading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <Text level="h1" fontSize="xl2" style={{ marginBlockEnd: 4 }}>
        {title}
      </Text>
      {subtitle && <Text textColor="text.secondary">{subtitle}</Text>}
    </div>
  );
}

function Footer() {
  return (
    <Box component="footer" style={{ paddingInline: 16, paddingBlockEnd: 24 }}>
      <LegalLinks />
    </Box>
  );
}

function Toolbar() {
  return (
    <Stack direction="row" gap={1} justifyContent="flex-end" style={{ padding: 16 }}>
      <LanguageSwitcher />
      <AppearancePanel />
    </Stack>
  );
}

export function AuthShell({
  design,
  title,
  subtitle,
  children,
}: {
  design: AuthDesign;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const brand = (
    <Stack
      direction="row"
      alignItems="center"
      gap={1}
      style={{ color: 'var(--joy-palette-primary-plainColor)' }}
    >
      <IconTruckDelivery aria-hidden size={32} stroke={1.6} />
      <Text level="title-lg" component="span" textColor="inherit">
        {tc('app.name')}
      </Text>
    </Stack>
  );

  if (design === 'card') {
    return (
      <Box className="frame-auth-card-page">
        <Toolbar />
        <Box component="main" id="main-content" className="frame-auth-main" style={{ paddingInline: 16 }}>
          <Card className="frame-auth-card">
            {brand}
            <Heading title={title} subtitle={subtitle} />
            {children}
          </Card>
        </Box>
        <Footer />
      </Box>
    );
  }

  return (
    <Box className="frame-auth-split">
      <Box className="frame-auth-brand">
        <IconTruckDelivery aria-hidden size={72} stroke={1.2} />
        <Text level="h2" component="p" textColor="inherit">
          {t('brand.heading')}
        </Text>
        <Text textColor="inherit" style={{ maxWidth: 440 }}>
          {t('brand.text')}
        </Text>
      </Box>
      <Box style={{ display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" id="main-content" className="frame-auth-main" style={{ paddingInline: 24 }}>
          <Stack gap={2.5} style={{ width: '100%', maxWidth: 420 }}>
            {brand}
            <Heading title={title} subtitle={subtitle} />
            {children}
          </Stack>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
