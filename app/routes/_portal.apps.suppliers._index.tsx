// Staff: the suppliers — search, active or not, page in the URL; add and edit one click away.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DirectoryList } from '~/components/shipping/directory';
import { directoryListLoader } from '~/services/directory-list.server';
import { listSuppliers } from '~/services/fleet.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) =>
  directoryListLoader(args, '/apps/suppliers', 'suppliers', listSuppliers);

export const meta = titleMeta;

export default function Suppliers() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('shipping');
  return (
    <DirectoryList
      kind="suppliers"
      basePath="/apps/suppliers"
      data={data}
      columns={[
        { header: t('suppliers.fields.contact'), cell: (supplier) => supplier.contact },
        { header: t('suppliers.fields.phone'), cell: (supplier) => supplier.phone, ltr: true },
        { header: t('suppliers.fields.email'), cell: (supplier) => supplier.email, ltr: true },
        { header: t('suppliers.fields.location'), cell: (supplier) => supplier.location },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
