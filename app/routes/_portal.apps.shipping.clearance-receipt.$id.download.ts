// An order's clearance receipt as PDF or PNG (?format=pdf|png), rendered in the reader's language.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { ClearanceReceipt, receiptNumber } from '~/components/documents/clearance-receipt';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentDownload, formatOr404 } from '~/services/documents/documents.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { orderOr404 } from '~/services/shipping.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, {
    anyOf: rolesFor('/apps/shipping/clearance-receipt/:id/download'),
  });
  const id = recordIdOr404(params.id);
  const format = formatOr404(request);
  const order = await orderOr404(request, signedIn, id);
  const { t } = await pageTools(request, 'shipping');
  return documentDownload({
    request,
    element: createElement(ClearanceReceipt, { order }),
    title: `${t('receipt.title')} ${receiptNumber(order)}`,
    filename: receiptNumber(order),
    format,
    backTo: `/apps/shipping/clearance-receipt/${order.id}`,
  });
}
