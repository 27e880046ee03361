// The top bar of the frame (spec section 3): the menu's toggles, the notifications, the language, the
// appearance and the account. Kept as HTML for each person, language and set of settings (ADR 064): its
// components take everything as props and read nothing but the translations; the page's own address, which
// its forms come back to, is filled in on each page.
import { useTranslation } from '~/components/translation';
import { Box, Icon, IconButton, Text } from '~/components/ui';
import type { PortalUser } from '~/services/user';
import type { Appearance } from '~/theme/appearance';
import { AppearanceMenu } from '../appearance-panel';
import { LanguageMenu } from '../language-switcher';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

/** The company's name and mark, to the dashboard: a plain link, opened by the frame's handler. */
export function Brand({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <a href="/dashboards/modern" className="brand" aria-label={t('app.name')}>
      <Icon name="logo" size={30} stroke={1.6} />
      {!compact && (
        <Text level="title-lg" component="span" textColor="inherit">
          {t('app.name')}
        </Text>
      )}
    </a>
  );
}

export type TopBarProps = {
  user: Pick<PortalUser, 'name' | 'email' | 'role' | 'profile_image'>;
  appearance: Appearance;
  dir: 'ltr' | 'rtl';
  /** Unread notifications; null when unknown (no count shown). */
  unread: number | null;
  /** The page's own address, where the top bar's forms come back to. */
  redirectTo: string;
};

export function TopBarContent({ user, appearance, dir, unread, redirectTo }: TopBarProps) {
  const { t } = useTranslation();
  const collapsed = appearance.collapse && !appearance.horizontal;
  return (
    <>
      <IconButton
        component="a"
        href="#sidebar"
        className="menu-open"
        aria-label={t('nav.openMenu')}
        aria-controls="sidebar"
        variant="plain"
      >
        <Icon name="menu" size={22} />
      </IconButton>
      {appearance.horizontal ? (
        <Box className="topbar-brand">
          <Brand compact={false} />
        </Box>
      ) : (
        <form method="post" action="/preferences" className="collapse-toggle">
          <input type="hidden" name="intent" value="collapse" />
          <input type="hidden" name="collapse" value={String(!collapsed)} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <IconButton
            type="submit"
            variant="plain"
            aria-label={collapsed ? t('nav.expandMenu') : t('nav.collapseMenu')}
          >
            {collapsed ? <Icon name="sidebarExpand" size={22} /> : <Icon name="sidebarCollapse" size={22} />}
          </IconButton>
        </form>
      )}
      <Box className="topbar-space" />
      <NotificationBell unread={unread} />
      <LanguageMenu redirectTo={redirectTo} />
      <AppearanceMenu appearance={appearance} dir={dir} redirectTo={redirectTo} />
      <UserMenu user={user} />
    </>
  );
}
