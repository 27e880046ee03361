// One invoice: the printable layout with download as PDF or PNG, share and print. Another customer's
// invoice (or a draft, for a client) answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { DocumentActions } from '~/components/documents/document-actions';
import { InvoiceDocument } from '~/components/documents/invoice-document';
import { SharedLinks } from '~/components/documents/shared-links';
import { ConversationCard } from '~/components/conversation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { Stack } from '~/components/ui';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentShareAction } from '~/services/documents/share-action.server';
import { invoiceOr404, shareInvoice } from '~/services/invoices.server';
import { loadThread, messageAction, withRecordForm } from '~/services/conversations.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { shareLinksOf } from '~/services/shares.server';

export const handle = { i18n: ['common', 'catalog', 'shipping', 'billing', 'requests'] };

const SCREEN = '/apps/invoice/:id';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const invoice = await invoiceOr404(request, signedIn, id);
  // A draft is never shared, so it has no links to list.
  const shareLinks =
    invoice.state === 'draft' ? null : await shareLinksOf(request, signedIn, 'invoice', invoice.id);
  const { t, title, common } = await pageTools(request, 'billing');
  return {
    title: title(t('invoice.title', { name: invoice.name })),
    invoice,
    shareLinks,
    staff: isStaff(signedIn.user.roles),
    conversation: await loadThread(signedIn, 'invoice', invoice.id, common),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  // Files come only with a message; sharing reads the form again (`resend`).
  return withRecordForm(request, async (formData, upload, resend) => {
    if (formData.get('intent') === 'message')
      return messageAction(request, signedIn, { type: 'invoice', id }, formData, upload);
    return documentShareAction(resend(), signedIn, 'invoice', () => shareInvoice(signedIn, id));
  });
}

export const meta = titleMeta;

export default function InvoicePage() {
  const { invoice, shareLinks, staff, conversation } = useLoaderData<typeof loader>();
  const { t } = useTranslation('billing');
  const name = t('invoice.title', { name: invoice.name });
  return (
    <Stack gap={2}>
      <Button
        component={Link}
        to="/apps/invoice"
        variant="plain"
        color="neutral"
        className="no-print"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('invoice.back')}
      </Button>
      <DocumentActions
        downloadHref={`/apps/invoice/${invoice.id}/download`}
        name={name}
        share={invoice.state === 'draft' ? undefined : { target: 'invoice' }}
      />
      <InvoiceDocument invoice={invoice} />
      {invoice.state !== 'draft' && <SharedLinks links={shareLinks} />}
      <div className="no-print">
        <ConversationCard thread={conversation.value} error={conversation.error} staff={staff} />
      </div>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
