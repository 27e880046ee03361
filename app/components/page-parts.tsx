// The parts every screen of the portal frame shares: its heading with an optional action, and the
// message shown when its data could not be loaded (with a retry, never an empty list).
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Alert, Button, Stack, Text } from '~/components/ui';

export function PageHeading({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" gap={2}>
      <div>
        <Text level="h1" fontSize="xl3">
          {title}
        </Text>
        {intro && (
          <Text level="body-lg" textColor="text.secondary">
            {intro}
          </Text>
        )}
      </div>
      {action && <div style={{ alignSelf: 'flex-start' }}>{action}</div>}
    </Stack>
  );
}

export function LoadFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Alert
      color="danger"
      role="alert"
      endDecorator={
        <Button
          component="a"
          href={`${location.pathname}${location.search}`}
          size="sm"
          variant="soft"
          color="danger"
        >
          {t('list.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A record's fields as a description list: label, value ("—" when empty), `ltr` for codes and numbers. */
export function FieldList({
  rows,
  labelWidth = 180,
}: {
  /** `typed`: words a person typed (a name, an address), isolated so that they keep their own direction. */
  rows: readonly { label: string; value: ReactNode; ltr?: boolean; typed?: boolean }[];
  labelWidth?: number;
}) {
  return (
    <Stack component="dl" style={{ margin: 0 }}>
      {rows.map(({ label, value, ltr, typed }) => (
        <Stack key={label} direction="row" gap={2} style={{ paddingBlock: 4 }}>
          {/* The label takes at most 40 % of a narrow card; a long value (an e-mail) wraps, never overflows. */}
          <Text
            component="dt"
            level="body-sm"
            textColor="text.tertiary"
            style={{ flex: `0 0 min(${labelWidth}px, 40%)` }}
          >
            {label}
          </Text>
          <Text
            component="dd"
            dir={ltr && value ? 'ltr' : undefined}
            style={{ margin: 0, minWidth: 0, flex: '1 1 auto', overflowWrap: 'anywhere' }}
          >
            {value === null || value === undefined || value === '' ? '—' : typed ? <bdi>{value}</bdi> : value}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** The heading of one record's page: what it is, its number (h1) with status chips, and actions. */
export function RecordHeading({
  kicker,
  title,
  chips,
  actions,
}: {
  kicker: string;
  title: string;
  chips?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" gap={2}>
      <div>
        <Text level="body-sm" textColor="text.tertiary">
          {kicker}
        </Text>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <Text level="h1" fontSize="xl3" dir="ltr">
            {title}
          </Text>
          {chips}
        </Stack>
      </div>
      {actions && (
        <Stack direction="row" gap={1} alignItems="flex-start" flexWrap="wrap">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
