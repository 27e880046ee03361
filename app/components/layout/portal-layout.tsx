// The portal's frame (spec sections 3 and 9): sidebar 270 (mini 87) or horizontal menu, top bar 70,
// boxed or full content, and an off-canvas drawer on small screens that opens without JavaScript; a
// footer with the legal pages.
import { useLocation, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Box, Icon, IconButton } from '~/components/ui';
import type { loader as rootLoader } from '~/root';
import type { PortalUser } from '~/services/user';
import { isDemoScreen } from '~/services/access';
import { LAYOUT, type Appearance } from '~/theme/appearance';
import { Kept } from '../kept-markup';
import { LegalLinks } from '../pages/legal-links';
import { useFrameLinks } from './frame-links';
import { MenuLinks, type MenuEntry } from './menu-links';
import { Brand, TopBarContent } from './top-bar';

/** The sidebar's head: the brand, and the button that closes the drawer on a small screen. */
function SidebarHead({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Brand compact={compact} />
      <IconButton
        component="a"
        href="#main-content"
        className="sidebar-close"
        aria-label={t('nav.closeMenu')}
        variant="plain"
      >
        <Icon name="close" size={20} />
      </IconButton>
    </>
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
  const { handlers, prefetch } = useFrameLinks();
  const dir = useRouteLoaderData<typeof rootLoader>('root')?.dir ?? 'ltr';

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

      <Box id="sidebar" className="sidebar" {...handlers}>
        {/* The parts of the frame that are the same on many pages are kept as HTML (ADR 064). */}
        <Kept
          id={`sidebar-head|${collapsed}`}
          host={(content) => <Box className="sidebar-head" {...content} />}
        >
          <SidebarHead compact={collapsed} />
        </Kept>
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
        <Box component="header" className="topbar" {...handlers}>
          <Kept
            id={`topbar|${dir}|${unread}|${JSON.stringify(appearance)}|${JSON.stringify(user)}`}
            holes={{ redirectTo: location.pathname + location.search }}
            host={(content) => (
              <Box
                className={
                  appearance.layout === 'boxed' ? 'container boxed topbar-inner' : 'container topbar-inner'
                }
                {...content}
              />
            )}
          >
            {(hole) => (
              <TopBarContent
                user={user}
                appearance={appearance}
                dir={dir}
                unread={unread}
                redirectTo={hole('redirectTo')}
              />
            )}
          </Kept>
        </Box>
        {horizontal && (
          <Box component="nav" className="horizontal-menu" aria-label={t('nav.mainMenu')} {...handlers}>
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
        <Kept
          id="footer"
          host={(content) => (
            <Box
              component="footer"
              className={
                appearance.layout === 'boxed'
                  ? 'container boxed no-print portal-footer'
                  : 'container no-print portal-footer'
              }
              {...handlers}
              {...content}
            />
          )}
        >
          <LegalLinks inFrame />
        </Kept>
      </Box>
      {prefetch}
    </Box>
  );
}
