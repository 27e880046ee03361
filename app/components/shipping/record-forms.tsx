// The add and edit pages of a driver and of a supplier (the `new` and `:id` routes share them).
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ORIGINS } from '~/catalog';
import { driverSchema, supplierSchema } from '~/forms/shipping';
import type { Driver, Supplier } from '@contract';
import { RecordFormPage } from './directory';

export function DriverFormPage() {
  const { record } = useLoaderData<{ record: Driver | null }>();
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  return (
    <RecordFormPage
      formId={record ? `driver-${record.id}` : 'driver-new'}
      title={record ? t('drivers.editTitle', { name: record.name }) : t('drivers.addTitle')}
      intro={t('drivers.formIntro')}
      schema={driverSchema}
      defaultValue={{
        name: record?.name,
        phone: record?.phone,
        licenceNumber: record?.licence_number,
        vehiclePlate: record?.vehicle_plate ?? undefined,
        origin: record?.origin ?? undefined,
        active: record ? record.active && 'on' : 'on',
      }}
      fields={[
        { name: 'name', label: t('drivers.fields.name'), required: true },
        { name: 'phone', label: t('drivers.fields.phone'), type: 'tel', required: true, ltr: true },
        { name: 'licenceNumber', label: t('drivers.fields.licenceNumber'), required: true, ltr: true },
        { name: 'vehiclePlate', label: t('drivers.fields.vehiclePlate'), ltr: true },
        {
          name: 'origin',
          label: t('drivers.fields.origin'),
          options: ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) })),
        },
      ]}
      submitLabel={record ? t('directory.save') : t('drivers.add')}
      cancelTo="/apps/shipping/drivers"
    />
  );
}

export function SupplierFormPage() {
  const { record } = useLoaderData<{ record: Supplier | null }>();
  const { t } = useTranslation('shipping');
  return (
    <RecordFormPage
      formId={record ? `supplier-${record.id}` : 'supplier-new'}
      title={record ? t('suppliers.editTitle', { name: record.name }) : t('suppliers.addTitle')}
      intro={t('suppliers.formIntro')}
      schema={supplierSchema}
      defaultValue={{
        name: record?.name,
        contact: record?.contact ?? undefined,
        phone: record?.phone ?? undefined,
        email: record?.email ?? undefined,
        address: record?.address ?? undefined,
        location: record?.location ?? undefined,
        active: record ? record.active && 'on' : 'on',
      }}
      fields={[
        { name: 'name', label: t('suppliers.fields.name'), required: true },
        { name: 'contact', label: t('suppliers.fields.contact') },
        { name: 'phone', label: t('suppliers.fields.phone'), type: 'tel', ltr: true },
        { name: 'email', label: t('suppliers.fields.email'), type: 'email', ltr: true },
        { name: 'address', label: t('suppliers.fields.address'), width: 12 },
        { name: 'location', label: t('suppliers.fields.location') },
      ]}
      submitLabel={record ? t('directory.save') : t('suppliers.add')}
      cancelTo="/apps/suppliers"
    />
  );
}
