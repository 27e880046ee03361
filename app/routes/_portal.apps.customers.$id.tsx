// Staff: one customer's details.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { FieldList } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Button, Card, Stack, Text } from '~/components/ui';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { getCustomer } from '~/services/customers.server';
import { recordLoadFailed } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/customers/:id') });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'customers');
  try {
    const customer = await getCustomer(signedIn, id);
    return { title: title(customer.name || t('detail.title')), customer };
  } catch (error) {
    return recordLoadFailed(request, 'customer', error);
  }
}

export const meta = titleMeta;

export default function CustomerDetail() {
  const { customer } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('customers');
  const rows = [
    { label: t('fields.email'), value: customer.email, ltr: true },
    { label: t('fields.phone'), value: customer.phone, ltr: true },
    { label: t('fields.companyName'), value: customer.company_name },
    { label: t('fields.nationalId'), value: customer.national_id, ltr: true },
    { label: t('fields.gender'), value: customer.gender ? t(`genders.${customer.gender}`) : null },
    {
      label: t('fields.dateOfBirth'),
      value: customer.date_of_birth ? formatDate(`${customer.date_of_birth}T00:00:00Z`, i18n.language) : null,
    },
    {
      label: t('fields.clientType'),
      value: customer.client_type ? t(`clientTypes.${customer.client_type}`) : null,
    },
    { label: t('fields.businessIndustry'), value: customer.business_industry },
    { label: t('fields.street'), value: customer.street },
    { label: t('fields.city'), value: customer.city },
    { label: t('fields.country'), value: customer.country },
    {
      label: t('directory.account'),
      value: customer.has_account ? t('directory.hasAccount') : t('directory.noAccount'),
    },
    { label: t('fields.createdAt'), value: formatDate(customer.created_at, i18n.language) },
  ];
  return (
    <Stack gap={3} style={{ maxWidth: 820 }}>
      <Text level="h1" fontSize="xl3">
        {customer.name}
      </Text>
      <Card>
        <FieldList rows={rows} />
      </Card>
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        <Button component={Link} to={`/apps/request-for-service?customer=${customer.id}`}>
          {t('detail.newRequest')}
        </Button>
        <Button component={Link} to="/apps/customers" variant="plain" color="neutral">
          {t('detail.back')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
