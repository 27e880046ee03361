// Staff: turn an approved shipping request into a shipping order. The form starts from the details the
// customer gave; a request that is not approved, or already has its order, is refused with a message.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '~/catalog';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, Notice, FormActions } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { FieldList, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { requestTitle } from '~/components/requests/request-title';
import { orderFromRequestSchema } from '~/forms/shipping';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import type { ShippingRequest } from '@contract';
import { attempt, isBackofficeError, loadPart, recordLoadFailed } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { supplierChoices } from '~/services/fleet.server';
import { createOrderFromRequest, getOrder } from '~/services/shipping.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { getShippingRequest, readRequest } from '~/services/requests.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/shipping/new-order/:requestId';

export const handle = { i18n: ['common', 'catalog', 'requests', 'shipping'] };

/** Why an order cannot be made from this request, if it cannot. */
function blocker(request: ShippingRequest): 'notApproved' | 'hasOrder' | null {
  if (request.shipping_order_id !== null) return 'hasOrder';
  return request.status === 'approved' ? null : 'notApproved';
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.requestId);
  const { t, title, common } = await pageTools(request, 'shipping');
  const shippingRequest = await getShippingRequest(signedIn, id).catch((error: unknown) =>
    recordLoadFailed(request, 'shipping request', error),
  );
  const suppliers = await loadPart(supplierChoices(signedIn), 'supplier choices', common);
  // The choices as the back office's codes (or the description's lines), the customer's words apart.
  const { choices: details, text, ...read } = readRequest(shippingRequest);
  return {
    title: title(t('newOrder.title', { id })),
    request: read,
    details,
    text,
    blocker: blocker(shippingRequest),
    suppliers: suppliers.value ?? [],
    suppliersError: suppliers.error,
    ...newFormKey(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.requestId);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: orderFromRequestSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const created = await attempt(
    () =>
      createOrderFromRequest(
        signedIn,
        id,
        {
          category: v.category,
          container_type: v.containerType,
          origin: v.origin,
          cbm: v.cbm,
          supplier_id: v.supplierId ?? null,
          shipping_mark: v.shippingMark ?? null,
        },
        formKeyFrom(formData),
      ),
    'order from request',
    {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict' ? 'shipping:newOrder.conflict' : null,
    },
  );
  if (!created.ok) return data(submission.reply({ formErrors: [created.key] }), { status: 400 });
  const orderId = created.value;
  // The back office answers the new order's id; the message names the order as its page does.
  const order = await attempt(() => getOrder(signedIn, orderId), 'new order name');
  const name = order.ok ? order.value.name : `#${orderId}`;
  return redirectWithFlash(request, `/apps/shipping-details/${orderId}`, {
    key: 'shipping:newOrder.created',
    values: { name },
  });
}

export const meta = titleMeta;

export default function NewOrderFromRequest() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const { request, details, text } = loaded;
  const [form, fields] = useForm({
    id: `order-from-request-${request.id}`,
    lastResult,
    defaultValue: {
      requestId: String(request.id),
      category: details.category,
      containerType: details.containerType,
      origin: details.origin,
      cbm: details.cbm === undefined ? undefined : String(details.cbm),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderFromRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={t('newOrder.title', { id: request.id })} intro={t('newOrder.intro')} />
      <Card>
        <Text level="title-md" component="h2">
          {t('newOrder.request')}
        </Text>
        <FieldList
          rows={[
            { label: t('fields.customer'), value: request.partner_name },
            { label: t('newOrder.requestName'), value: requestTitle(tcat, request, details) },
            { label: t('fields.status'), value: tcat(`requestStatuses.${request.status}`) },
            {
              label: t('newOrder.description'),
              value: text ? <bdi style={{ whiteSpace: 'pre-line' }}>{text}</bdi> : null,
            },
          ]}
        />
      </Card>
      {loaded.blocker ? (
        <Notice color="warning">
          {t(`newOrder.${loaded.blocker}`)}{' '}
          {request.shipping_order_id !== null && (
            <Link to={`/apps/shipping-details/${request.shipping_order_id}`}>{t('newOrder.openOrder')}</Link>
          )}
        </Notice>
      ) : (
        <Card>
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
            <Stack gap={2.5}>
              <FormErrors id={form.errorId} errors={form.errors} />
              <IdempotencyKeyField lastResult={lastResult} />
              <input type="hidden" name="requestId" value={request.id} />
              <Grid container spacing={2}>
                <Grid xs={12} md={6}>
                  <SelectField
                    field={fields.category}
                    label={t('fields.category')}
                    placeholder={t('directory.none')}
                    options={CATEGORIES.map((value) => ({ value, label: tcat(`categories.${value}`) }))}
                    required
                  />
                </Grid>
                <Grid xs={12} md={6}>
                  <SelectField
                    field={fields.containerType}
                    label={t('fields.containerType')}
                    placeholder={t('directory.none')}
                    options={CONTAINER_TYPES.map((value) => ({
                      value,
                      label: tcat(`containerTypes.${value}`),
                    }))}
                    required
                  />
                </Grid>
                <Grid xs={12} md={6}>
                  <SelectField
                    field={fields.origin}
                    label={t('fields.origin')}
                    placeholder={t('directory.none')}
                    options={ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) }))}
                    required
                  />
                </Grid>
                <Grid xs={12} md={6}>
                  <TextField field={fields.cbm} label={t('fields.cbm')} type="number" step="any" required />
                </Grid>
                <Grid xs={12} md={6}>
                  <SelectField
                    field={fields.supplierId}
                    label={t('fields.supplier')}
                    placeholder={t('directory.none')}
                    options={loaded.suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
                  />
                  {loaded.suppliersError && (
                    <Text level="body-sm" color="warning">
                      {t('newOrder.suppliersFailed', { reason: loaded.suppliersError })}
                    </Text>
                  )}
                </Grid>
                <Grid xs={12} md={6}>
                  <TextField field={fields.shippingMark} label={t('fields.shippingMark')} dir="ltr" />
                </Grid>
              </Grid>
              <FormActions
                submitLabel={t('newOrder.submit')}
                cancelTo={'/apps/shipping/requests'}
                cancelLabel={t('directory.cancel')}
              />
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
