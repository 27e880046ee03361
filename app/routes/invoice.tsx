// The public, read-only view of a shared document (invoice, statement, clearance receipt, loan summary),
// opened by a signed link without an account while it lasts (7 days). A changed, unknown or expired
// link gets one clear refusal that reveals nothing.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { AuthShell } from '~/components/auth-shell';
import { DocumentActions } from '~/components/documents/document-actions';
import { SharedRecordDocument } from '~/components/documents/shared-record';
import { formatDate } from '~/components/format';
import { titleMeta } from '~/components/page-title';
import { Alert, Stack, Text } from '~/components/ui';
import {
  loadSharedRecord,
  SHARE_LINK_HEADERS,
  shareLoadFailed,
} from '~/services/documents/share-links.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'auth', 'catalog', 'shipping', 'finance', 'billing'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { common, title } = await pageTools(request);
  const share = new URL(request.url).searchParams.get('share');
  const record = await loadSharedRecord(share).catch((error: unknown) =>
    shareLoadFailed(request, 'shared record', error),
  );
  if (!record || !share) {
    return data(
      { title: title(common('shared.invalidTitle')), record: null, share: null },
      { status: 404, headers: SHARE_LINK_HEADERS },
    );
  }
  return data({ title: title(common('shared.title')), record, share }, { headers: SHARE_LINK_HEADERS });
}

/** The page and its data request (Remix sends a loader's headers only through this export). */
export const headers = () => SHARE_LINK_HEADERS;

export const meta = titleMeta;

export default function SharedRecordPage() {
  const { record, share } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (!record || !share) {
    return (
      <AuthShell design="card" title={t('shared.invalidTitle')}>
        <Text>{t('shared.invalidBody')}</Text>
      </AuthShell>
    );
  }
  return (
    <main className="finance-shared-record">
      <Stack gap={2}>
        <Alert color="neutral" variant="soft" className="no-print">
          {t('shared.recordNotice', { date: formatDate(record.expires_at, i18n.language) })}
        </Alert>
        <DocumentActions
          downloadHref={`/invoice/download?${new URLSearchParams({ share })}`}
          name={t('shared.title')}
        />
        <SharedRecordDocument record={record} />
      </Stack>
    </main>
  );
}
