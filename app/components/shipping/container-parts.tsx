// A container's pages (admin): its add and edit form, and on its own page the orders inside (each can be
// taken out while it is loading), the orders that can be loaded (ticked, then loaded at once) and its
// events (each copied to every order inside). Every form posts to the page's action; no JavaScript needed.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { isolate } from '~/components/ltr-text';
import { ORIGINS } from '~/catalog';
import {
  CONTAINER_KINDS,
  CONTAINER_MILESTONES,
  CONTAINER_SIZES,
  CONTAINER_STATUSES,
  LOADING_CONTAINER_STATUSES,
  type ContainerStatus,
} from '@contract/values';
import type { ContainerDetail } from '@contract';
import { CheckboxGroupField, TextareaField, TextField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { formatDate, formatDateTime, formatNumber } from '~/components/format';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { FieldList } from '~/components/page-parts';
import { SelectField } from '~/components/select-field';
import { Button, Card, Grid, Stack, Text, TextLink, type LabelColour } from '~/components/ui';
import {
  containerEventSchema,
  containerLoadSchema,
  containerSchema,
  toLocalDateTime,
} from '~/forms/shipping';
import { OrderStatusChip } from './order-parts';
import { RecordFormPage } from './directory';

export const CONTAINER_STATUS_COLOURS: Record<ContainerStatus, LabelColour> = {
  planned: 'neutral',
  loading: 'primary',
  sealed: 'neutral',
  departed: 'warning',
  arrived: 'success',
  emptied: 'neutral',
};

/** What a form of the container's page answers: which form, and its result. */
export interface ContainerActionData {
  formId: string;
  result: SubmissionResult<string[]>;
}

/** The add page (no record) or the edit page of a container. */
export function ContainerFormPage() {
  const { record } = useLoaderData<{ record: ContainerDetail | null }>();
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: tcat(`${group}.${value}`) }));
  return (
    <RecordFormPage
      formId={record ? `container-${record.id}` : 'container-new'}
      title={record ? t('containers.editTitle', { name: record.name }) : t('containers.addTitle')}
      intro={t('containers.formIntro')}
      schema={containerSchema}
      defaultValue={{
        name: record?.name,
        kind: record?.kind ?? 'dry',
        size: record?.size,
        capacityCbm: record ? String(record.capacity_cbm) : undefined,
        status: record?.status ?? 'planned',
        origin: record?.origin,
        destination: record?.destination,
        vessel: record?.vessel ?? undefined,
        voyage: record?.voyage ?? undefined,
        departureDate: record?.departure_date ?? undefined,
        arrivalDate: record?.arrival_date ?? undefined,
      }}
      fields={[
        { name: 'name', label: t('containers.fields.number'), required: true, ltr: true },
        {
          name: 'kind',
          label: t('containers.fields.kind'),
          required: true,
          options: options(CONTAINER_KINDS, 'containerKinds'),
        },
        {
          name: 'size',
          label: t('containers.fields.size'),
          required: true,
          options: options(CONTAINER_SIZES, 'containerSizes'),
        },
        {
          name: 'capacityCbm',
          label: t('containers.fields.capacity'),
          hint: t('containers.capacityHint'),
          ltr: true,
        },
        {
          name: 'status',
          label: t('containers.fields.status'),
          required: true,
          options: options(CONTAINER_STATUSES, 'containerStatuses'),
        },
        {
          name: 'origin',
          label: t('containers.fields.origin'),
          required: true,
          options: options(ORIGINS, 'origins'),
        },
        { name: 'destination', label: t('containers.fields.destination'), required: true },
        { name: 'vessel', label: t('containers.fields.vessel') },
        { name: 'voyage', label: t('containers.fields.voyage'), ltr: true },
        { name: 'departureDate', label: t('containers.fields.departure'), type: 'date' },
        { name: 'arrivalDate', label: t('containers.fields.arrival'), type: 'date' },
      ]}
      submitLabel={record ? t('directory.save') : t('containers.add')}
      cancelTo={record ? `/apps/shipping/container/${record.id}` : '/apps/shipping/container'}
    />
  );
}

