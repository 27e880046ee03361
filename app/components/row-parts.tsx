// What every row of a list shows: status labels, links and small notes, drawn as plain elements styled
// by app/styles/global.css with the theme's variables (.label, .row-link, .row-note). Joy's Chip, Link
// and Typography are styled components whose styles Emotion works out again for each row of each page
// rendered; these look the same and cost nothing of the kind (ADR 023).
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

export type LabelColour = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

/** A small status label, as Joy's Chip of size sm in the same variant and colour. */
export function StatusLabel({
  colour,
  variant = 'soft',
  children,
}: {
  colour: LabelColour;
  variant?: 'soft' | 'outlined' | 'solid';
  children: ReactNode;
}) {
  return <span className={`label label-${variant} label-${colour}`}>{children}</span>;
}

/**
 * A link in a list's row to a page of the portal (`to`, from the root), as Joy's Link. A plain anchor,
 * marked as a page as Remix marks its links: Remix's Link resolves its address, and sets up its handlers
 * and prefetching, again for every row rendered; the list opens these in the portal with one handler
 * (ListTable, frame-links.tsx). `strong` for the row's own record.
 */
export function RowLink({
  to,
  strong = false,
  ...props
}: Omit<ComponentPropsWithoutRef<'a'>, 'className' | 'href'> & { to: `/${string}`; strong?: boolean }) {
  return (
    <a
      {...props}
      href={to}
      data-discover="true"
      className={strong ? 'row-link row-link-strong' : 'row-link'}
    />
  );
}

/** A line of small print under a row's main text, as Joy's Typography of level body-xs. */
export function RowNote({ children, dir }: { children: ReactNode; dir?: 'ltr' | 'rtl' }) {
  return (
    <span className="row-note" dir={dir}>
      {children}
    </span>
  );
}
