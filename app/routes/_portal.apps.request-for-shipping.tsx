// The detailed request form for shipping: category, container type, origin, CBMs, revenue, attachments.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DetailedRequestForm } from '~/components/requests/request-form';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { detailedRequestAction } from '~/services/request-actions.server';

const SCREEN = '/apps/request-for-shipping';

export const handle = { i18n: ['common', 'catalog', 'requests'] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title } = await pageTools(request, 'requests');
  return { title: title(t('shipping.title')), ...newFormKey() };
}

export const action = detailedRequestAction('shipping', SCREEN);
export const meta = titleMeta;

export default function RequestForShipping() {
  const { t } = useTranslation('requests');
  return <DetailedRequestForm title={t('shipping.title')} intro={t('shipping.intro')} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
