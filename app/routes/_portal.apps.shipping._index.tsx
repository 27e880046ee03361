// Shipping orders: a client's own ("My Shipping Orders"), every customer's for staff, through the
// admin's all-orders call for an admin. Tabs, search, filters and page live in the URL (GET forms and
// links: works without JavaScript, can be bookmarked); the filtered list exports as CSV. Staff check
// orders to add one tracking event to each or give them one driver.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button, Stack } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { ListTable, RowCheckbox, SearchForm } from '~/components/list-table';
import { BULK_FORM, BulkOrdersForm, useChosenOrders } from '~/components/shipping/bulk-orders';
import { PageHeading } from '~/components/page-parts';
import { RowLink, RowNote } from '~/components/row-parts';
import { titleMeta } from '~/components/page-title';
import { FilterSelect } from '~/components/select-field';
import {
  AttentionNotice,
  InvoiceStatusChip,
  OrderStatusChip,
  originOptions,
  TabLinks,
  WarehouseDefault,
} from '~/components/shipping/order-parts';
import { bulkOrdersSchema, orderListParams } from '~/forms/shipping';
import { hasRole, isStaff, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, formErrorsOf } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { ORDER_FILTERS, ORDER_STATUSES } from '@contract/values';
import { loadListPage } from '~/services/list-loader.server';
import { activeDrivers, bulkOrders, listOrders } from '~/services/shipping.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { signedIn, t, title, params, page, loadError } = await loadListPage(request, {
    screen: '/apps/shipping',
    namespace: 'shipping',
    params: orderListParams,
    context: 'shipping orders',
    load: listOrders,
  });
  const staff = isStaff(signedIn.user.roles);
  const heading = hasRole(signedIn.user.roles, ['admin'])
    ? 'list.titleAdmin'
    : staff
      ? 'list.titleStaff'
      : 'list.title';
  // Staff give the orders they check one driver: the active ones to choose from.
  const drivers = staff ? await activeDrivers(signedIn) : [];
  return { title: title(t(heading)), heading, staff, params, page, loadError, drivers };
}

/**
 * Staff act on the orders they checked: one tracking event added to each, or one driver given to each;
 * back to the list as it was, saying what was done, which orders refused it and which were left undone
 * when the back office stopped answering part-way.
 */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/shipping') });
  if (!isStaff(signedIn.user.roles)) throw new Response('Forbidden', { status: 403 });
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: bulkOrdersSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const outcome = await attempt(() => bulkOrders(signedIn, submission.value), 'orders at once');
  if (!outcome.ok) return data(submission.reply(formErrorsOf(outcome)), { status: 400 });
  // Back to the list as it was: the query the form was posted with (never another address).
  const search = new URL(request.url).searchParams;
  search.delete('index');
  const back = `/apps/shipping${search.size ? `?${search}` : ''}`;
  const { done, refused, stopped, stoppedBy } = outcome.value;
  if (stopped.length && stoppedBy) {
    return redirectWithFlash(request, back, {
      key: refused.length ? 'shipping:bulk.stoppedRefused' : 'shipping:bulk.stopped',
      values: { count: done.length, refused: refused.join(', '), stopped: stopped.join(', ') },
      words: { reason: stoppedBy },
      tone: 'warning',
    });
  }
  return redirectWithFlash(request, back, {
    key: refused.length ? 'shipping:bulk.partly' : 'shipping:bulk.done',
    values: { count: done.length, refused: refused.join(', ') },
  });
}

export const meta = titleMeta;

function Toolbar({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { t } = useTranslation('shipping');
  const { t: tc } = useTranslation();
  const { t: tcat } = useTranslation('catalog');
  return (
    <SearchForm searchId="order-search" searchValue={data.params.q} placeholder={t('list.searchPlaceholder')}>
      <input type="hidden" name="filter" value={data.params.filter} />
      {data.params.attention && <input type="hidden" name="attention" value={data.params.attention} />}
      <FilterSelect
        name="status"
        label={t('list.status')}
        value={data.params.status ?? ''}
        options={[
          { value: '', label: tc('list.all') },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: tcat(`orderStatuses.${status}`) })),
        ]}
      />
      <FilterSelect
        name="origin"
        label={t('list.origin')}
        value={data.page?.origin ?? (data.staff ? 'all' : '')}
        options={originOptions(tc('list.all'), tcat, data.staff)}
      />
    </SearchForm>
  );
}

