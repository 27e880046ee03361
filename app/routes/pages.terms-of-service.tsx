// The Terms of Service: public (signed in or not), outside the portal's frame; linked from the frame's
// footer, the public pages' footer and the registration form.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { LEGAL_UPDATED, SUPPORT_EMAIL, TERMS_SECTIONS } from '~/components/pages/legal-content';
import { LegalPage, useLegalSections } from '~/components/pages/legal-page';
import { getOptionalUser } from '~/services/auth.server';
import { SHARE_DAYS } from '@contract/values';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'pages');
  const user = await getOptionalUser(request);
  return {
    title: title(t('terms.title')),
    signedIn: user !== null,
    updated: LEGAL_UPDATED,
    values: { email: SUPPORT_EMAIL, days: SHARE_DAYS },
  };
}

export const meta = titleMeta;

export default function TermsOfService() {
  const { signedIn, updated, values } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const address = t('legal.address');
  return (
    <LegalPage
      title={t('terms.title')}
      intro={t('terms.intro')}
      updated={updated}
      signedIn={signedIn}
      sections={useLegalSections('terms', TERMS_SECTIONS, { ...values, address })}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
