// One shipping order: its fields (spec section 3), customer, supplier, invoice and loan, documents, and
// the tracking timeline. Staff add and correct tracking events here; the customer sees them.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { IconFileText, IconPaperclip, IconPencil, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button, Card, Grid, Stack, Text, TextLink } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatBytes, formatDate, formatMoney, formatNumber } from '~/components/format';
import { Notice } from '~/components/form-parts';
import { FieldList, RecordHeading } from '~/components/page-parts';
import { TypedText } from '~/components/requests/request-list';
import { titleMeta } from '~/components/page-title';
import { InvoiceStatusChip, OrderStatusChip } from '~/components/shipping/order-parts';
import {
  EditTracking,
  Timeline,
  TrackingForm,
  WithdrawTracking,
  type TrackingActionData,
} from '~/components/shipping/tracking';
import { deliveryDoneSchema, fromLocalDateTime, trackingSchema } from '~/forms/shipping';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import {
  completeDelivery,
  orderOr404,
  saveTrackingEvent,
  withdrawTrackingEvent,
} from '~/services/shipping.server';
import { DeliveryCard } from '~/components/shipping/delivery';
import { ConversationCard } from '~/components/conversation';
import { HistoryCard } from '~/components/history';
import { loadThread, messageAction, withRecordForm } from '~/services/conversations.server';
import { recordHistory } from '~/services/history.server';

const SCREEN = '/apps/shipping-details/:id';

