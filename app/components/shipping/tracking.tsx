// A shipment's milestone timeline, and the staff's form to add or correct a tracking event.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { Button, Grid, Stack, Text } from '~/components/ui';
import { Disclosure } from '~/components/disclosure';
import { TextField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { formatDateTime } from '~/components/format';
import { SelectField } from '~/components/select-field';
import { toLocalDateTime, trackingSchema } from '~/forms/shipping';
import { MILESTONES } from '@contract/values';
import type { TrackingEvent } from '@contract';

/** What the tracking action answers when it refuses: the form it belongs to and Conform's reply. */
export interface TrackingActionData {
  formId: string;
  result: SubmissionResult<string[]>;
}

export function Timeline({
  events,
  renderEdit,
}: {
  events: readonly TrackingEvent[];
  renderEdit?: (event: TrackingEvent) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  if (events.length === 0) return <Text>{t('tracking.empty')}</Text>;
  // The current step is the latest event that stands (a withdrawn one is kept, struck through).
  const latest = events.filter((event) => !event.withdrawn_at).at(-1)?.id;
  return (
    <ol className="ui-timeline ui-timeline-ringed ui-timeline-roomy">
      {events.map((event) => {
        const withdrawn = Boolean(event.withdrawn_at);
        const classes = ['ui-timeline-entry'];
        if (event.milestone === 'delayed') classes.push('ui-timeline-danger');
        if (withdrawn) classes.push('ui-timeline-withdrawn');
        return (
          <li
            key={event.id}
            aria-current={event.id === latest ? 'step' : undefined}
            className={classes.join(' ')}
          >
            <Text level="title-sm">
              {withdrawn ? (
                <s>{tcat(`milestones.${event.milestone}`)}</s>
              ) : (
                tcat(`milestones.${event.milestone}`)
              )}
            </Text>
            <Text level="body-sm" className="ui-timeline-detail">
              <time dateTime={event.event_time}>{formatDateTime(event.event_time, i18n.language)}</time>
              {' · '}
              <bdi>{event.place}</bdi>
            </Text>
            {event.note && (
              <Text
                level="body-sm"
                textColor="text.secondary"
                className="ui-timeline-detail"
                dir="auto"
                style={{ whiteSpace: 'pre-line' }}
              >
                {event.note}
              </Text>
            )}
            {event.container && (
              <Text level="body-xs" textColor="text.tertiary">
                {t('tracking.viaContainer', { container: event.container })}
              </Text>
            )}
            {event.created_by && (
              <Text level="body-xs" textColor="text.tertiary">
                {t('tracking.by', { name: event.created_by })}
              </Text>
            )}
            {event.withdrawn_at && (
              <Text level="body-xs" textColor="text.secondary">
                {t('tracking.withdrawnBy', {
                  name: event.withdrawn_by ?? '—',
                  date: formatDateTime(event.withdrawn_at, i18n.language),
                })}
              </Text>
            )}
            {!withdrawn && renderEdit?.(event)}
          </li>
        );
      })}
    </ol>
  );
}

/** Staff withdraw a mistaken event: kept on the timeline, struck through; the order's status follows. */
export function WithdrawTracking({ event }: { event: TrackingEvent }) {
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const answer = useActionData<TrackingActionData>();
  const navigation = useNavigation();
  const formId = `tracking-withdraw-${event.id}`;
  const errors = answer?.formId === formId ? answer.result.error?.[''] : undefined;
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'withdraw' &&
    navigation.formData?.get('eventId') === String(event.id);
  return (
    <Form method="post">
      <FormErrors id={`${formId}-error`} errors={errors ?? undefined} />
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="eventId" value={event.id} />
      <Button
        type="submit"
        size="sm"
        variant="plain"
        color="danger"
        loading={busy}
        aria-label={t('tracking.withdrawLabel', { milestone: tcat(`milestones.${event.milestone}`) })}
      >
        {t('tracking.withdraw')}
      </Button>
    </Form>
  );
}

/** Adds an event (no `event`) or corrects one; posts to the page's action, works without JavaScript. */
export function TrackingForm({ event, defaultPlace }: { event?: TrackingEvent; defaultPlace?: string }) {
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const formId = event ? `tracking-${event.id}` : 'tracking-new';
  const answer = useActionData<TrackingActionData>();
  const navigation = useNavigation();
  const lastResult = answer?.formId === formId ? answer.result : undefined;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: event
      ? {
          milestone: event.milestone,
          place: event.place,
          eventTime: toLocalDateTime(event.event_time),
          note: event.note ?? '',
        }
      : { place: defaultPlace ?? '', eventTime: toLocalDateTime(new Date().toISOString()) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trackingSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === formId;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={event ? t('tracking.editTitle') : t('tracking.addTitle')}
    >
      <Stack gap={2}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="formId" value={formId} />
        {!event && <IdempotencyKeyField lastResult={lastResult} />}
        {event && <input type="hidden" name="eventId" value={event.id} />}
        <Grid container spacing={2}>
          <Grid xs={12} md={6}>
            <SelectField
              field={fields.milestone}
              label={t('tracking.milestone')}
              placeholder={t('tracking.chooseMilestone')}
              options={MILESTONES.map((value) => ({ value, label: tcat(`milestones.${value}`) }))}
              required
            />
          </Grid>
          <Grid xs={12} md={6}>
            <TextField
              field={fields.eventTime}
              label={t('tracking.time')}
              type="datetime-local"
              hint={t('tracking.timeHint')}
              required
            />
          </Grid>
          <Grid xs={12}>
            <TextField field={fields.place} label={t('tracking.place')} required />
          </Grid>
          <Grid xs={12}>
            <TextField field={fields.note} label={t('tracking.note')} />
          </Grid>
        </Grid>
        <div>
          <Button type="submit" loading={busy} loadingPosition="start">
            {event ? t('tracking.save') : t('tracking.add')}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

/** "Edit" beside a timeline event: the form in a disclosure, open again when it came back refused. */
export function EditTracking({ event }: { event: TrackingEvent }) {
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const answer = useActionData<TrackingActionData>();
  return (
    <Disclosure
      summary={t('tracking.edit')}
      label={t('tracking.editLabel', { milestone: tcat(`milestones.${event.milestone}`) })}
      align="start"
      width={520}
      open={answer?.formId === `tracking-${event.id}`}
    >
      <TrackingForm event={event} />
    </Disclosure>
  );
}
