// The portal's frame (spec sections 3 and 9): sidebar 270 (mini 87) or horizontal menu, top bar 70,
// boxed or full content, and an off-canvas drawer on small screens that opens without JavaScript; a
// footer with the legal pages.
import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Icon, IconButton, Text } from '~/components/ui';
import type { PortalUser } from '~/services/user';
import { isDemoScreen } from '~/services/access';
import { LAYOUT, type Appearance } from '~/theme/appearance';
import { AppearancePanel } from '../appearance-panel';
import { LanguageSwitcher } from '../language-switcher';
import { LegalLinks } from '../pages/legal-links';
import { MenuLinks, type MenuEntry } from './menu-links';
import { UserMenu } from './user-menu';
import { NotificationBell } from './notification-bell';

function Brand({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/dashboards/modern" className="brand" aria-label={t('app.name')}>
      <Icon name="logo" size={30} stroke={1.6} />
      {!compact && (
        <Text level="title-lg" component="span" textColor="inherit">
          {t('app.name')}
        </Text>
      )}
    </Link>
  );
}

export function PortalLayout({
  user,
  menu,
  appearance,
  unread = null,
  unreadMessages = null,
  children,
}: {
  user: Pick<PortalUser, 'name' | 'email' | 'role' | 'profile_image'>;
  menu: MenuEntry[];
  appearance: Appearance;
  /** Unread notifications; null when unknown (no count shown). */
  unread?: number | null;
  /** Unread messages, shown beside the conversations' menu entry; null when unknown. */
  unreadMessages?: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const horizontal = appearance.horizontal;
  const collapsed = appearance.collapse && !horizontal;
  const sidebarWidth = collapsed ? LAYOUT.miniSidebarWidth : LAYOUT.sidebarWidth;

  return (
    <Box
      className="portal"
      data-horizontal={horizontal || undefined}
      data-collapsed={collapsed || undefined}
      style={{
        ['--sidebar-width' as string]: `${sidebarWidth}px`,
        ['--topbar-height' as string]: `${LAYOUT.topbarHeight}px`,
      }}
    >
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>

      <Box id="sidebar" className="sidebar">
        <Box className="sidebar-head">
          <Brand compact={collapsed} />
          <IconButton
            component="a"
            href="#main-content"
            className="sidebar-close"
            aria-label={t('nav.closeMenu')}
            variant="plain"
          >
            <Icon name="close" size={20} />
          </IconButton>
        </Box>
        <Box component="nav" aria-label={t('nav.mainMenu')} className="sidebar-nav">
          <MenuLinks
            entries={menu}
            compact={collapsed}
            horizontal={false}
            counts={{ '/apps/conversations': unreadMessages }}
          />
        </Box>
      </Box>
      <a className="sidebar-backdrop" href="#main-content" tabIndex={-1} aria-hidden="true" />

      <Box className="portal-main">
        <Box component="header" className="topbar">
          <Box
            className={
              appearance.layout === 'boxed' ? 'container boxed topbar-inner' : 'container topbar-inner'
            }
          >
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
            {horizontal ? (
              <Box className="topbar-brand">
                <Brand compact={false} />
              </Box>
            ) : (
              <form method="post" action="/preferences" className="collapse-toggle">
                <input type="hidden" name="intent" value="collapse" />
                <input type="hidden" name="collapse" value={String(!collapsed)} />
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                <IconButton
                  type="submit"
                  variant="plain"
                  aria-label={collapsed ? t('nav.expandMenu') : t('nav.collapseMenu')}
                >
                  {collapsed ? (
                    <Icon name="sidebarExpand" size={22} />
                  ) : (
                    <Icon name="sidebarCollapse" size={22} />
                  )}
                </IconButton>
              </form>
            )}
            <Box className="topbar-space" />
            <NotificationBell unread={unread} />
            <LanguageSwitcher />
            <AppearancePanel />
            <UserMenu user={user} />
          </Box>
        </Box>
        {horizontal && (
          <Box component="nav" className="horizontal-menu" aria-label={t('nav.mainMenu')}>
            <Box
              className={
                appearance.layout === 'boxed'
                  ? 'container boxed horizontal-menu-inner'
                  : 'container horizontal-menu-inner'
              }
            >
              <MenuLinks
                entries={menu}
                compact={false}
                horizontal
                counts={{ '/apps/conversations': unreadMessages }}
              />
            </Box>
          </Box>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          className={appearance.layout === 'boxed' ? 'container boxed content' : 'container content'}
        >
          {/* A demo module's invented data is never taken for the customer's real business. */}
          {isDemoScreen(location.pathname) && (
            <p role="note" className="sample-note">
              <strong>{t('samples.label')}</strong> {t('samples.note')}
            </p>
          )}
          {children}
        </Box>
        <Box
          component="footer"
          className={
            appearance.layout === 'boxed'
              ? 'container boxed no-print portal-footer'
              : 'container no-print portal-footer'
          }
        >
          <LegalLinks />
        </Box>
      </Box>
    </Box>
  );
}
