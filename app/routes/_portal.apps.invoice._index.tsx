// Invoices: a client's own; staff choose a customer. Filter (All / Unpaid / Paid / Overdue), search and
// page in the URL (works without JavaScript); totals over all the customer's invoices; open any
// invoice by its number (staff: any customer's; a client: its own only).
import type { TFunction } from 'i18next';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMoney } from '~/components/format';
import { ListTable, SearchForm } from '~/components/list-table';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import { InvoiceStatusChip, TabLinks } from '~/components/shipping/order-parts';
import { Alert, Card, FormControl, FormLabel, Input, Stack, Text, TextLink } from '~/components/ui';
import { invoiceListParams } from '~/forms/billing';
import { isStaff } from '~/services/access';
import { INVOICE_FILTERS } from '@contract/values';
import {
  customerPicker,
  findInvoiceByNumber,
  invoiceCustomer,
  listInvoices,
} from '~/services/invoices.server';
import { loadListPage } from '~/services/list-loader.server';
import { StatusLabel } from '~/components/row-parts';

export const handle = { i18n: ['common', 'catalog', 'billing'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { signedIn, t, title, params, page, loadError, common } = await loadListPage(request, {
    screen: '/apps/invoice',
    namespace: 'billing',
    params: invoiceListParams,
    context: 'invoices',
    load: (signedIn, params) => {
      const customer = invoiceCustomer(signedIn, params.customer);
      return customer === null ? Promise.resolve(null) : listInvoices(signedIn, customer, params);
    },
  });
  const staff = isStaff(signedIn.user.roles);
  let notFound: string | null = null;
  if (params.number) {
    const found = await findInvoiceByNumber(signedIn, params.number!);
    if (found) throw redirect(`/apps/invoice/${found.id}`);
    notFound = params.number;
  }
  const { customers, customersError } = await customerPicker(request, signedIn, common as TFunction);
  return {
    title: title(t('invoices.title')),
    staff,
    params,
    page,
    loadError,
    customers,
    customersError,
    notFound,
    chosen: invoiceCustomer(signedIn, params.customer),
  };
}

export const meta = titleMeta;

function Totals({
  totals,
}: {
  totals: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['page']>['totals'];
}) {
  const { t, i18n } = useTranslation('billing');
  const figures: [string, number, 'neutral' | 'success' | 'warning' | 'danger'][] = [
    [t('invoices.totalInvoiced'), totals.amount_total, 'neutral'],
    [t('invoices.totalPaid'), totals.amount_paid, 'success'],
    [t('invoices.totalDue'), totals.amount_due, 'warning'],
    [t('invoices.totalOverdue'), totals.overdue, 'danger'],
  ];
  return (
    // A definition list of cards: each card is the <div> that groups one term with its value.
    <dl aria-label={t('invoices.totals')} className="finance-totals">
      {figures.map(([label, value, colour]) => (
        // The soft card in the figure's colour: ui.css's soft surface of that colour over the card's own.
        <Card key={label} variant="soft" className={`ui-variant-soft ui-color-${colour}`}>
          <Text component="dt" level="body-sm">
            {label}
          </Text>
          <Text component="dd" level="title-lg">
            {formatMoney(value, totals.currency, i18n.language)}
          </Text>
        </Card>
      ))}
    </dl>
  );
}

export default function Invoices() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const customerField = data.chosen !== null && data.staff ? String(data.chosen) : '';
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('invoices.title')}
        intro={t(data.staff ? 'invoices.introStaff' : 'invoices.intro')}
        action={
          <Button
            component={RemixLink}
            to={`/apps/statement${data.staff && data.chosen ? `?customer=${data.chosen}` : ''}`}
            variant="outlined"
          >
            {t('invoices.statementLink')}
          </Button>
        }
      />
      <Form method="get" aria-label={t('invoices.lookup')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-end' }}>
          <FormControl size="sm" style={{ minWidth: 220 }}>
            <FormLabel htmlFor="invoice-number">{t('invoices.lookupLabel')}</FormLabel>
            <Input
              size="sm"
              slotProps={{
                input: {
                  id: 'invoice-number',
                  name: 'number',
                  defaultValue: data.notFound ?? '',
                  dir: 'ltr',
                  placeholder: 'INV-2026-0001',
                },
              }}
            />
          </FormControl>
          <Button type="submit" size="sm" variant="outlined">
            {t('invoices.lookupSubmit')}
          </Button>
        </Stack>
      </Form>
      {data.notFound && (
        <Alert color="warning" role="alert">
          {t('invoices.notFound', { number: data.notFound })}
        </Alert>
      )}
      {data.staff && (
        <Form method="get">
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-end' }}>
            {data.customersError ? (
              <LoadFailed>{t('invoices.customersFailed', { reason: data.customersError })}</LoadFailed>
            ) : (
              <FilterSelect
                name="customer"
                label={t('invoices.customer')}
                value={customerField}
                options={[
                  { value: '', label: t('invoices.chooseCustomer') },
                  ...data.customers.map((customer) => ({ value: String(customer.id), label: customer.name })),
                ]}
              />
            )}
            <Button type="submit" size="sm">
              {t('invoices.show')}
            </Button>
          </Stack>
        </Form>
      )}
      {data.chosen === null ? (
        <Text>{t('invoices.pickCustomer')}</Text>
      ) : (
        <>
          {data.page && <Totals totals={data.page.totals} />}
          <TabLinks
            name="filter"
            label={t('invoices.filters')}
            current={data.params.filter}
            tabs={INVOICE_FILTERS.map((filter) => ({
              value: filter,
              label: t(`invoices.filter.${filter}`),
              count: data.page?.counts[filter],
            }))}
          />
          <SearchForm
            searchId="invoice-search"
            searchValue={data.params.q}
            placeholder={t('invoices.searchPlaceholder')}
          >
            <input type="hidden" name="filter" value={data.params.filter} />
            {customerField && <input type="hidden" name="customer" value={customerField} />}
          </SearchForm>
          <ListTable
            page={data.page}
            failure={t('invoices.loadFailed', { reason: data.loadError ?? '' })}
            empty={t('invoices.empty')}
            count={t('invoices.count', { count: data.page?.total ?? 0 })}
            caption={t('invoices.title')}
            minWidth={980}
            head={
              <>
                <th scope="col">{t('fields.number')}</th>
                <th scope="col">{t('fields.order')}</th>
                <th scope="col">{t('fields.invoiceDate')}</th>
                <th scope="col">{t('fields.dueDate')}</th>
                <th scope="col">{t('fields.total')}</th>
                <th scope="col">{t('fields.paid')}</th>
                <th scope="col">{t('fields.due')}</th>
                <th scope="col">{t('fields.status')}</th>
              </>
            }
          >
            {(data.page?.items ?? []).map((invoice) => (
              <tr key={invoice.id}>
                <td>
                  <TextLink to={`/apps/invoice/${invoice.id}`} fontWeight="lg" dir="ltr">
                    {invoice.name}
                  </TextLink>
                </td>
                <td>
                  <bdi dir="ltr">{invoice.shipping_order_name ?? '—'}</bdi>
                </td>
                <td>
                  <time dateTime={invoice.invoice_date}>{formatDate(invoice.invoice_date, language)}</time>
                </td>
                <td>
                  <time dateTime={invoice.due_date}>{formatDate(invoice.due_date, language)}</time>
                </td>
                <td>{formatMoney(invoice.amount_total, invoice.currency, language)}</td>
                <td>{formatMoney(invoice.amount_paid, invoice.currency, language)}</td>
                <td>{formatMoney(invoice.amount_due, invoice.currency, language)}</td>
                <td>
                  <Stack direction="row" gap={0.5} flexWrap="wrap">
                    <InvoiceStatusChip status={invoice.state} />
                    {invoice.overdue && (
                      <StatusLabel variant="solid" colour="danger">
                        {t('invoices.overdue')}
                      </StatusLabel>
                    )}
                  </Stack>
                </td>
              </tr>
            ))}
          </ListTable>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
