// Frequently asked questions, by topic: each question a native <details> (opens without JavaScript, by
// keyboard too); an answer about a screen links to it when the user may open it.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FAQ_GROUPS, FAQ_LINK_PATHS, type FaqQuestion } from '~/components/pages/faq-content';
import { SUPPORT_EMAIL } from '~/components/pages/legal-content';
import { openablePaths } from '~/components/pages/openable';
import { TextBlocks } from '~/components/pages/text-blocks';
import { Box, Button, Sheet, Stack, Text, TextLink } from '~/components/ui';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { SHARE_DAYS } from '@contract/values';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/faq') });
  const { t, title } = await pageTools(request, 'pages');
  return {
    title: title(t('faq.title')),
    /** The screens the answers point to that this user may open. */
    links: openablePaths(signedIn.user.roles, FAQ_LINK_PATHS),
    values: { email: SUPPORT_EMAIL, days: SHARE_DAYS },
  };
}

export const meta = titleMeta;

function Question({
  question,
  canOpen,
  values,
}: {
  question: FaqQuestion;
  canOpen: boolean;
  values: Record<string, string | number>;
}) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { link } = question;
  return (
    <Sheet component="details" variant="outlined" className="account-faq-question">
      <summary>{t(`faq.questions.${question.id}.question`)}</summary>
      <Box style={{ paddingInline: 16, paddingBlockEnd: 16 }}>
        <TextBlocks text={t(`faq.questions.${question.id}.answer`, values)} />
        {link && canOpen && (
          <Button
            component={RemixLink}
            to={link.path}
            size="sm"
            variant="soft"
            style={{ marginBlockStart: 12 }}
          >
            {t('faq.open', { page: tc(link.label) })}
          </Button>
        )}
      </Box>
    </Sheet>
  );
}

export default function Faq() {
  const { links, values } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const address = t('legal.address');
  return (
    <Stack gap={3}>
      <PageHeading title={t('faq.title')} intro={t('faq.intro')} />
      <Stack component="nav" aria-label={t('faq.topics')} direction="row" gap={1} flexWrap="wrap">
        {FAQ_GROUPS.map((group) => (
          <Button
            key={group.id}
            component="a"
            href={`#faq-${group.id}`}
            size="sm"
            variant="soft"
            color="neutral"
          >
            {t(`faq.groups.${group.id}`)}
          </Button>
        ))}
      </Stack>
      {FAQ_GROUPS.map((group) => (
        <Box
          key={group.id}
          component="section"
          id={`faq-${group.id}`}
          aria-labelledby={`faq-${group.id}-title`}
          style={{ scrollMarginBlockStart: 'calc(var(--topbar-height) + 16px)' }}
        >
          <Text id={`faq-${group.id}-title`} level="h2" fontSize="xl" style={{ marginBlockEnd: 12 }}>
            {t(`faq.groups.${group.id}`)}
          </Text>
          <Stack gap={1}>
            {group.questions.map((question) => (
              <Question
                key={question.id}
                question={question}
                canOpen={question.link ? links.includes(question.link.path) : false}
                values={{ ...values, address }}
              />
            ))}
          </Stack>
        </Box>
      ))}
      <Sheet variant="soft" color="primary" style={{ padding: 24, borderRadius: 'var(--joy-radius-md)' }}>
        <Text level="title-md" component="h2" style={{ marginBlockEnd: 4 }}>
          {t('faq.moreTitle')}
        </Text>
        <Text style={{ marginBlockEnd: 8 }}>{t('faq.moreText')}</Text>
        {/* Bottom-aligned, as Joy's Link with a decorator, so the icon adds no height to the line. */}
        <TextLink
          href={`mailto:${values.email}`}
          startDecorator={<IconMail aria-hidden size={18} />}
          style={{ verticalAlign: 'bottom' }}
        >
          <span dir="ltr">{values.email}</span>
        </TextLink>
      </Sheet>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