export default function ShippingOrders() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const chosen = useChosenOrders();
  const exportQuery = new URLSearchParams(location.search);
  exportQuery.delete('page');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t(data.heading)}
        intro={t(data.staff ? 'list.introStaff' : 'list.intro')}
        action={
          <Button
            component="a"
            href={`/apps/shipping/export.csv${exportQuery.size ? `?${exportQuery}` : ''}`}
            variant="outlined"
            startDecorator={<IconDownload aria-hidden size={18} />}
            download
          >
            {t('list.export')}
          </Button>
        }
      />
      <TabLinks
        name="filter"
        label={t('list.tabs')}
        current={data.params.filter}
        tabs={ORDER_FILTERS.map((filter) => ({
          value: filter,
          label: tcat(`orderFilters.${filter}`),
          count: data.page?.counts?.[filter],
        }))}
      />
      <Toolbar data={data} />
      <AttentionNotice attention={data.params.attention} />
      <WarehouseDefault warehouse={data.page?.warehouse ?? null} />
      <ListTable
        page={data.page}
        failure={t('list.loadFailed', { reason: data.loadError ?? '' })}
        empty={t('list.empty')}
        count={t('list.count', { count: data.page?.total ?? 0 })}
        caption={t(data.heading)}
        minWidth={data.staff ? 1100 : 960}
        head={
          <>
            {data.staff && (
              <th scope="col" style={{ width: 48 }}>
                <span className="visually-hidden">{t('bulk.choose')}</span>
              </th>
            )}
            <th scope="col">{t('fields.orderNumber')}</th>
            {data.staff && <th scope="col">{t('fields.customer')}</th>}
            <th scope="col">{t('fields.category')}</th>
            <th scope="col">{t('fields.containerType')}</th>
            <th scope="col">{t('fields.cbm')}</th>
            <th scope="col">{t('fields.location')}</th>
            <th scope="col">{t('fields.status')}</th>
            <th scope="col">{t('fields.invoiceStatus')}</th>
            <th scope="col">{t('fields.totalInvoice')}</th>
            <th scope="col">{t('fields.createdAt')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((order) => (
          <tr key={order.id}>
            {data.staff && (
              <td>
                <RowCheckbox
                  form={BULK_FORM}
                  name="orderIds"
                  value={String(order.id)}
                  label={t('bulk.chooseOrder', { name: order.name })}
                  checked={chosen.has(String(order.id))}
                />
              </td>
            )}
            <td>
              <RowLink strong to={`/apps/shipping-details/${order.id}`}>
                {order.name}
              </RowLink>
              {order.shipping_mark && <RowNote dir="ltr">{order.shipping_mark}</RowNote>}
              {order.loan_name && (
                <RowNote>
                  {t('list.financedBy')}{' '}
                  <RowLink to={`/apps/loan/loan-details/${order.loan_name}`} dir="ltr">
                    {order.loan_name}
                  </RowLink>
                </RowNote>
              )}
            </td>
            {data.staff && (
              <td>
                <bdi>{order.partner_name}</bdi>
              </td>
            )}
            <td>{tcat(`categories.${order.category}`)}</td>
            <td>{tcat(`containerTypes.${order.container_type}`)}</td>
            <td>{formatNumber(order.cbm, language)}</td>
            <td>{order.location ? <bdi>{order.location}</bdi> : tcat(`origins.${order.origin}`)}</td>
            <td>
              <OrderStatusChip status={order.status} />
            </td>
            <td>
              <InvoiceStatusChip status={order.invoice_status} />
            </td>
            <td>{formatMoney(order.total_invoice, order.currency, language)}</td>
            <td>
              <time dateTime={order.created_at}>{formatDate(order.created_at, language)}</time>
            </td>
          </tr>
        ))}
      </ListTable>
      {data.staff && (data.page?.items.length ?? 0) > 0 && <BulkOrdersForm drivers={data.drivers} />}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
