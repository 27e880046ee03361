// Staff: edit a driver (404 for an unknown one).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DriverFormPage } from '~/components/shipping/record-forms';
import { recordAction, recordLoader } from '~/services/directory.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) => recordLoader('driver', args);
export const action = (args: ActionFunctionArgs) => recordAction('driver', args);
export const meta = titleMeta;

export default DriverFormPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
