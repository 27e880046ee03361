// Staff: one customer's details.
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { titleMeta } from '~/components/page-title';
import { rolesFor } from '~/services/access';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { isBackofficeError } from '~/services/backoffice/client.server';
import { getCustomer } from '~/services/customers.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'customers'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/apps/customers/:id') });
  const id = z.coerce.number().int().positive().safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const { t, title } = await pageTools(request, 'customers');
  try {
    const customer = await withBackofficeSession(request, () => getCustomer(signedIn, id.data));
    return { title: title(customer.name || t('detail.title')), customer };
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export const meta = titleMeta;

export default function CustomerDetail() {
  const { customer } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('customers');
  const rows: [string, string | null, boolean?][] = [
    [t('fields.email'), customer.email, true],
    [t('fields.phone'), customer.phone, true],
    [t('fields.companyName'), customer.company_name],
    [t('fields.nationalId'), customer.national_id, true],
    [t('fields.gender'), customer.gender ? t(`genders.${customer.gender}`) : null],
    [
      t('fields.dateOfBirth'),
      customer.date_of_birth ? formatDate(`${customer.date_of_birth}T00:00:00Z`, i18n.language) : null,
    ],
    [t('fields.clientType'), customer.client_type ? t(`clientTypes.${customer.client_type}`) : null],
    [t('fields.businessIndustry'), customer.business_industry],
    [t('fields.street'), customer.street],
    [t('fields.city'), customer.city],
    [t('fields.country'), customer.country],
    [t('directory.account'), customer.has_account ? t('directory.hasAccount') : t('directory.noAccount')],
    [t('fields.createdAt'), formatDate(customer.created_at, i18n.language)],
  ];
  return (
    <Stack gap={3} sx={{ maxWidth: 820 }}>
      <Typography level="h1" sx={{ fontSize: 'xl3' }}>
        {customer.name}
      </Typography>
      <Card>
        <Stack component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value, ltr]) => (
            <Stack key={label} direction="row" gap={2} sx={{ py: 0.5 }}>
              <Typography component="dt" level="body-sm" textColor="text.tertiary" sx={{ minWidth: 180 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} dir={ltr && value ? 'ltr' : undefined}>
                {value ?? '—'}
              </Typography>
            </Stack>
          ))}
        </Stack>
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
