// The frame of the public legal pages: a readable column with the date of the version, a table of
// contents and one section per heading; the language and appearance switches; a way back.
import { Link as RemixLink } from '@remix-run/react';
import { IconArrowBackUp, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { AppearancePanel } from '../appearance-panel';
import { formatDate } from '../format';
import { LanguageSwitcher } from '../language-switcher';
import { Button, Sheet, Stack, Text, TextLink } from '../ui';
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
    <div className="account-legal">
      <Stack
        component="header"
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        gap={1}
        flexWrap="wrap"
        style={{
          paddingInline: 16,
          paddingBlock: 8,
          backgroundColor: 'var(--joy-palette-background-surface)',
          borderBlockEnd: '1px solid var(--joy-palette-divider)',
        }}
      >
        <RemixLink to={home} className="brand">
          <IconTruckDelivery aria-hidden size={30} stroke={1.6} />
          <Text level="title-lg" component="span" textColor="inherit">
            {tc('app.name')}
          </Text>
        </RemixLink>
        <Stack direction="row" gap={1} alignItems="center">
          <Button
            component={RemixLink}
            to={home}
            variant="plain"
            color="neutral"
            startDecorator={
              // The arrow points back: to the right in a right-to-left page.
              <span className="account-back-arrow">
                <IconArrowBackUp aria-hidden size={18} />
              </span>
            }
          >
            {signedIn ? t('legal.backToPortal') : t('legal.backToSignIn')}
          </Button>
          <LanguageSwitcher />
          <AppearancePanel />
        </Stack>
      </Stack>
      <main id="main-content" className="account-legal-main">
        <Sheet variant="outlined" className="account-legal-sheet">
          <Text level="h1" fontSize="xl3" style={{ marginBlockEnd: 4 }}>
            {title}
          </Text>
          <Text level="body-sm" textColor="text.tertiary" style={{ marginBlockEnd: 16 }}>
            {t('legal.updated', { date: formatDate(updated, i18n.language) })}
          </Text>
          <Text level="body-lg" style={{ marginBlockEnd: 24 }}>
            {intro}
          </Text>
          <Sheet
            component="nav"
            aria-labelledby="legal-contents"
            variant="soft"
            style={{ padding: 16, marginBlockEnd: 32, borderRadius: 'var(--joy-radius-sm)' }}
          >
            <Text id="legal-contents" level="title-sm" style={{ marginBlockEnd: 8 }}>
              {t('legal.contents')}
            </Text>
            <ol className="account-legal-contents">
              {sections.map((section) => (
                <li key={section.id}>
                  <TextLink href={`#${section.id}`} level="body-sm">
                    {section.title}
                  </TextLink>
                </li>
              ))}
            </ol>
          </Sheet>
          <Stack style={{ gap: 28 }}>
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                style={{ scrollMarginBlockStart: 16 }}
              >
                <Text id={`${section.id}-title`} level="h2" fontSize="xl" style={{ marginBlockEnd: 8 }}>
                  {index + 1}. {section.title}
                </Text>
                <TextBlocks text={section.body} />
                {section.extra}
              </section>
            ))}
          </Stack>
        </Sheet>
      </main>
      <footer style={{ paddingInline: 16, paddingBlock: 24 }}>
        <LegalLinks />
      </footer>
    </div>
  );
}
