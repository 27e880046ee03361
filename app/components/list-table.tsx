// The body every list page shares: a failure with a retry (never an empty list), the empty message, or
// the count, the table and the page links. Below 600 px the table shows each row as a card, every cell
// with its column's name beside it (app/styles/ui.css, "list cards").
import { Form, Link } from '@remix-run/react';
import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Button, FormControl, FormLabel, Input, Sheet, Stack, Table, Text } from '~/components/ui';
import { useOpenInPortal } from './layout/frame-links';
import { LoadFailed } from './page-parts';
import { Pagination } from './pagination';

export function ListTable({
  page,
  failure,
  empty,
  count,
  caption,
  minWidth,
  head,
  children,
  topAligned,
}: {
  page: { items: readonly unknown[]; page: number; pages: number } | null;
  /** Shown, with a retry, when the page could not be loaded. */
  failure: string;
  empty: string;
  count: string;
  caption: string;
  minWidth: number;
  /** The header cells (`<th scope="col">`). */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  topAligned?: boolean;
}) {
  // The rows' links to their pages (RowLink) open in the portal.
  const openRowLink = useOpenInPortal('a[data-discover]');
  if (!page) return <LoadFailed>{failure}</LoadFailed>;
  if (page.items.length === 0) return <Text>{empty}</Text>;
  return (
    <>
      <Text level="body-sm" role="status">
        {count}
      </Text>
      <Sheet variant="outlined" className="list-cards-box" onClick={openRowLink}>
        <Table stripe="odd" hoverRow className="list-cards" style={cardStyle(minWidth, head)}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          {/* Cells inherit their row's alignment, and rows their body's. */}
          <tbody style={topAligned ? { verticalAlign: 'top' } : undefined}>{children}</tbody>
        </Table>
      </Sheet>
      <Pagination page={page.page} pages={page.pages} />
    </>
  );
}

/** The text a person reads in a node (a header cell's label, without its markup). */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** The header cells' labels, in order (the cells left out by a condition are not columns). */
export function columnLabels(head: ReactNode): string[] {
  return Children.toArray(head).flatMap((node) => {
    if (!isValidElement<{ children?: ReactNode }>(node)) return [];
    return node.type === 'th' ? [textOf(node.props.children).trim()] : columnLabels(node.props.children);
  });
}

/** A CSS string holding any text (quotes, backslashes and line ends escaped). */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/**
 * The table's width and, for the cards below 600 px, each column's name as a custom property
 * (`--col-1` …) that the cells' labels read: plain CSS, so that it works without JavaScript.
 */
function cardStyle(minWidth: number, head: ReactNode): CSSProperties {
  const style: Record<string, string> = { '--list-min-width': `${minWidth}px` };
  columnLabels(head).forEach((label, index) => {
    style[`--col-${index + 1}`] = cssString(label);
  });
  return style as CSSProperties;
}

/** A search form (GET) for a list: the search box, any filters, Apply and Clear; works without JavaScript. */
export function SearchForm({
  searchId,
  searchValue,
  placeholder,
  children,
}: {
  /** Without a search box (a list filtered by its selects only): leave `searchId` out. */
  searchId?: string;
  searchValue?: string | undefined;
  placeholder?: string;
  /** Filters (FilterSelect) and hidden fields that keep the rest of the list's state. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = t('list.search');
  return (
    <Form method="get" role="search" aria-label={label}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        gap={1.5}
        alignItems={{ sm: 'flex-end' }}
        flexWrap="wrap"
      >
        {searchId && (
          <FormControl size="sm" style={{ flex: 1, minWidth: 220 }}>
            <FormLabel htmlFor={searchId}>{label}</FormLabel>
            <Input
              size="sm"
              placeholder={placeholder}
              slotProps={{
                input: { id: searchId, name: 'q', type: 'search', defaultValue: searchValue ?? '' },
              }}
            />
          </FormControl>
        )}
        {children}
        <Button type="submit" size="sm">
          {t('list.apply')}
        </Button>
        <Button component={Link} to="?" size="sm" variant="plain" color="neutral">
          {t('list.clear')}
        </Button>
      </Stack>
    </Form>
  );
}

/**
 * A row's checkbox for an action on several rows at once: it belongs to the form `form` (elsewhere on
 * the page, by the HTML `form` attribute), so that the list stays a plain table; it works without
 * JavaScript.
 */
export function RowCheckbox({
  form,
  name,
  value,
  label,
  checked,
}: {
  form: string;
  name: string;
  value: string;
  label: string;
  checked?: boolean;
}) {
  return (
    <input
      type="checkbox"
      form={form}
      name={name}
      value={value}
      aria-label={label}
      defaultChecked={checked}
      className="row-checkbox"
    />
  );
}
