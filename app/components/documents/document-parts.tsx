// Pieces every printable document shares: the issuer and title block, a party's address block, a
// figures table and the amounts summary. Plain markup and Joy typography only (no router hooks), so the
// same layout renders in the portal, on the public shared page and in Chromium for PDF and PNG.
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One A4 sheet; `print-sheet` drops its frame in print and in rendered documents. */
export function DocumentSheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Sheet
      variant="outlined"
      component="article"
      aria-label={label}
      className="print-sheet"
      sx={{ p: { xs: 2, md: 4 }, borderRadius: 'md', maxWidth: 860 }}
    >
      {children}
    </Sheet>
  );
}

/** The issuer (our company) on one side, the document's title and numbers on the other. */
export function DocumentHeader({ title, facts }: { title: string; facts: [string, ReactNode][] }) {
  const { t } = useTranslation('shipping');
  return (
    <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={2} flexWrap="wrap">
      <div>
        <Typography level="title-lg">{t('receipt.company')}</Typography>
        <Typography level="body-sm">{t('receipt.companyAddress')}</Typography>
      </div>
      <Box sx={{ textAlign: 'end' }}>
        <Typography level="h2" component="h1" sx={{ fontSize: 'xl2' }}>
          {title}
        </Typography>
        {facts.map(([label, value]) => (
          <Typography level="body-sm" key={label}>
            {label}: {value}
          </Typography>
        ))}
      </Box>
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
    <Box sx={{ flex: 1 }}>
      <Typography level="title-sm" component="h2">
        {heading}
      </Typography>
      <Typography>{party.name}</Typography>
      {party.address && <Typography sx={{ whiteSpace: 'pre-line' }}>{party.address}</Typography>}
      {/* Numbers and addresses read left to right inside a right-to-left line, which keeps its alignment. */}
      {party.phone && (
        <Typography>
          <span dir="ltr">{party.phone}</span>
        </Typography>
      )}
      {party.email && (
        <Typography>
          <span dir="ltr">{party.email}</span>
        </Typography>
      )}
    </Box>
  );
}

/** A table with a caption (a heading for screen readers and the eye) and numeric columns aligned to the end. */
export function DocumentTable({
  caption,
  columns,
  rows,
  numeric = [],
  footer,
}: {
  caption: string;
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  /** Indexes of the columns holding amounts (aligned to the end). */
  numeric?: number[];
  footer?: { label: string; cells: ReactNode[] }[];
}) {
  const align = (index: number) =>
    numeric.includes(index) ? ({ textAlign: 'end', whiteSpace: 'nowrap' } as const) : undefined;
  return (
    <Box sx={{ my: 3, overflowX: 'auto' }}>
      <Typography level="title-md" component="h2" sx={{ mb: 1 }}>
        {caption}
      </Typography>
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
    </Box>
  );
}

/** Label–amount pairs, the last one emphasised (the total or the balance). */
export function AmountSummary({ lines }: { lines: [string, string][] }) {
  return (
    <Box component="dl" sx={{ marginInlineStart: 'auto', maxWidth: 360, my: 2 }}>
      {lines.map(([label, value], index) => (
        <Stack
          key={label}
          direction="row"
          justifyContent="space-between"
          gap={2}
          sx={{
            py: 0.5,
            borderBlockStart: index === lines.length - 1 ? '2px solid' : undefined,
            borderColor: 'neutral.outlinedBorder',
            fontWeight: index === lines.length - 1 ? 700 : undefined,
          }}
        >
          <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 'inherit' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
