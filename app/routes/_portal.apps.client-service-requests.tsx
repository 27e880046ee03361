// Staff: every customer's requests; approve or reject the pending ones.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { RequestList } from '~/components/requests/request-list';
import { requestListLoader, reviewAction } from '~/services/request-list.server';

const SCREEN = '/apps/client-service-requests';

export const handle = { i18n: ['common', 'catalog', 'requests', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) =>
  requestListLoader(args, SCREEN, { titleKey: 'list.staffTitle' });
export const action = (args: ActionFunctionArgs) => reviewAction(args, SCREEN);
export const meta = titleMeta;

export default function ClientServiceRequests() {
  return <RequestList titleKey="list.staffTitle" introKey="list.staffIntro" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
