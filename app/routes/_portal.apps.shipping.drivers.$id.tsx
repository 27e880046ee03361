// Staff: edit a driver (404 for an unknown one), and the orders they deliver.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DriverFormPage } from '~/components/shipping/record-forms';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { recordAction, recordLoader } from '~/services/directory.server';
import { driverDeliveries } from '~/services/shipping.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

/** The driver as it is, and the orders they deliver (those still to deliver first). */
export async function loader(args: LoaderFunctionArgs) {
  const loaded = await recordLoader('driver', args);
  if (!loaded.record) return { ...loaded, deliveries: [] };
  const signedIn = await requireUser(args.request, { anyOf: rolesFor('/apps/shipping/drivers/:id') });
  const deliveries = await driverDeliveries(signedIn, loaded.record.id);
  return {
    ...loaded,
    deliveries: deliveries.map((order) => ({
      id: order.id,
      name: order.name,
      customer: order.partner_name,
      status: order.status,
      deliveryDate: order.delivery_date ?? null,
      location: order.location,
    })),
  };
}
export const action = (args: ActionFunctionArgs) => recordAction('driver', args);
export const meta = titleMeta;

export default DriverFormPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
