// Staff: the drivers — search, active or not, page in the URL; add and edit one click away.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { titleMeta } from '~/components/page-title';
import { DirectoryList } from '~/components/shipping/directory';
import { directoryListLoader } from '~/services/directory-list.server';
import { listDrivers } from '~/services/fleet.server';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export const loader = (args: LoaderFunctionArgs) =>
  directoryListLoader(args, '/apps/shipping/drivers', 'drivers', listDrivers);

export const meta = titleMeta;

export default function Drivers() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  return (
    <DirectoryList
      kind="drivers"
      basePath="/apps/shipping/drivers"
      data={data}
      columns={[
        { header: t('drivers.fields.phone'), cell: (driver) => driver.phone, ltr: true },
        { header: t('drivers.fields.licenceNumber'), cell: (driver) => driver.licence_number, ltr: true },
        { header: t('drivers.fields.vehiclePlate'), cell: (driver) => driver.vehicle_plate, ltr: true },
        {
          header: t('drivers.fields.origin'),
          cell: (driver) => (driver.origin ? tcat(`origins.${driver.origin}`) : null),
        },
      ]}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
