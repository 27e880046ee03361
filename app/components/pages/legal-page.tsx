// The frame of the public legal pages: a readable column with the date of the version, a table of
// contents and one section per heading; the language and appearance switches; a way back.
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Link as RemixLink } from '@remix-run/react';
import { IconArrowBackUp, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { AppearancePanel } from '../appearance-panel';
import { formatDate } from '../format';
import { LanguageSwitcher } from '../language-switcher';
import { LegalLinks } from './legal-links';
import { TextBlocks } from './text-blocks';

export interface LegalSection {
  /** The section's anchor (unique on the page). */
  id: string;
  title: string;
  body: string;
  /** Shown after the section's text (e.g. the table of cookies). */
  extra?: ReactNode;
}

/**
 * A legal page's sections, their texts at `<page>.sections.<id>.title|body` in the pages namespace, each
 * anchored as `<page>-<id>`; `extra` adds what follows a section's text.
 */
export function useLegalSections(
  page: 'terms' | 'privacy' | 'accessibility',
  ids: readonly string[],
  values: Record<string, string | number>,
  extra: (id: string) => ReactNode = () => undefined,
): LegalSection[] {
  const { t } = useTranslation('pages');
  return ids.map((id) => ({
    id: `${page}-${id}`,
    title: t(`${page}.sections.${id}.title`),
    body: t(`${page}.sections.${id}.body`, values),
    extra: extra(id),
  }));
}

export function LegalPage({
  title,
  intro,
  updated,
  sections,
  signedIn,
}: {
  title: string;
  intro: string;
  /** The date of the version (ISO). */
  updated: string;
  sections: readonly LegalSection[];
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const home = signedIn ? '/dashboards/modern' : '/auth/login';
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.level1', display: 'flex', flexDirection: 'column' }}>
      <Stack
        component="header"
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        gap={1}
        flexWrap="wrap"
        sx={{
          px: 2,
          py: 1,
          bgcolor: 'background.surface',
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <RemixLink to={home} className="brand">
          <IconTruckDelivery aria-hidden size={30} stroke={1.6} />
          <Typography level="title-lg" component="span" sx={{ color: 'inherit' }}>
            {tc('app.name')}
          </Typography>
        </RemixLink>
        <Stack direction="row" gap={1} alignItems="center">
          <Button
            component={RemixLink}
            to={home}
            variant="plain"
            color="neutral"
            startDecorator={
              // The arrow points back: to the right in a right-to-left page.
              <Box
                component="span"
                sx={{ display: 'inline-flex', '[dir="rtl"] &': { transform: 'scaleX(-1)' } }}
              >
                <IconArrowBackUp aria-hidden size={18} />
              </Box>
            }
          >
            {signedIn ? t('legal.backToPortal') : t('legal.backToSignIn')}
          </Button>
          <LanguageSwitcher />
          <AppearancePanel />
        </Stack>
      </Stack>
      <Box component="main" id="main-content" sx={{ flex: 1, px: 2, py: { xs: 3, md: 5 } }}>
        <Sheet
          variant="outlined"
          sx={{ maxWidth: 820, mx: 'auto', p: { xs: 3, md: 5 }, borderRadius: 'md', textAlign: 'start' }}
        >
          <Typography level="h1" sx={{ fontSize: 'xl3', mb: 0.5 }}>
            {title}
          </Typography>
          <Typography level="body-sm" textColor="text.tertiary" sx={{ mb: 2 }}>
            {t('legal.updated', { date: formatDate(updated, i18n.language) })}
          </Typography>
          <Typography level="body-lg" sx={{ mb: 3 }}>
            {intro}
          </Typography>
          <Sheet
            component="nav"
            aria-labelledby="legal-contents"
            variant="soft"
            sx={{ p: 2, mb: 4, borderRadius: 'sm' }}
          >
            <Typography id="legal-contents" level="title-sm" sx={{ mb: 1 }}>
              {t('legal.contents')}
            </Typography>
            <Box component="ol" sx={{ m: 0, ps: 3, columns: { sm: 2 }, columnGap: 4 }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Link href={`#${section.id}`} level="body-sm">
                    {section.title}
                  </Link>
                </li>
              ))}
            </Box>
          </Sheet>
          <Stack gap={3.5}>
            {sections.map((section, index) => (
              <Box
                key={section.id}
                component="section"
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                sx={{ scrollMarginTop: 16 }}
              >
                <Typography id={`${section.id}-title`} level="h2" sx={{ fontSize: 'xl', mb: 1 }}>
                  {index + 1}. {section.title}
                </Typography>
                <TextBlocks text={section.body} />
                {section.extra}
              </Box>
            ))}
          </Stack>
        </Sheet>
      </Box>
      <Box component="footer" sx={{ px: 2, py: 3 }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}
