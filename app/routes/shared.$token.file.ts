// The shared file itself (shown in the tab with `?view=1`, PDF and images only; downloaded otherwise).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { shareLinkAnswer } from '~/services/documents/share-links.server';
import { fileDownload } from '~/services/downloads.server';
import { translator } from '~/services/i18n.server';
import { loadSharedDocument } from '~/services/shares.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const view = new URL(request.url).searchParams.get('view') === '1';
  return shareLinkAnswer(() =>
    fileDownload(
      request,
      'shared document',
      async () => {
        const file = await loadSharedDocument(params.token);
        if (!file) {
          const t = await translator(request, 'common');
          throw new Response(t('shared.invalidBody'), {
            status: 404,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          });
        }
        return file;
      },
      { view },
    ),
  );
}
