// The Privacy Policy: public (signed in or not), outside the portal's frame. The table of cookies reads
// the names and lifetimes of the cookies the portal really sets.
import type { Cookie, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import {
  type CookieRow,
  LEGAL_UPDATED,
  PRIVACY_EMAIL,
  PRIVACY_SECTIONS,
  SESSION_COOKIE,
} from '~/components/pages/legal-content';
import { LegalPage, useLegalSections } from '~/components/pages/legal-page';
import { Table } from '~/components/ui';
import { getOptionalUser } from '~/services/auth.server';
import { SHARE_DAYS } from '@contract/values';
import { languageCookie } from '~/services/i18n.server';
import { pageTools } from '~/services/page.server';
import { appearanceCookie } from '~/services/preferences.server';
import { SESSION_MAX_AGE } from '~/services/session.server';

export const handle = { i18n: ['common', 'pages'] };

const HOUR = 60 * 60;

/** How many hours the browser keeps a cookie, as the cookie itself says. */
async function lifetimeHours(cookie: Cookie): Promise<number> {
  const maxAge = /Max-Age=(\d+)/i.exec(await cookie.serialize(''))?.[1];
  return maxAge ? Math.round(Number(maxAge) / HOUR) : 0;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, title } = await pageTools(request, 'pages');
  const user = await getOptionalUser(request);
  const cookies: CookieRow[] = [
    { name: SESSION_COOKIE, purpose: 'session', hours: Math.round(SESSION_MAX_AGE / HOUR) },
    { name: languageCookie.name, purpose: 'language', hours: await lifetimeHours(languageCookie) },
    { name: appearanceCookie.name, purpose: 'appearance', hours: await lifetimeHours(appearanceCookie) },
  ];
  return {
    title: title(t('privacy.title')),
    signedIn: user !== null,
    updated: LEGAL_UPDATED,
    values: { email: PRIVACY_EMAIL, days: SHARE_DAYS, sessionHours: Math.round(SESSION_MAX_AGE / HOUR) },
    cookies,
  };
}

export const meta = titleMeta;

function CookieTable({ cookies }: { cookies: readonly CookieRow[] }) {
  const { t } = useTranslation('pages');
  const lifetime = (hours: number) =>
    hours % (365 * 24) === 0
      ? t('privacy.cookieTable.years', { count: hours / (365 * 24) })
      : hours % 24 === 0
        ? t('privacy.cookieTable.days', { count: hours / 24 })
        : t('privacy.cookieTable.hours', { count: hours });
  return (
    <Table variant="outlined" borderAxis="bothBetween" className="account-cookie-table">
      <caption>{t('privacy.cookieTable.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ width: '22%' }}>
            {t('privacy.cookieTable.name')}
          </th>
          <th scope="col">{t('privacy.cookieTable.purpose')}</th>
          <th scope="col" style={{ width: '18%' }}>
            {t('privacy.cookieTable.duration')}
          </th>
        </tr>
      </thead>
      <tbody>
        {cookies.map((cookie) => (
          <tr key={cookie.name}>
            <th scope="row">
              <code dir="ltr">{cookie.name}</code>
            </th>
            <td>{t(`privacy.cookieTable.${cookie.purpose}`)}</td>
            <td>{lifetime(cookie.hours)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export default function PrivacyPolicy() {
  const { signedIn, updated, values, cookies } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const address = t('legal.address');
  return (
    <LegalPage
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      updated={updated}
      signedIn={signedIn}
      sections={useLegalSections('privacy', PRIVACY_SECTIONS, { ...values, address }, (id) =>
        id === 'cookies' ? <CookieTable cookies={cookies} /> : undefined,
      )}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
