// A client sends a request for one of the services; the detailed forms are offered beside it.
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { CSSProperties } from 'react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { ServiceRequestForm } from '~/components/requests/request-form';
import { List, ListItem, Text, TextLink } from '~/components/ui';
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
          <Text level="body-sm" style={{ marginBlockStart: 16 }}>
            {t('service.detailedHint')}
          </Text>
          <List size="sm" style={{ '--ListItem-paddingX': 0 } as CSSProperties}>
            {[
              ['/apps/request-for-shipping', 'menu.requestForShipping'],
              ['/apps/request-for-quotation', 'menu.requestForQuotation'],
              ['/apps/request-for-trade-finance', 'menu.tradeFinance'],
            ].map(([to, label]) => (
              <ListItem key={to}>
                <TextLink to={to!}>{tc(label!)}</TextLink>
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
