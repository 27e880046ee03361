// The accessibility statement: public (signed in or not), outside the portal's frame, built like the legal
// pages; linked from the same footers. docs/accessibility.md is its source and says the same.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import {
  ACCESSIBILITY_SECTIONS,
  ACCESSIBILITY_UPDATED,
  SUPPORT_EMAIL,
} from '~/components/pages/legal-content';
import { LegalPage, useLegalSections } from '~/components/pages/legal-page';
import { getOptionalUser } from '~/services/auth.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'pages');
  const user = await getOptionalUser(request);
  return {
    title: title(t('accessibility.title')),
    signedIn: user !== null,
    updated: ACCESSIBILITY_UPDATED,
    values: { email: SUPPORT_EMAIL },
  };
}

export const meta = titleMeta;

export default function AccessibilityStatement() {
  const { signedIn, updated, values } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  return (
    <LegalPage
      title={t('accessibility.title')}
      intro={t('accessibility.intro')}
      updated={updated}
      signedIn={signedIn}
      sections={useLegalSections('accessibility', ACCESSIBILITY_SECTIONS, values)}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
