// The frame of the public sign-in pages, in the two designs of the spec: "split" (brand panel beside the
// form, /auth/login) and "card" (a centred card, /auth/login2); a footer links the legal pages.
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearancePanel } from './appearance-panel';
import { LanguageSwitcher } from './language-switcher';
import { LegalLinks } from './pages/legal-links';

export type AuthDesign = 'split' | 'card';

function Heading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <Typography level="h1" sx={{ fontSize: 'xl2', mb: 0.5 }}>
        {title}
      </Typography>
      {subtitle && <Typography textColor="text.secondary">{subtitle}</Typography>}
    </div>
  );
}

function Footer() {
  return (
    <Box component="footer" sx={{ px: 2, pb: 3 }}>
      <LegalLinks />
    </Box>
  );
}

function Toolbar() {
  return (
    <Stack direction="row" gap={1} justifyContent="flex-end" sx={{ p: 2 }}>
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
    <Stack direction="row" alignItems="center" gap={1} sx={{ color: 'primary.plainColor' }}>
      <IconTruckDelivery aria-hidden size={32} stroke={1.6} />
      <Typography level="title-lg" component="span" sx={{ color: 'inherit' }}>
        {tc('app.name')}
      </Typography>
    </Stack>
  );

  if (design === 'card') {
    return (
      <Box
        sx={{ minHeight: '100vh', bgcolor: 'background.level1', display: 'flex', flexDirection: 'column' }}
      >
        <Toolbar />
        <Box
          component="main"
          id="main-content"
          sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}
        >
          <Card sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 }, gap: 2.5 }}>
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
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 2,
          p: 8,
          bgcolor: 'primary.solidBg',
          color: 'primary.solidColor',
        }}
      >
        <IconTruckDelivery aria-hidden size={72} stroke={1.2} />
        <Typography level="h2" component="p" sx={{ color: 'inherit' }}>
          {t('brand.heading')}
        </Typography>
        <Typography sx={{ color: 'inherit', maxWidth: 440 }}>{t('brand.text')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id="main-content"
          sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 3, pb: 6 }}
        >
          <Stack gap={2.5} sx={{ width: '100%', maxWidth: 420 }}>
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
