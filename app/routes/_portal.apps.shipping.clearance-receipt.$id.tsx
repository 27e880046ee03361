// The clearance receipt of a shipping order, ready to print (print styles hide the portal's frame).
import Button from '@mui/joy/Button';
import Stack from '@mui/joy/Stack';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ClearanceReceipt, receiptNumber } from '~/components/documents/clearance-receipt';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { PrintButton } from '~/components/print-button';
import { rolesFor } from '~/services/access';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { isBackofficeError } from '~/services/backoffice/client.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { getOrder } from '~/services/shipping.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/shipping/clearance-receipt/:id') });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'shipping');
  try {
    const order = await withBackofficeSession(request, () => getOrder(signedIn, id));
    return {
      title: title(`${t('receipt.title')} ${receiptNumber(order)}`),
      order,
      issuedAt: new Date().toISOString(),
    };
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export const meta = titleMeta;

export default function ClearanceReceiptPage() {
  const { order, issuedAt } = useLoaderData<typeof loader>();
  const { t } = useTranslation('shipping');
  return (
    <Stack gap={2}>
      <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap" className="no-print">
        <PrintButton />
        <Button component={Link} to={`/apps/shipping-details/${order.id}`} variant="plain" color="neutral">
          {t('receipt.back', { name: order.name })}
        </Button>
      </Stack>
      <ClearanceReceipt order={order} issuedAt={issuedAt} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
