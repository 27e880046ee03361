// The add and edit pages of a driver and of a supplier (the `new` and `:id` routes share them).
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { ORIGINS } from '~/catalog';
import { driverSchema, supplierSchema } from '~/forms/shipping';
import type { Driver, OrderStatus, Supplier } from '@contract';
import { formatDate } from '~/components/format';
import { Card, Stack, Text, TextLink } from '~/components/ui';
import { OrderStatusChip } from './order-parts';
import { RecordFormPage } from './directory';

export interface DriverDelivery {
  id: number;
  name: string;
  customer: string;
  status: OrderStatus;
  deliveryDate: string | null;
  location: string | null;
}

export function DriverFormPage() {
  const { record, deliveries } = useLoaderData<{ record: Driver | null; deliveries?: DriverDelivery[] }>();
  const { t, i18n } = useTranslation('shipping');
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
      after={
        record && (
          <Card>
            <Text level="title-lg" component="h2">
              {t('delivery.driverTitle')}
            </Text>
            {!deliveries || deliveries.length === 0 ? (
              <Text>{t('delivery.driverNone')}</Text>
            ) : (
              <Stack component="ul" gap={1} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {deliveries.map((order) => (
                  <li key={order.id}>
                    <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
                      <TextLink to={`/apps/shipping-details/${order.id}`}>{order.name}</TextLink>
                      <OrderStatusChip status={order.status} />
                      <Text level="body-sm">
                        {[
                          order.customer,
                          order.deliveryDate ? formatDate(order.deliveryDate, i18n.language) : null,
                          order.location,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                  </li>
                ))}
              </Stack>
            )}
          </Card>
        )
      }
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
