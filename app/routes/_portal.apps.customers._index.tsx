// Staff: the Customers Directory — search and pages in the URL, each customer's details one click away.
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useLoaderData } from '@remix-run/react';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { Pagination } from '~/components/pagination';
import { customerListParams } from '~/forms/customers';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { listCustomers } from '~/services/customers.server';
import { loadPart } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { RowLink } from '~/components/row-parts';

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
  const { t: tc } = useTranslation();
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

      <Form method="get" role="search" aria-label={tc('list.search')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-end' }}>
          <FormControl size="sm" sx={{ flex: 1 }}>
            <FormLabel htmlFor="customer-search">{tc('list.search')}</FormLabel>
            <Input
              size="sm"
              placeholder={t('directory.searchPlaceholder')}
              slotProps={{
                input: {
                  id: 'customer-search',
                  name: 'q',
                  type: 'search',
                  defaultValue: data.params.q ?? '',
                },
              }}
            />
          </FormControl>
          <Button type="submit" size="sm">
            {tc('list.apply')}
          </Button>
          <Button component={RemixLink} to="?" size="sm" variant="plain" color="neutral">
            {tc('list.clear')}
          </Button>
        </Stack>
      </Form>

      {data.loadError || !data.page ? (
        <LoadFailed>{t('directory.loadFailed', { reason: data.loadError ?? '' })}</LoadFailed>
      ) : data.page.customers.length === 0 ? (
        <Typography>{t('directory.empty')}</Typography>
      ) : (
        <>
          <Typography level="body-sm" role="status">
            {t('directory.count', { count: data.page.total })}
          </Typography>
          <Sheet variant="outlined" sx={{ borderRadius: 'sm', overflowX: 'auto' }}>
            <Table stripe="odd" hoverRow sx={{ minWidth: 760 }}>
              <caption className="visually-hidden">{t('directory.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.name')}</th>
                  <th scope="col">{t('fields.companyName')}</th>
                  <th scope="col">{t('fields.email')}</th>
                  <th scope="col">{t('fields.phone')}</th>
                  <th scope="col">{t('fields.clientType')}</th>
                  <th scope="col">{t('directory.account')}</th>
                </tr>
              </thead>
              <tbody>
                {data.page.customers.map((customer) => (
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
                    <td dir="ltr">{customer.email ?? '—'}</td>
                    <td dir="ltr">{customer.phone ?? '—'}</td>
                    <td>{customer.client_type ? t(`clientTypes.${customer.client_type}`) : '—'}</td>
                    <td>{customer.has_account ? t('directory.hasAccount') : t('directory.noAccount')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
          <Pagination page={data.page.page} pages={data.page.pages} />
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
