// Staff: add a supplier.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { SupplierFormPage } from '~/components/shipping/record-forms';
import { recordAction, recordLoader } from '~/services/directory.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) => recordLoader('supplier', args);
export const action = (args: ActionFunctionArgs) => recordAction('supplier', args);
export const meta = titleMeta;

export default SupplierFormPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
