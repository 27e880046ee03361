// A client sends a request for one of the services; the detailed forms are offered beside it.
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { ServiceRequestForm } from '~/components/requests/request-form';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { serviceRequestAction } from '~/services/request-actions.server';

export const handle = { i18n: ['common', 'catalog', 'requests'] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { anyOf: rolesFor('/apps/send-request-for-service') });
  const { t, title } = await pageTools(request, 'requests');
  return { title: title(t('service.title')), ...newFormKey() };
}

export const action = serviceRequestAction;
export const meta = titleMeta;

export default function SendRequestForService() {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation();
  return (
    <ServiceRequestForm
      aside={
        <>
          <Typography level="body-sm" sx={{ mt: 2 }}>
            {t('service.detailedHint')}
          </Typography>
          <List size="sm" sx={{ '--ListItem-paddingX': 0 }}>
            {[
              ['/apps/request-for-shipping', 'menu.requestForShipping'],
              ['/apps/request-for-quotation', 'menu.requestForQuotation'],
              ['/apps/request-for-trade-finance', 'menu.tradeFinance'],
            ].map(([to, label]) => (
              <ListItem key={to}>
                <Link component={RemixLink} to={to!}>
                  {tc(label!)}
                </Link>
              </ListItem>
            ))}
          </List>
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