/** The container's fields and how full it is. */
export function ContainerFacts({ container }: { container: ContainerDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const number = (value: number) => formatNumber(value, i18n.language);
  const day = (value: string | null) => (value ? formatDate(value, i18n.language) : null);
  return (
    <Card>
      <FieldList
        rows={[
          { label: t('containers.fields.kind'), value: tcat(`containerKinds.${container.kind}`) },
          { label: t('containers.fields.size'), value: tcat(`containerSizes.${container.size}`) },
          {
            label: t('containers.fillLevel'),
            value: t('containers.fill', {
              used: number(container.used_cbm),
              capacity: number(container.capacity_cbm),
              percent: Math.min(100, Math.round((container.used_cbm / container.capacity_cbm) * 100)),
            }),
          },
          {
            label: t('containers.route'),
            value: t('containers.routeText', {
              origin: tcat(`origins.${container.origin}`),
              destination: isolate(container.destination),
            }),
          },
          { label: t('containers.fields.vessel'), value: container.vessel },
          { label: t('containers.fields.voyage'), value: container.voyage, ltr: true },
          { label: t('containers.fields.departure'), value: day(container.departure_date) },
          { label: t('containers.fields.arrival'), value: day(container.arrival_date) },
        ]}
      />
    </Card>
  );
}

/** Whether the container still takes orders (and gives them back). */
export const takesOrders = (container: ContainerDetail) =>
  LOADING_CONTAINER_STATUSES.includes(container.status);

function FormError({ formId }: { formId: string }) {
  const answer = useActionData<ContainerActionData>();
  const errors = answer?.formId === formId ? answer.result.error?.[''] : undefined;
  return <FormErrors id={`${formId}-error`} errors={errors ?? undefined} />;
}

/** The orders inside, each with a button that takes it out while the container is loading. */
export function ContainerOrders({ container }: { container: ContainerDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const navigation = useNavigation();
  const open = takesOrders(container);
  return (
    <Card>
      <Text level="title-lg" component="h2">
        {t('containers.inside')}
      </Text>
      <FormError formId="container-unload" />
      {container.orders.length === 0 ? (
        <Text>{t('containers.noOrders')}</Text>
      ) : (
        <Stack component="ul" gap={1} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {container.orders.map((order) => {
            const busy =
              navigation.state === 'submitting' && navigation.formData?.get('orderId') === String(order.id);
            return (
              <li key={order.id}>
                <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
                  <TextLink to={`/apps/shipping-details/${order.id}`} dir="ltr">
                    {order.name}
                  </TextLink>
                  <OrderStatusChip status={order.status} />
                  <Text level="body-sm">
                    {t('containers.orderLine', {
                      customer: isolate(order.partner_name),
                      cbm: formatNumber(order.cbm, i18n.language),
                    })}
                  </Text>
                  {open && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unload" />
                      <input type="hidden" name="formId" value="container-unload" />
                      <input type="hidden" name="orderId" value={order.id} />
                      <Button
                        type="submit"
                        size="sm"
                        variant="outlined"
                        color="neutral"
                        loading={busy}
                        aria-label={t('containers.unloadOrder', { name: order.name })}
                      >
                        {t('containers.unload')}
                      </Button>
                    </Form>
                  )}
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** The orders that can go in (its origin's, in no container): ticked, then loaded at once. */
export function LoadOrdersForm({ container }: { container: ContainerDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const answer = useActionData<ContainerActionData>();
  const navigation = useNavigation();
  const formId = 'container-load';
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.formId === formId ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: containerLoadSchema }),
    shouldValidate: 'onSubmit',
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === formId;
  const left = Math.max(0, container.capacity_cbm - container.used_cbm);
  return (
    <Card>
      <Form method="post" {...getFormProps(form)} aria-labelledby={`${formId}-title`}>
        <Stack gap={2}>
          <div>
            <Text level="title-lg" component="h2" id={`${formId}-title`}>
              {t('containers.loadTitle')}
            </Text>
            <Text level="body-sm">
              {t('containers.loadIntro', {
                origin: tcat(`origins.${container.origin}`),
                left: formatNumber(left, i18n.language),
              })}
            </Text>
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="load" />
          <input type="hidden" name="formId" value={formId} />
          <IdempotencyKeyField lastResult={answer?.formId === formId ? answer.result : undefined} />
          <CheckboxGroupField
            field={fields.orderIds}
            legend={t('containers.loadLegend')}
            empty={<Text level="body-sm">{t('containers.noneToLoad')}</Text>}
            options={container.loadable.map((order) => ({
              value: String(order.id),
              label: (
                <span>
                  <bdi>{order.name}</bdi> ·{' '}
                  {t('containers.orderLine', {
                    customer: isolate(order.partner_name),
                    cbm: formatNumber(order.cbm, i18n.language),
                  })}{' '}
                  · {tcat(`orderStatuses.${order.status}`)}
                </span>
              ),
            }))}
          />
          {container.loadable.length > 0 && (
            <div>
              <Button type="submit" loading={busy} loadingPosition="start">
                {t('containers.load')}
              </Button>
            </div>
          )}
        </Stack>
      </Form>
    </Card>
  );
}

/** The container's events, newest first, and the form that adds one to every order inside. */
export function ContainerEvents({ container }: { container: ContainerDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const answer = useActionData<ContainerActionData>();
  const navigation = useNavigation();
  const formId = 'container-event';
  const lastResult = answer?.formId === formId ? answer.result : undefined;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { eventTime: toLocalDateTime(new Date().toISOString()) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: containerEventSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === formId;
  return (
    <Card>
      <Text level="title-lg" component="h2" id="container-events">
        {t('containers.eventsTitle')}
      </Text>
      {container.events.length === 0 ? (
        <Text>{t('containers.noEvents')}</Text>
      ) : (
        <Stack component="ol" gap={1.5} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {container.events.map((event) => (
            <li key={event.id}>
              <Text level="title-sm">{tcat(`milestones.${event.milestone}`)}</Text>
              <Text level="body-sm">
                {formatDateTime(event.event_time, i18n.language)} · <bdi>{event.place}</bdi>
              </Text>
              {event.note && (
                <Text level="body-sm" dir="auto">
                  {event.note}
                </Text>
              )}
              <Text level="body-xs" textColor="text.tertiary">
                {t('containers.eventBy', { name: event.created_by ?? '—', count: event.orders })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Form method="post" {...getFormProps(form)} aria-labelledby={`${formId}-title`}>
        <Stack gap={2}>
          <Text level="title-md" component="h3" id={`${formId}-title`}>
            {t('containers.addEvent')}
          </Text>
          <Text level="body-sm">{t('containers.addEventIntro')}</Text>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="event" />
          <input type="hidden" name="formId" value={formId} />
          <IdempotencyKeyField lastResult={lastResult} />
          <Grid container spacing={2}>
            <Grid xs={12} md={4}>
              <SelectField
                field={fields.milestone}
                label={t('tracking.milestone')}
                placeholder={t('tracking.chooseMilestone')}
                options={CONTAINER_MILESTONES.map((value) => ({ value, label: tcat(`milestones.${value}`) }))}
                required
              />
            </Grid>
            <Grid xs={12} md={4}>
              <TextField field={fields.place} label={t('tracking.place')} required />
            </Grid>
            <Grid xs={12} md={4}>
              <TextField
                field={fields.eventTime}
                label={t('tracking.time')}
                type="datetime-local"
                hint={t('tracking.timeHint')}
                required
              />
            </Grid>
          </Grid>
          <TextareaField field={fields.note} label={t('tracking.note')} minRows={2} />
          <div>
            <Button type="submit" loading={busy} loadingPosition="start">
              {t('containers.addEventSubmit')}
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
