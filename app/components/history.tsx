// A record's history for the people who may read it: who did what and when, each change as its field's
// value before and after (in the reader's language), and the note.
import { useTranslation } from '~/components/translation';
import type { HistoryEvent, HistoryRecord } from '@contract';
import { formatDate, formatDateTime } from '~/components/format';
import { Card, Stack, Text } from '~/components/ui';

/** The catalog's list that names a field's value in the reader's words (a milestone, an origin). */
const CATALOG_LISTS: Record<string, string> = {
  milestone: 'milestones',
  kind: 'containerKinds',
  size: 'containerSizes',
  origin: 'origins',
};
/** Fields whose values the history names itself. */
const OWN_VALUES = new Set(['gender', 'client_type']);
const DATE_FIELDS = new Set([
  'expected_arrival',
  'delivery_date',
  'departure_date',
  'arrival_date',
  'date_of_birth',
]);

export function HistoryCard({
  recordType,
  events,
}: {
  recordType: HistoryRecord;
  /** Null when the history could not be read. */
  events: readonly HistoryEvent[] | null;
}) {
  const { t, i18n } = useTranslation();
  const { t: tcat } = useTranslation('catalog');
  const shown = (field: string, value: string | number | boolean | null): string => {
    if (value === null || value === '') return t('history.empty');
    if (typeof value !== 'string') return String(value);
    if (field === 'status')
      return tcat(`${recordType === 'container' ? 'containerStatuses' : 'orderStatuses'}.${value}`);
    const list = CATALOG_LISTS[field];
    if (list) return tcat(`${list}.${value}`);
    if (OWN_VALUES.has(field)) return t(`history.values.${field}.${value}`);
    if (DATE_FIELDS.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return formatDate(`${value}T00:00:00Z`, i18n.language);
    return value;
  };
  return (
    <Card component="section" aria-labelledby="history">
      <Text level="title-lg" component="h2" id="history">
        {t('history.title')}
      </Text>
      {events === null ? (
        <Text>{t('history.loadFailed')}</Text>
      ) : events.length === 0 ? (
        <Text>{t('history.none')}</Text>
      ) : (
        <Stack component="ol" gap={1.5} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {events.map((event) => (
            <li key={event.id}>
              <Text level="title-sm">{t(`history.actions.${event.action}`)}</Text>
              <Text level="body-xs" textColor="text.tertiary">
                {event.by
                  ? t('history.byAt', { name: event.by, date: formatDateTime(event.at, i18n.language) })
                  : formatDateTime(event.at, i18n.language)}
              </Text>
              {event.changes && (
                <Stack component="ul" gap={0.5} style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {Object.entries(event.changes).map(([field, change]) => (
                    <Text component="li" level="body-sm" key={field}>
                      {t('history.change', {
                        field: t(`history.fields.${field}`),
                        before: shown(field, change.before),
                        after: shown(field, change.after),
                      })}
                    </Text>
                  ))}
                </Stack>
              )}
              {event.note && (
                <Text
                  level="body-sm"
                  textColor="text.secondary"
                  dir="auto"
                  style={{ whiteSpace: 'pre-line' }}
                >
                  {event.note}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
