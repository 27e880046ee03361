// The trade-finance application: amount and currency, tenor, purpose, the supplier paid, the customer's
// own shipping orders it finances, and the supplier's pro-forma or invoice as attachments. Once sent it
// opens on its page.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { FinanceRequestForm } from '~/components/requests/request-form';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { loadPart } from '~/services/errors.server';
import { newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { financeRequestAction } from '~/services/request-actions.server';
import { financeableOrders } from '~/services/shipping.server';

const SCREEN = '/apps/request-for-trade-finance';

export const handle = { i18n: ['common', 'catalog', 'requests'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'requests');
  const orders = await loadPart(financeableOrders(signedIn), 'financeable orders', common);
  return {
    title: title(t('tradeFinance.title')),
    orders: (orders.value ?? []).map(({ id, name, category, status }) => ({ id, name, category, status })),
    ordersError: orders.error,
    ...newFormKey(),
  };
}

export const action = financeRequestAction;
export const meta = titleMeta;

export default function RequestForTradeFinance() {
  const { orders, ordersError } = useLoaderData<typeof loader>();
  return <FinanceRequestForm orders={orders} ordersError={ordersError} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
