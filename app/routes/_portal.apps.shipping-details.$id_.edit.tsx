// Staff edit an order: its status one step on (recorded on the timeline) or cancelled with a reason, its
// container, driver, the staff member handling it, expected arrival, location and shipping mark. Works
// without JavaScript.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { nextOrderStatus, ORDER_TRANSITION_REFUSALS, type OrderStatus } from '@contract/values';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatNumber } from '~/components/format';
import { titleMeta } from '~/components/page-title';
import { RecordFormPage, type FieldSpec } from '~/components/shipping/directory';
import { orderEditSchema } from '~/forms/shipping';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, formErrorsOf, isBackofficeError, type KeyFor } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { editOrder, orderEditChoices, orderOr404 } from '~/services/shipping.server';

const SCREEN = '/apps/shipping-details/:id/edit';

export const handle = { i18n: ['common', 'catalog', 'shipping'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'shipping');
  const [order, choices] = await Promise.all([orderOr404(request, signedIn, id), orderEditChoices(signedIn)]);
  // The order's own container and driver stay choices even when no longer open or active.
  // Only the containers leaving from where the order's goods are.
  const containers = choices.containers
    .filter((container) => !container.origin || container.origin === order.origin)
    .map(({ id, name, used_cbm, capacity_cbm }) => ({
      id,
      name,
      used: used_cbm,
      capacity: capacity_cbm,
    }));
  if (order.container_id !== null && !containers.some((container) => container.id === order.container_id)) {
    containers.unshift({ id: order.container_id, name: order.container_name ?? '', used: 0, capacity: 0 });
  }
  const drivers = choices.drivers;
  if (order.driver_id != null && !drivers.some((driver) => driver.id === order.driver_id)) {
    drivers.unshift({ id: order.driver_id, name: order.driver_name ?? '' });
  }
  const staff = choices.staff;
  if (order.handler_id != null && !staff.some((member) => member.id === order.handler_id)) {
    staff.unshift({ id: order.handler_id, name: order.handler_name ?? '' });
  }
  return {
    title: title(t('edit.title', { name: order.name })),
    record: {
      id: order.id,
      name: order.name,
      status: order.status,
      cbm: order.cbm,
      containerId: order.container_id,
      driverId: order.driver_id ?? null,
      deliveryDate: order.delivery_date ?? null,
      handlerId: order.handler_id ?? null,
      expectedArrival: order.expected_arrival,
      location: order.location,
      shippingMark: order.shipping_mark,
      cancelReason: order.cancel_reason ?? null,
    },
    containers,
    drivers,
    staff,
  };
}

/** The back office's refusals, under the field each is about, in the user's language. */
const keyFor: KeyFor = (error) => {
  if (!isBackofficeError(error)) return null;
  const said = error.fieldMessages;
  if (error.fields.includes('status')) {
    const why = said.status;
    const known = (ORDER_TRANSITION_REFUSALS as readonly string[]).includes(why ?? '');
    return { key: known ? `shipping:edit.refused_${why}` : 'shipping:edit.refused', field: 'status' };
  }
  if (error.fields.includes('container_id'))
    return {
      key:
        {
          over_capacity: 'shipping:edit.overCapacity',
          closed: 'shipping:edit.containerClosed',
          origin: 'shipping:edit.containerOrigin',
        }[said.container_id ?? ''] ?? 'shipping:edit.noContainer',
      field: 'containerId',
    };
  if (error.fields.includes('driver_id')) return { key: 'shipping:edit.noDriver', field: 'driverId' };
  if (error.fields.includes('handler_id')) return { key: 'shipping:edit.noHandler', field: 'handlerId' };
  if (error.fields.includes('location')) return { key: 'shipping:edit.locationRequired', field: 'location' };
  if (error.fields.includes('cancel_reason'))
    return { key: 'shipping:edit.reasonRequired', field: 'cancelReason' };
  return null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: orderEditSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const saved = await attempt(() => editOrder(signedIn, id, submission.value), 'edit order', { keyFor });
  if (!saved.ok) return data(submission.reply(formErrorsOf(saved)), { status: 400 });
  return redirectWithFlash(request, `/apps/shipping-details/${id}`, {
    key: 'shipping:edit.saved',
    values: { name: saved.value.name },
  });
}

export const meta = titleMeta;

export default function EditOrder() {
  const { record, containers, drivers, staff } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const next = nextOrderStatus(record.status);
  const statuses: OrderStatus[] = [record.status];
  if (next) statuses.push(next);
  if (record.status !== 'cancelled' && record.status !== 'delivered') statuses.push('cancelled');
  const cbm = (value: number) => formatNumber(value, i18n.language);
  const fields: FieldSpec[] = [
    {
      name: 'status',
      label: t('fields.status'),
      required: true,
      hint: t('edit.statusHint'),
      options: statuses.map((status) => ({
        value: status,
        label:
          status === record.status
            ? t('edit.statusNow', { status: tcat(`orderStatuses.${status}`) })
            : tcat(`orderStatuses.${status}`),
      })),
    },
    // Only an order that can be cancelled, or is, has a reason to give.
    ...(statuses.includes('cancelled')
      ? [
          {
            name: 'cancelReason',
            label: t('edit.cancelReason'),
            hint: t('edit.cancelReasonHint'),
            width: 12,
          } as const,
        ]
      : []),
    { name: 'location', label: t('fields.location'), hint: t('edit.locationHint') },
    { name: 'expectedArrival', label: t('fields.expectedArrival'), type: 'date' },
    {
      name: 'containerId',
      label: t('fields.container'),
      hint: t('edit.containerHint', { cbm: cbm(record.cbm) }),
      options: containers.map((container) => ({
        value: String(container.id),
        label:
          container.capacity > 0
            ? t('edit.containerChoice', {
                name: container.name,
                used: cbm(container.used),
                capacity: cbm(container.capacity),
              })
            : container.name,
      })),
    },
    {
      name: 'driverId',
      label: t('fields.driver'),
      options: drivers.map((driver) => ({ value: String(driver.id), label: driver.name })),
    },
    { name: 'deliveryDate', label: t('fields.deliveryDate'), type: 'date' },
    {
      name: 'handlerId',
      label: t('fields.handler'),
      hint: t('edit.handlerHint'),
      options: staff.map((member) => ({ value: String(member.id), label: member.name })),
    },
    { name: 'shippingMark', label: t('fields.shippingMark'), ltr: true },
  ];
  return (
    <RecordFormPage
      formId={`order-edit-${record.id}`}
      title={t('edit.title', { name: record.name })}
      intro={t('edit.intro')}
      schema={orderEditSchema}
      defaultValue={{
        status: record.status,
        cancelReason: record.cancelReason ?? undefined,
        containerId: record.containerId === null ? undefined : String(record.containerId),
        driverId: record.driverId === null ? undefined : String(record.driverId),
        deliveryDate: record.deliveryDate ?? undefined,
        handlerId: record.handlerId === null ? undefined : String(record.handlerId),
        expectedArrival: record.expectedArrival ?? undefined,
        location: record.location ?? undefined,
        shippingMark: record.shippingMark ?? undefined,
      }}
      fields={fields}
      submitLabel={t('edit.save')}
      cancelTo={`/apps/shipping-details/${record.id}`}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
