// Staff: the Customers Directory — search and pages in the URL, each customer's details one click away.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { displayPhone } from '@contract/phones';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { ListTable, SearchForm } from '~/components/list-table';
import { customerListParams } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { listCustomers } from '~/services/customers.server';
import { loadPart } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { PageHeading } from '~/components/page-parts';
import { RowLink } from '~/components/row-parts';
import { Button, Stack } from '~/components/ui';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/customers') });
  const { t, title, common } = await pageTools(request, 'customers');
  const url = new URL(request.url);
  const params = customerListParams.parse(Object.fromEntries(url.searchParams));
  const loaded = await loadPart(listCustomers(signedIn, params), 'customers', common);
  return { title: title(t('directory.title')), params, page: loaded.value, loadError: loaded.error };
}

export const meta = titleMeta;

export default function CustomersDirectory() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('customers');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('directory.title')}
        intro={t('directory.intro')}
        action={
          <Button
            component={RemixLink}
            to="/apps/customers/new"
            startDecorator={<IconUserPlus aria-hidden size={18} />}
          >
            {t('directory.add')}
          </Button>
        }
      />

      <SearchForm
        searchId="customer-search"
        searchValue={data.params.q}
        placeholder={t('directory.searchPlaceholder')}
      />

      <ListTable
        page={
          data.page && !data.loadError
            ? { items: data.page.customers, page: data.page.page, pages: data.page.pages }
            : null
        }
        failure={t('directory.loadFailed', { reason: data.loadError ?? '' })}
        empty={t('directory.empty')}
        count={t('directory.count', { count: data.page?.total ?? 0 })}
        caption={t('directory.title')}
        minWidth={760}
        head={
          <>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.companyName')}</th>
            <th scope="col">{t('fields.email')}</th>
            <th scope="col">{t('fields.phone')}</th>
            <th scope="col">{t('fields.clientType')}</th>
            <th scope="col">{t('directory.account')}</th>
          </>
        }
      >
        {(data.page?.customers ?? []).map((customer) => (
          <tr key={customer.id}>
            <td>
              <RowLink
                to={`/apps/customers/${customer.id}`}
                aria-label={t('directory.view', { name: customer.name })}
              >
                {customer.name}
              </RowLink>
            </td>
            <td>{customer.company_name ?? '—'}</td>
            <td>
              <bdi dir="ltr">{customer.email ?? '—'}</bdi>
            </td>
            <td>
              <bdi dir="ltr">{customer.phone ? displayPhone(customer.phone) : '—'}</bdi>
            </td>
            <td>{customer.client_type ? t(`clientTypes.${customer.client_type}`) : '—'}</td>
            <td>{t(`access.states.${customer.access ?? (customer.has_account ? 'active' : 'none')}`)}</td>
          </tr>
        ))}
      </ListTable>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
