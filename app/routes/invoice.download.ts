// A shared document as PDF or PNG (?share&format), for anyone holding a valid link.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { SharedRecordDocument, sharedRecordFilename } from '~/components/documents/shared-record';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { loadSharedRecord, shareLinkAnswer } from '~/services/documents/share-links.server';
import { pageTools } from '~/services/page.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return shareLinkAnswer(async () => {
    const format = formatOr404(request);
    const share = new URL(request.url).searchParams.get('share');
    const record = await loadSharedRecord(share);
    if (!record || !share) throw new Response('Not found', { status: 404 });
    const { common } = await pageTools(request);
    return documentDownload({
      request,
      element: createElement(SharedRecordDocument, { record }),
      title: common('shared.title'),
      filename: sharedRecordFilename(record),
      format,
      backTo: `/invoice?${new URLSearchParams({ share })}`,
    });
  });
}
