// Pieces every printable document shares: the issuer and title block, a party's address block, a
// figures table and the amounts summary. Plain markup and the UI layer's plain pieces only (no router
// hooks, no Emotion), so the same layout renders in the portal, on the public shared page and in Chromium
// for PDF and PNG (which links ui.css and finance.css for them).
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Sheet, Stack, Text } from '~/components/ui';

/** One A4 sheet; `print-sheet` drops its frame in print and in rendered documents. */
export function DocumentSheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Sheet variant="outlined" component="article" aria-label={label} className="print-sheet finance-sheet">
      {children}
    </Sheet>
  );
}

/** The issuer (our company) on one side, the document's title and numbers on the other. */
export function DocumentHeader({
  title,
  facts,
  heading = 'h1',
}: {
  title: string;
  facts: [string, ReactNode][];
  /** h2 when the sheet is shown inside a page that has its own h1. */
  heading?: 'h1' | 'h2';
}) {
  const { t } = useTranslation('shipping');
  return (
    <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={2} flexWrap="wrap">
      <div>
        <Text level="title-lg">{t('receipt.company')}</Text>
        <Text level="body-sm">{t('receipt.companyAddress')}</Text>
      </div>
      <div style={{ textAlign: 'end' }}>
        <Text level="h2" component={heading} fontSize="xl2">
          {title}
        </Text>
        {facts.map(([label, value]) => (
          <Text level="body-sm" key={label}>
            {label}: {value}
          </Text>
        ))}
      </div>
    </Stack>
  );
}

/** A customer's name and contact lines under a small heading. */
export function PartyBlock({
  heading,
  party,
}: {
  heading: string;
  party: { name: string; address?: string | null; phone?: string | null; email?: string | null };
}) {
  return (
    <div style={{ flex: 1 }}>
      <Text level="title-sm" component="h2">
        {heading}
      </Text>
      {/* Typed text, each line in its own direction: "22 Corniche El Nil, Giza" stays in its order in Arabic. */}
      <Text>
        <bdi>{party.name}</bdi>
      </Text>
      {party.address &&
        party.address.split('\n').map((line, index) => (
          <Text key={index}>
            <bdi>{line}</bdi>
          </Text>
        ))}
      {/* Numbers and addresses read left to right inside a right-to-left line, which keeps its alignment. */}
      {party.phone && (
        <Text>
          <span dir="ltr">{party.phone}</span>
        </Text>
      )}
      {party.email && (
        <Text>
          <span dir="ltr">{party.email}</span>
        </Text>
      )}
    </div>
  );
}

/** A table with a caption (a heading for screen readers and the eye) and numeric columns aligned to the end. */
export function DocumentTable({
  caption,
  columns,
  rows,
  numeric = [],
  unbroken = [],
  footer,
}: {
  caption: string;
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  /** Indexes of the columns holding amounts (aligned to the end). */
  numeric?: number[];
  /** Indexes of the columns whose values never wrap (dates, references): sized to their content. */
  unbroken?: number[];
  footer?: { label: string; cells: ReactNode[] }[];
}) {
  const align = (index: number) =>
    numeric.includes(index)
      ? ({ textAlign: 'end', whiteSpace: 'nowrap' } as const)
      : unbroken.includes(index)
        ? ({ whiteSpace: 'nowrap' } as const)
        : undefined;
  return (
    <div style={{ marginBlock: 24, overflowX: 'auto' }}>
      <Text level="title-md" component="h2" style={{ marginBlockEnd: 8 }}>
        {caption}
      </Text>
      <table>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" style={align(index)}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index} style={align(index)}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            {footer.map((line) => (
              <tr key={line.label}>
                <th scope="row" colSpan={columns.length - line.cells.length}>
                  {line.label}
                </th>
                {line.cells.map((cell, index) => (
                  <td key={index} style={{ textAlign: 'end', fontWeight: 600 }}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Label–amount pairs, the last one emphasised (the total or the balance). */
export function AmountSummary({ lines }: { lines: [string, string][] }) {
  return (
    <dl style={{ marginInlineStart: 'auto', maxWidth: 360, marginBlock: 16 }}>
      {lines.map(([label, value], index) => (
        <Stack
          key={label}
          direction="row"
          justifyContent="space-between"
          gap={2}
          style={{
            paddingBlock: 4,
            borderBlockStart:
              index === lines.length - 1 ? '2px solid var(--joy-palette-neutral-outlinedBorder)' : undefined,
            fontWeight: index === lines.length - 1 ? 700 : undefined,
          }}
        >
          <Text component="dt" style={{ fontWeight: 'inherit' }}>
            {label}
          </Text>
          <Text component="dd" style={{ margin: 0, fontWeight: 'inherit' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </dl>
  );
}
