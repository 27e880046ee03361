// Admin: edit a container (404 for an unknown one).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { ContainerFormPage } from '~/components/shipping/container-parts';
import { containerFormAction, containerFormLoader } from '~/services/container-pages.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) => containerFormLoader(args);
export const action = (args: ActionFunctionArgs) => containerFormAction(args);
export const meta = titleMeta;

export default ContainerFormPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
