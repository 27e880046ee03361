// Staff: the shipping requests of every customer (the requests list, shipping only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { RequestList } from '~/components/requests/request-list';
import { requestListLoader, reviewAction } from '~/services/request-list.server';

const SCREEN = '/apps/shipping/requests';

export const handle = { i18n: ['common', 'catalog', 'requests', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) =>
  requestListLoader(args, SCREEN, { titleKey: 'list.shippingTitle', service: 'shipping' });
export const action = (args: ActionFunctionArgs) => reviewAction(args, SCREEN);
export const meta = titleMeta;

export default function ShippingRequests() {
  return <RequestList titleKey="list.shippingTitle" introKey="list.staffIntro" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
