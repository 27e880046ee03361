// A quote as one printable sheet: the quote page shows it, and the server renders it to PDF and PNG in
// the reader's language.
import { useTranslation } from '~/components/translation';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { QuoteStatusChip } from '~/components/quotes/quote-parts';
import { Stack, Text } from '~/components/ui';
import type { QuoteDetail } from '@contract';
import { AmountSummary, DocumentHeader, DocumentSheet, DocumentTable, PartyBlock } from './document-parts';

export function QuoteDocument({ quote, inPage = false }: { quote: QuoteDetail; inPage?: boolean }) {
  const { t, i18n } = useTranslation('quotes');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, quote.currency, language);
  const title = t('document.title');
  // Each part isolated: a number with its unit stays one run in a right-to-left line.
  const shipment = [
    tcat(`categories.${quote.category}`),
    tcat(`containerTypes.${quote.container_type}`),
    t('document.cbm', { cbm: formatNumber(quote.cbm, language) }),
    t('document.from', { origin: tcat(`origins.${quote.origin}`) }),
  ].map((part, index) => (
    <span key={part}>
      {index > 0 && ' · '}
      <bdi>{part}</bdi>
    </span>
  ));
  return (
    <DocumentSheet label={`${title} ${quote.name}`}>
      <DocumentHeader
        title={title}
        heading={inPage ? 'h2' : 'h1'}
        facts={[
          [t('fields.number'), <span dir="ltr">{`${quote.name} v${quote.version}`}</span>],
          [t('fields.date'), formatDate(quote.sent_at ?? quote.created_at, language)],
          [t('fields.validUntil'), formatDate(quote.valid_until, language)],
          [t('fields.status'), <QuoteStatusChip status={quote.status} />],
        ]}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={3} style={{ marginBlock: 24 }}>
        <PartyBlock heading={t('document.for')} party={{ name: quote.partner_name }} />
        <div style={{ flex: 1 }}>
          <Text level="title-sm" component="h2">
            {t('document.shipment')}
          </Text>
          <Text>{shipment}</Text>
          {quote.incoterm && (
            <Text level="body-sm">
              <bdi>{t('fields.incoterm')}</bdi>: <span dir="ltr">{quote.incoterm}</span>
            </Text>
          )}
          {quote.transit_days !== null && (
            <Text level="body-sm">{t('document.transit', { count: quote.transit_days })}</Text>
          )}
        </div>
      </Stack>

      <DocumentTable
        caption={t('document.lines')}
        columns={[
          t('lines.kind'),
          t('lines.description'),
          t('lines.quantity'),
          t('lines.unit'),
          t('lines.unitPrice'),
          t('lines.amount'),
        ]}
        numeric={[2, 4, 5]}
        rows={quote.lines.map((line) => ({
          key: line.id,
          cells: [
            t(`kinds.${line.kind}`),
            line.description,
            formatNumber(line.quantity, language),
            t(`units.${line.unit}`),
            money(line.unit_price),
            money(line.amount),
          ],
        }))}
      />
      {quote.lines.length === 0 && <Text>{t('document.noLines')}</Text>}

      <AmountSummary lines={[[t('fields.total'), money(quote.total)]]} />

      {quote.notes && (
        <div>
          <Text level="title-sm" component="h2">
            {t('fields.notes')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            <bdi>{quote.notes}</bdi>
          </Text>
        </div>
      )}
      <Text level="body-sm" style={{ marginBlockStart: 24 }}>
        {t('document.terms', { date: formatDate(quote.valid_until, language) })}
      </Text>
    </DocumentSheet>
  );
}