export const handle = { i18n: ['common', 'catalog', 'shipping', 'requests'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'shipping');
  const order = await orderOr404(request, signedIn, id);
  return {
    title: title(t('detail.title', { name: order.name })),
    order,
    // Staff read every entry; the customer those meant for it.
    history: await recordHistory(signedIn, 'order', id),
    conversation: await loadThread(signedIn, 'order', id, t),
    staff: isStaff(signedIn.user.roles),
    ...newFormKey(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  // Files come only with a message (its form sends them, as they stream in).
  return withRecordForm(request, async (formData, upload) => {
    // The order's conversation is the customer's too (the back office scopes it); the rest is staff work.
    if (formData.get('intent') === 'message')
      return messageAction(request, signedIn, { type: 'order', id }, formData, upload);
    if (!isStaff(signedIn.user.roles)) throw new Response('Forbidden', { status: 403 });
    if (formData.get('intent') === 'withdraw') return withdrawAction(request, signedIn, id, formData);
    if (formData.get('intent') === 'deliver') return deliverAction(request, signedIn, id, formData);
    const formId = String(formData.get('formId') ?? 'tracking-new');
    const submission = parseWithZod(formData, { schema: trackingSchema });
    if (submission.status !== 'success') {
      return data<TrackingActionData>({ formId, result: submission.reply() }, { status: 400 });
    }
    const value = submission.value;
    const saved = await attempt(
      () =>
        saveTrackingEvent(
          signedIn,
          id,
          { ...value, eventTime: fromLocalDateTime(value.eventTime) },
          formKeyFrom(formData),
        ),
      'tracking event',
      {
        keyFor: (error) => {
          if (!isBackofficeError(error)) return null;
          if (error.fields.includes('event_time'))
            return { key: 'validation.dateInFuture', field: 'eventTime' };
          if (error.fields.includes('milestone'))
            return { key: 'shipping:tracking.refused', field: 'milestone' };
          return error.code === 'conflict' ? 'shipping:tracking.withdrawnAlready' : null;
        },
      },
    );
    if (!saved.ok) {
      return data<TrackingActionData>(
        { formId, result: submission.reply(formErrorsOf(saved)) },
        { status: 400 },
      );
    }
    return redirectWithFlash(request, `/apps/shipping-details/${id}#tracking`, {
      key: value.eventId ? 'shipping:tracking.updated' : 'shipping:tracking.added',
    });
  });
}

/** Staff withdraw a mistaken event of this order; the timeline keeps it, struck through. */
async function withdrawAction(request: Request, signedIn: SignedIn, orderId: number, formData: FormData) {
  const eventId = Number(formData.get('eventId'));
  const formId = `tracking-withdraw-${eventId}`;
  const order = await orderOr404(request, signedIn, orderId);
  // Only an event of this order (another's is not found here).
  if (!Number.isInteger(eventId) || !order.tracking.some((event) => event.id === eventId)) {
    throw new Response('Not found', { status: 404 });
  }
  const done = await attempt(() => withdrawTrackingEvent(signedIn, eventId), 'withdraw tracking event', {
    keyFor: (error) =>
      isBackofficeError(error) && error.code === 'conflict' ? 'shipping:tracking.withdrawnAlready' : null,
  });
  if (!done.ok) {
    return data<TrackingActionData>(
      { formId, result: { status: 'error', error: { '': [done.key] } } },
      { status: 400 },
    );
  }
  return redirectWithFlash(request, `/apps/shipping-details/${orderId}#tracking`, {
    key: 'shipping:tracking.withdrawn',
  });
}

/** Staff mark the delivery done: the Delivered event, with who received the goods. */
async function deliverAction(request: Request, signedIn: SignedIn, orderId: number, formData: FormData) {
  const formId = 'delivery-done';
  const submission = parseWithZod(formData, { schema: deliveryDoneSchema });
  if (submission.status !== 'success') {
    return data<TrackingActionData>({ formId, result: submission.reply() }, { status: 400 });
  }
  const done = await attempt(() => completeDelivery(signedIn, orderId, submission.value), 'delivery done', {
    keyFor: (error) => {
      if (!isBackofficeError(error)) return null;
      if (error.fields.includes('location')) return { key: 'shipping:edit.locationRequired', field: 'place' };
      return error.fields.includes('status') ? 'shipping:delivery.refused' : null;
    },
  });
  if (!done.ok) {
    return data<TrackingActionData>(
      { formId, result: submission.reply(formErrorsOf(done)) },
      { status: 400 },
    );
  }
  return redirectWithFlash(request, `/apps/shipping-details/${orderId}`, {
    key: 'shipping:delivery.recorded',
    values: { name: done.value.name },
  });
}

export const meta = titleMeta;

export default function ShippingDetails() {
  const { order, staff, history, conversation } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const latestPlace = order.tracking.at(-1)?.place;

  return (
    <Stack gap={3}>
      <RecordHeading
        kicker={t('detail.kicker')}
        title={order.name}
        chips={<OrderStatusChip status={order.status} />}
        actions={
          <>
            {staff && (
              <Button
                component={RemixLink}
                to={`/apps/shipping-details/${order.id}/edit`}
                startDecorator={<IconPencil aria-hidden size={18} />}
              >
                {t('edit.open')}
              </Button>
            )}
            <Button
              component={RemixLink}
              to={`/apps/shipping/clearance-receipt/${order.id}`}
              variant="outlined"
              startDecorator={<IconPrinter aria-hidden size={18} />}
            >
              {t('detail.clearanceReceipt')}
            </Button>
            <Button component={RemixLink} to="/apps/shipping" variant="plain" color="neutral">
              {t('detail.back')}
            </Button>
          </>
        }
      />

      {order.status === 'cancelled' && order.cancel_reason && (
        <Notice color="warning">
          <Stack gap={0.5}>
            <Text level="title-sm" component="h2">
              {t('edit.cancelledTitle')}
            </Text>
            <TypedText>{order.cancel_reason}</TypedText>
            {order.cancelled_at && (
              <Text level="body-sm">
                {t('edit.cancelledBy', {
                  name: order.cancelled_by ?? '—',
                  date: formatDate(order.cancelled_at, language),
                })}
              </Text>
            )}
          </Stack>
        </Notice>
      )}

      <Grid container spacing={2}>
        <Grid xs={12} lg={7}>
          <Card style={{ height: '100%' }}>
            <Text level="title-lg" component="h2">
              {t('detail.order')}
            </Text>
            <FieldList
              rows={[
                { label: t('fields.orderNumber'), value: order.name, ltr: true },
                { label: t('fields.status'), value: tcat(`orderStatuses.${order.status}`) },
                { label: t('fields.category'), value: tcat(`categories.${order.category}`) },
                { label: t('fields.containerType'), value: tcat(`containerTypes.${order.container_type}`) },
                { label: t('fields.cbm'), value: formatNumber(order.cbm, language) },
                { label: t('fields.origin'), value: tcat(`origins.${order.origin}`) },
                { label: t('fields.location'), value: order.location, typed: true },
                { label: t('fields.shippingMark'), value: order.shipping_mark, ltr: true },
                { label: t('fields.container'), value: order.container_name, ltr: true },
                // Staff read the driver on the delivery card.
                ...(staff ? [] : [{ label: t('fields.driver'), value: order.driver_name, typed: true }]),
                ...(order.received_by
                  ? [{ label: t('fields.receivedBy'), value: order.received_by, typed: true }]
                  : []),
                ...(staff ? [{ label: t('fields.handler'), value: order.handler_name, typed: true }] : []),
                {
                  label: t('fields.expectedArrival'),
                  value: order.expected_arrival ? formatDate(order.expected_arrival, language) : null,
                },
                {
                  label: t('fields.requestId'),
                  value: order.request_id ? `#${order.request_id}` : null,
                },
                { label: t('fields.createdAt'), value: formatDate(order.created_at, language) },
              ]}
            />
          </Card>
        </Grid>
        <Grid xs={12} lg={5}>
          <Stack gap={2}>
            <Card>
              <Text level="title-lg" component="h2">
                {t('detail.finance')}
              </Text>
              <FieldList
                rows={[
                  {
                    label: t('fields.invoiceStatus'),
                    value: <InvoiceStatusChip status={order.invoice_status} />,
                  },
                  {
                    label: t('fields.totalInvoice'),
                    value: formatMoney(order.total_invoice, order.currency, language),
                  },
                  {
                    label: t('fields.loan'),
                    value: order.loan_name ? (
                      <TextLink to={`/apps/loan/loan-details/${order.loan_name}`}>{order.loan_name}</TextLink>
                    ) : (
                      t('detail.notFinanced')
                    ),
                  },
                ]}
              />
            </Card>
            {staff && (
              <Card>
                <Text level="title-lg" component="h2">
                  {t('detail.customer')}
                </Text>
                <FieldList
                  rows={[
                    { label: t('fields.customer'), value: order.partner_name, typed: true },
                    { label: t('fields.phone'), value: order.partner_phone, ltr: true },
                    { label: t('fields.email'), value: order.partner_email, ltr: true },
                  ]}
                />
              </Card>
            )}
            <Card>
              <Text level="title-lg" component="h2">
                {t('detail.supplier')}
              </Text>
              {order.supplier ? (
                <FieldList
                  rows={[
                    { label: t('fields.supplierName'), value: order.supplier.name, typed: true },
                    { label: t('fields.supplierPhone'), value: order.supplier.phone, ltr: true },
                    { label: t('fields.supplierEmail'), value: order.supplier.email, ltr: true },
                    { label: t('fields.supplierAddress'), value: order.supplier.address, typed: true },
                  ]}
                />
              ) : (
                <Text>{t('detail.noSupplier')}</Text>
              )}
            </Card>
          </Stack>
        </Grid>

        <Grid xs={12} lg={7}>
          <Card id="tracking">
            <Text level="title-lg" component="h2">
              {t('tracking.title')}
            </Text>
            <Timeline
              events={order.tracking}
              renderEdit={
                staff
                  ? (event) => (
                      <Stack direction="row" gap={1} alignItems="flex-start" flexWrap="wrap">
                        <EditTracking event={event} />
                        <WithdrawTracking event={event} />
                      </Stack>
                    )
                  : undefined
              }
            />
          </Card>
        </Grid>
        <Grid xs={12} lg={5}>
          <Stack gap={2}>
            <Card>
              <Text level="title-lg" component="h2">
                {t('detail.documents')}
              </Text>
              {order.documents.length === 0 ? (
                <Text>{t('detail.noDocuments')}</Text>
              ) : (
                <Stack component="ul" gap={0.5} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {order.documents.map((file) => (
                    <li key={file.id}>
                      <TextLink
                        href={`/apps/shipping-details/${order.id}/documents/${file.id}`}
                        startDecorator={
                          file.mimetype === 'application/pdf' ? (
                            <IconFileText aria-hidden size={16} />
                          ) : (
                            <IconPaperclip aria-hidden size={16} />
                          )
                        }
                        aria-label={t('detail.download', { filename: file.filename })}
                        style={{ wordBreak: 'break-all' }}
                      >
                        {file.filename} ({formatBytes(file.size, language)})
                      </TextLink>
                    </li>
                  ))}
                </Stack>
              )}
            </Card>
            {staff && <DeliveryCard order={order} />}
            {staff && (
              <Card>
                <Text level="title-lg" component="h2">
                  {t('tracking.addTitle')}
                </Text>
                {order.status === 'cancelled' || order.status === 'delivered' ? (
                  // The timeline is closed; a mistaken delivery is withdrawn on the timeline.
                  <Text level="body-sm">{t(`tracking.closed_${order.status}`)}</Text>
                ) : (
                  <TrackingForm defaultPlace={latestPlace} />
                )}
              </Card>
            )}
            <ConversationCard thread={conversation.value} error={conversation.error} staff={staff} />
            <HistoryCard recordType="order" events={history} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
