// The menu's links: plain anchors, styled by global.css (.menu-*), that the browser follows without
// JavaScript; with it, the frame's handler opens them in the portal (frame-links.tsx). The menu is on every
// page and its sections are kept as HTML for each language, role and current entry (ADR 056, ADR 064).
import { useLocation } from '@remix-run/react';
import { Fragment } from 'react';
import { useTranslation } from '~/components/translation';
import { Kept } from '~/components/kept-markup';
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

/** The sections of the menu, each a heading and a list of links: one kept part of the frame (ADR 064). */
function MenuSections({
  entries,
  compact,
  horizontal,
  current,
  counts,
}: {
  entries: MenuEntry[];
  compact: boolean;
  horizontal: boolean;
  current: string | undefined;
  counts: Record<string, number | null | undefined>;
}) {
  const { t } = useTranslation();
  return SECTIONS.map((section) => {
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
  });
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
  const { pathname } = useLocation();
  const current = currentEntry(entries, pathname);
  return (
    <Kept
      // An entry's label, icon and section come with its path from the access table.
      id={`menu|${compact}|${horizontal}|${current}|${JSON.stringify(counts)}|${entries.map((entry) => entry.path).join(' ')}`}
      host={(content) => <div className="menu-links" {...content} />}
    >
      <MenuSections
        entries={entries}
        compact={compact}
        horizontal={horizontal}
        current={current}
        counts={counts}
      />
    </Kept>
  );
}
