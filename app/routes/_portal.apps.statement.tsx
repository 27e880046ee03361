// A customer's statement of account over a period (a client's own; staff choose the customer): opening
// balance, invoices and payments with the running balance, closing balance; download as PDF or PNG,
// share, print. The period and customer live in the URL (a GET form: works without JavaScript).
import type { TFunction } from 'i18next';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { DocumentActions } from '~/components/documents/document-actions';
import { SharedLinks } from '~/components/documents/shared-links';
import { StatementDocument } from '~/components/documents/statement-document';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { translateMessage } from '~/components/messages';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import { Alert, FormControl, FormLabel, Input, Stack, Text } from '~/components/ui';
import { statementPeriod } from '~/forms/billing';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { documentShareAction } from '~/services/documents/share-action.server';
import { customerPicker, invoiceCustomer, shareStatement } from '~/services/invoices.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { shareLinksOf } from '~/services/shares.server';
import { loadStatement } from '~/services/statements.server';

export const handle = { i18n: ['common', 'catalog', 'shipping', 'billing'] };

const SCREEN = '/apps/statement';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'billing');
  const state = await loadStatement(request, signedIn, common as TFunction);
  const staff = isStaff(signedIn.user.roles);
  const { customers, customersError } = await customerPicker(request, signedIn, common as TFunction);
  // The customer's statement links of every period, each listed with its period.
  const shareLinks = state.statement
    ? await shareLinksOf(request, signedIn, 'statement', state.statement.partner_id)
    : null;
  return { title: title(t('statement.title')), staff, customers, customersError, ...state, shareLinks };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  return documentShareAction(request, signedIn, 'statement', (formData) => {
    const customer = invoiceCustomer(signedIn, recordIdOr404(formData.get('customer')));
    const period = statementPeriod({
      from: String(formData.get('from') ?? ''),
      to: String(formData.get('to') ?? ''),
    });
    if (customer === null || !period.ok) throw new Response('Bad request', { status: 400 });
    return shareStatement(signedIn, customer, period.from, period.to);
  });
}

export const meta = titleMeta;

export default function StatementPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const customerField = data.staff && data.customer !== null ? String(data.customer) : '';
  const query = new URLSearchParams({
    ...(data.customer !== null ? { customer: String(data.customer) } : {}),
    from: data.period.from,
    to: data.period.to,
  });
  return (
    <Stack gap={3}>
      <div className="no-print">
        <PageHeading title={t('statement.title')} intro={t('statement.intro')} />
      </div>
      <Form method="get" aria-label={t('statement.show')} className="no-print">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          gap={1.5}
          alignItems={{ sm: 'flex-end' }}
          flexWrap="wrap"
        >
          {data.staff &&
            (data.customersError ? (
              <LoadFailed>{t('invoices.customersFailed', { reason: data.customersError })}</LoadFailed>
            ) : (
              <FilterSelect
                name="customer"
                label={t('statement.customer')}
                value={customerField}
                options={[
                  { value: '', label: t('invoices.chooseCustomer') },
                  ...data.customers.map((customer) => ({ value: String(customer.id), label: customer.name })),
                ]}
              />
            ))}
          {(['from', 'to'] as const).map((field) => (
            <FormControl key={field} size="sm" error={!data.period.ok}>
              <FormLabel htmlFor={`statement-${field}`}>{t(`statement.${field}`)}</FormLabel>
              <Input
                size="sm"
                slotProps={{
                  input: {
                    id: `statement-${field}`,
                    name: field,
                    type: 'date',
                    defaultValue: data.period[field],
                    'aria-describedby': data.period.ok ? undefined : 'statement-period-error',
                  },
                }}
              />
            </FormControl>
          ))}
          <Button type="submit" size="sm">
            {t('statement.show')}
          </Button>
        </Stack>
      </Form>
      {!data.period.ok && (
        <Alert color="danger" role="alert" id="statement-period-error">
          {translateMessage(tc, data.period.error)}
        </Alert>
      )}
      {data.customer === null && <Text>{t('statement.pickCustomer')}</Text>}
      {data.loadError && <LoadFailed>{t('statement.loadFailed', { reason: data.loadError })}</LoadFailed>}
      {data.statement && (
        <>
          <DocumentActions
            downloadHref={`/apps/statement/download?${query}`}
            name={`${t('statement.title')} · ${data.statement.partner_name}`}
            share={{
              target: 'statement',
              fields: { customer: data.statement.partner_id, from: data.period.from, to: data.period.to },
            }}
          />
          <StatementDocument statement={data.statement} />
          <SharedLinks links={data.shareLinks} />
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
