// The frame's parts kept as HTML (ADR 064) must be exactly what React writes for them, in every state the
// frame can be in: the browser hydrates them as React's own. Each state is rendered with the parts kept
// (after every other state, so that a part kept under too loose a key shows) and without, and compared.
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { directionOf, type Language } from '~/i18n';
import { screensFor } from '~/services/access';
import { i18nFor } from '~/services/i18n.server';
import { forgetKeptMarkup, markupKeeper } from '~/services/kept-markup.server';
import { DEFAULT_APPEARANCE, type Appearance } from '~/theme/appearance';
import { MarkupKeeperContext } from '../kept-markup';
import { PortalLayout } from './portal-layout';
import type { MenuEntry } from './menu-links';

let location = { pathname: '/apps/loans', search: '', hash: '', state: null, key: 'default' };
let rootData: { appearance: Appearance; dir: 'ltr' | 'rtl' } | undefined;
vi.mock('@remix-run/react', async (original) => ({
  ...(await original<typeof import('@remix-run/react')>()),
  useLocation: () => location,
  useNavigate: () => () => undefined,
  useRouteLoaderData: () => rootData,
}));

const menuOf = (roles: string[]): MenuEntry[] =>
  screensFor(roles).flatMap((screen) => (screen.menu ? [{ path: screen.path, menu: screen.menu }] : []));

const USERS = [
  {
    name: 'Nadia Haddad',
    email: 'client@example.com',
    role: 'client',
    profile_image: null,
    roles: ['client'],
  },
  // The same name as another person's: the account menu shows the e-mail too.
  {
    name: 'Nadia Haddad',
    email: 'nadia@example.org',
    role: 'client',
    profile_image: null,
    roles: ['client'],
  },
  {
    name: 'Omar Admin',
    email: 'admin@example.com',
    role: 'admin',
    profile_image: '/pages/account-image?v=2',
    roles: ['admin'],
  },
];

const APPEARANCES: Appearance[] = [
  DEFAULT_APPEARANCE,
  { ...DEFAULT_APPEARANCE, collapse: true },
  { ...DEFAULT_APPEARANCE, horizontal: true, layout: 'full', theme: 'GREEN_THEME', borderRadius: 4 },
];

const PATHS = ['/apps/loans', '/apps/shipping/container/7', '/pages/account-settings'];
// The page's address goes into the kept HTML as React would write it: quotes, ampersands, brackets.
const SEARCHES = ['?page=2', `?q=O'Neil "Box" <1>&page=3`];

type State = {
  language: Language;
  user: (typeof USERS)[number];
  appearance: Appearance;
  pathname: string;
  unreadMessages: number | null;
  search: string;
};

function states(): State[] {
  const all: State[] = [];
  for (const language of ['en', 'ar'] as const)
    for (const user of USERS)
      for (const appearance of APPEARANCES)
        for (const pathname of PATHS)
          for (const unreadMessages of [null, 3])
            all.push({
              language,
              user,
              appearance,
              pathname,
              unreadMessages,
              search: SEARCHES[all.length % 2]!,
            });
  return all;
}

async function render(state: State, kept: boolean): Promise<string> {
  const i18n = await i18nFor(state.language);
  const dir = state.appearance.dir ?? directionOf(state.language);
  location = { ...location, pathname: state.pathname, search: state.search };
  rootData = { appearance: state.appearance, dir };
  const { roles, ...user } = state.user;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MarkupKeeperContext.Provider value={kept ? markupKeeper(i18n, state.language, dir) : null}>
        <PortalLayout
          user={user}
          menu={menuOf(roles)}
          appearance={state.appearance}
          unread={2}
          unreadMessages={state.unreadMessages}
        >
          <h1>Page</h1>
        </PortalLayout>
      </MarkupKeeperContext.Provider>
    </I18nextProvider>,
  );
}

describe('the frame kept as HTML', () => {
  beforeAll(() => forgetKeptMarkup());

  it('writes every state of the frame as React writes it, first and again', async () => {
    for (const round of ['first', 'again']) {
      for (const state of states()) {
        const expected = await render(state, false);
        const got = await render(state, true);
        expect(got, `${round}: ${JSON.stringify(state)}`).toBe(expected);
      }
    }
  });

  it('keeps the parts, not the page: the URL to come back to is the page’s own', async () => {
    const state = states()[0]!;
    const html = await render(state, true);
    expect(html).toContain('name="redirectTo" value="/apps/loans?page=2"');
    expect(html).toMatch(/<a href="\/apps\/loans" class="menu-link" aria-current="page">/);
  });
});
