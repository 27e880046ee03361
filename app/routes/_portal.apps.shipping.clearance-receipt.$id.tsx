// The clearance receipt of a shipping order, ready to print (print styles hide the portal's frame).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Stack } from '~/components/ui';
import { ClearanceReceipt, receiptNumber } from '~/components/documents/clearance-receipt';
import { SharedLinks } from '~/components/documents/shared-links';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DocumentActions } from '~/components/documents/document-actions';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentShareAction } from '~/services/documents/share-action.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { shareLinksOf } from '~/services/shares.server';
import { orderOr404, shareClearanceReceipt } from '~/services/shipping.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

const SCREEN = '/apps/shipping/clearance-receipt/:id';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const order = await orderOr404(request, signedIn, id);
  const shareLinks = await shareLinksOf(request, signedIn, 'clearance_receipt', order.id);
  const { t, title } = await pageTools(request, 'shipping');
  return { title: title(`${t('receipt.title')} ${receiptNumber(order)}`), order, shareLinks };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  return documentShareAction(request, signedIn, 'receipt', () => shareClearanceReceipt(signedIn, id));
}

export const meta = titleMeta;

export default function ClearanceReceiptPage() {
  const { order, shareLinks } = useLoaderData<typeof loader>();
  const { t } = useTranslation('shipping');
  return (
    <Stack gap={2}>
      <Button
        component={Link}
        to={`/apps/shipping-details/${order.id}`}
        variant="plain"
        color="neutral"
        className="no-print"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('receipt.back', { name: order.name })}
      </Button>
      <DocumentActions
        downloadHref={`/apps/shipping/clearance-receipt/${order.id}/download`}
        name={`${t('receipt.title')} ${receiptNumber(order)}`}
        share={{ target: 'receipt' }}
      />
      <ClearanceReceipt order={order} />
      <SharedLinks links={shareLinks} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
