// The client's own requests, with their status and the staff's note.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { RequestList } from '~/components/requests/request-list';
import { requestListLoader } from '~/services/request-list.server';

export const handle = { i18n: ['common', 'catalog', 'requests', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) =>
  requestListLoader(args, '/apps/send-client-requests', { titleKey: 'list.title' });
export const meta = titleMeta;

export default function SendClientRequests() {
  return <RequestList titleKey="list.title" introKey="list.intro" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
