import ubuntu400 from '@fontsource/ubuntu/400.css?url';
import ubuntu500 from '@fontsource/ubuntu/500.css?url';
import ubuntu700 from '@fontsource/ubuntu/700.css?url';
import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react';
import { useContext, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { useTranslation } from '~/components/translation';
import { useChangeLanguage } from 'remix-i18next/react';
import { GeneralErrorBoundary } from './components/error-boundary';
import { useNonce } from './components/nonce';
import { directionOf, DEFAULT_LANGUAGE, routeNamespaces } from './i18n';
import { analyticsScriptFor } from './services/analytics.server';
import { browserSettings } from './services/env.server';
import { readFlash } from './services/flash.server';
import { getPreferences } from './services/preferences.server';
import globalStyles from './styles/global.css?url';
import uiStyles from './styles/ui.css?url';
import frameStyles from './styles/screens/frame.css?url';
import requestsStyles from './styles/screens/requests.css?url';
import shippingStyles from './styles/screens/shipping.css?url';
import financeStyles from './styles/screens/finance.css?url';
import accountStyles from './styles/screens/account.css?url';
import demoSocialStyles from './styles/screens/demo-social.css?url';
import demoShopStyles from './styles/screens/demo-shop.css?url';
import { DEFAULT_APPEARANCE } from './theme/appearance';
import { themeHref } from './theme/theme-css.server';

export const handle = { i18n: ['common'] };

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: ubuntu400 },
  { rel: 'stylesheet', href: ubuntu500 },
  { rel: 'stylesheet', href: ubuntu700 },
  { rel: 'stylesheet', href: globalStyles },
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: frameStyles },
  { rel: 'stylesheet', href: requestsStyles },
  { rel: 'stylesheet', href: shippingStyles },
  { rel: 'stylesheet', href: financeStyles },
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: demoSocialStyles },
  { rel: 'stylesheet', href: demoShopStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const preferences = await getPreferences(request);
  // Read once: the answer clears it (a page that redirects instead sends no data, and keeps it).
  const { flash, headers } = await readFlash(request);
  return data(
    {
      ...preferences,
      analyticsScript: analyticsScriptFor(request),
      /** The company the product is named by (COMPANY_NAME): the browser's translations use it too. */
      company: browserSettings().COMPANY_NAME,
      /** The theme's variables and baseline styles: a static stylesheet, the same for every page. */
      themeStylesheet: themeHref({ ...preferences.appearance, dir: preferences.dir }),
      /** The message an action left for this page (shown by FlashMessage). */
      flash,
    },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const preferences = useRouteLoaderData<typeof loader>('root');
  const language = preferences?.language ?? DEFAULT_LANGUAGE;
  const dir = preferences?.dir ?? directionOf(language);
  const appearance = preferences?.appearance ?? DEFAULT_APPEARANCE;
  const nonce = useNonce();
  // Without the root's data (an error before it loaded): the name the page's translations use.
  const translations = useContext(I18nContext);
  const company =
    preferences?.company ?? translations?.i18n?.options.interpolation?.defaultVariables?.company;

  return (
    <html
      lang={language}
      dir={dir}
      data-joy-color-scheme={appearance.mode}
      data-card-shadow={appearance.cardShadow ? undefined : 'off'}
      style={{ colorScheme: appearance.mode }}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Read by entry.client.tsx before it translates anything ({{company}} in the texts). */}
        {typeof company === 'string' && <meta name="application-name" content={company} />}
        <Meta />
        <link
          rel="stylesheet"
          href={
            preferences?.themeStylesheet ??
            // Without the root's data (an error before it loaded): the default palette, not cached.
            `/theme.css?palette=${appearance.theme}&radius=${appearance.borderRadius}&dir=${dir}`
          }
        />
        <Links />
        {preferences?.analyticsScript && <script async src={preferences.analyticsScript} nonce={nonce} />}
      </head>
      <body>
        {/* The theme's variables and baseline styles come from the linked theme stylesheet. */}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const preferences = useRouteLoaderData<typeof loader>('root');
  // A sign-in can bring the account's saved language without reloading the page: follow it.
  useChangeLanguage(preferences?.language ?? DEFAULT_LANGUAGE);
  // The namespaces of the routes about to show: in the browser, the page waits until they are loaded.
  useTranslation(routeNamespaces(useMatches().map((match) => match.handle)));
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
