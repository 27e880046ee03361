// A document shared by a signed link: open or download it without an account, while the link lasts
// (7 days). A tampered, unknown or expired link gets one clear refusal that reveals nothing.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { AuthShell } from '~/components/auth-shell';
import { Button } from '~/components/ui';
import { formatBytes, formatDate } from '~/components/format';
import { titleMeta } from '~/components/page-title';
import { Stack, Text } from '~/components/ui';
import { SHARE_LINK_HEADERS, shareLoadFailed } from '~/services/documents/share-links.server';
import { loadSharedDocument } from '~/services/shares.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'auth'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { common, title } = await pageTools(request);
  const file = await loadSharedDocument(params.token).catch((error: unknown) =>
    shareLoadFailed(request, 'shared document', error),
  );
  if (!file) {
    return data(
      { title: title(common('shared.invalidTitle')), file: null, token: null },
      { status: 404, headers: SHARE_LINK_HEADERS },
    );
  }
  return data(
    {
      title: title(common('shared.title')),
      file: {
        filename: file.filename,
        size: Buffer.byteLength(file.data, 'base64'),
        expiresAt: file.expires_at,
      },
      token: params.token!,
    },
    { headers: SHARE_LINK_HEADERS },
  );
}

/** The page and its data request (Remix sends a loader's headers only through this export). */
export const headers = () => SHARE_LINK_HEADERS;

export const meta = titleMeta;

export default function SharedDocument() {
  const { file, token } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (!file || !token) {
    return (
      <AuthShell design="card" title={t('shared.invalidTitle')}>
        <Text>{t('shared.invalidBody')}</Text>
      </AuthShell>
    );
  }
  const base = `/shared/${token}/file`;
  return (
    <AuthShell design="card" title={t('shared.title')} subtitle={t('shared.intro')}>
      <Text level="title-md" style={{ wordBreak: 'break-all' }}>
        {file.filename}
      </Text>
      <Text level="body-sm">
        {formatBytes(file.size, i18n.language)} ·{' '}
        {t('shared.expires', { date: formatDate(file.expiresAt, i18n.language) })}
      </Text>
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        <Button component="a" href={`${base}?view=1`} startDecorator={<IconEye aria-hidden size={18} />}>
          {t('shared.open')}
        </Button>
        <Button
          component="a"
          href={base}
          variant="outlined"
          startDecorator={<IconDownload aria-hidden size={18} />}
        >
          {t('shared.download')}
        </Button>
      </Stack>
    </AuthShell>
  );
}
