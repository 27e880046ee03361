// The menu's links: plain anchors, styled by global.css (.menu-*), that the browser follows without
// JavaScript. With it, one handler on the menu opens them in the portal (as Remix's Link does) and
// prefetches the page a pointer or the keyboard rests on (as `prefetch="intent"` does): the menu is on
// every page, and some thirty NavLinks cost a first view more than the rest of its frame (ADR 056).
import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { Fragment, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuSection, Screen } from '~/services/access';
import { MenuIcon } from './menu-icons';

export type MenuEntry = Pick<Screen, 'path'> & { menu: NonNullable<Screen['menu']> };
// The sample modules last, apart from the real work.
const SECTIONS: MenuSection[] = ['home', 'apps', 'pages', 'samples'];

/** The entry the page belongs to: the longest menu path the URL is at or under; one entry at most. */
export function currentEntry(entries: readonly MenuEntry[], pathname: string): string | undefined {
  let current: string | undefined;
  for (const { path } of entries) {
    const within = pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
    if (within && (current === undefined || path.length > current.length)) current = path;
  }
  return current;
}

/** The portal's own link an event happened on, if the browser would follow it in this tab. */
function portalLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin) {
    return null;
  }
  return link;
}

/** A count beside an entry: the number seen, and said in words to assistive technology. */
function MenuCount({ count }: { count: number | null | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span className="menu-count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('conversations.unreadCount', { count })}</span>
    </span>
  );
}

export function MenuLinks({
  entries,
  compact,
  horizontal,
  counts = {},
}: {
  entries: MenuEntry[];
  compact: boolean;
  horizontal: boolean;
  /** What waits behind an entry (unread messages), by its path; nothing shown for none or unknown. */
  counts?: Record<string, number | null | undefined>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);
  const current = currentEntry(entries, pathname);

  const follow = (event: MouseEvent<HTMLElement>) => {
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const link = portalLink(event.target);
    if (event.defaultPrevented || event.button !== 0 || modified || !link) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  const prefetch = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const link = portalLink(event.target);
    if (link && link.pathname !== pathname) setIntent(link.pathname);
  };

  return (
    <div className="menu-links" onClick={follow} onMouseOver={prefetch} onFocus={prefetch}>
      {SECTIONS.map((section) => {
        const items = entries.filter((entry) => entry.menu.section === section);
        if (items.length === 0) return null;
        return (
          // The heading stands before the list it names: a list holds list items only.
          <Fragment key={section}>
            {!horizontal && (
              <div id={`menu-${section}`} className={compact ? 'visually-hidden' : 'menu-heading'}>
                {t(`menu.sections.${section}`)}
              </div>
            )}
            <ul
              className={horizontal ? 'menu-list menu-list-horizontal' : 'menu-list'}
              aria-labelledby={horizontal ? undefined : `menu-${section}`}
              aria-label={horizontal ? t(`menu.sections.${section}`) : undefined}
            >
              {items.map((entry) => (
                <li key={entry.path}>
                  <a
                    href={entry.path}
                    className="menu-link"
                    aria-current={entry.path === current ? 'page' : undefined}
                    title={compact ? t(entry.menu.label) : undefined}
                  >
                    <span className="menu-icon">
                      <MenuIcon name={entry.menu.icon} />
                    </span>
                    <span className={compact ? 'visually-hidden' : undefined}>{t(entry.menu.label)}</span>
                    <MenuCount count={counts[entry.path]} />
                  </a>
                </li>
              ))}
            </ul>
          </Fragment>
        );
      })}
      {intent && <PrefetchPageLinks page={intent} />}
    </div>
  );
}
