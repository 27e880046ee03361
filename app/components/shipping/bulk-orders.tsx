// Staff act on the orders they check in the list: one tracking event added to each, or one driver given
// to each. The rows' checkboxes belong to this form by its id; it posts to the list's action and works
// without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useLocation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { MILESTONES } from '@contract/values';
import { TextField } from '~/components/form-field';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { SelectField } from '~/components/select-field';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { BULK_ACTIONS, bulkOrdersSchema, toLocalDateTime } from '~/forms/shipping';

export const BULK_FORM = 'bulk-orders';

/** The orders checked when the form came back refused (they stay checked). */
export function useChosenOrders(): Set<string> {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const chosen = lastResult?.initialValue?.orderIds;
  return new Set([chosen ?? []].flat().map(String));
}

export function BulkOrdersForm({ drivers }: { drivers: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('shipping');
  const { t: tcat } = useTranslation('catalog');
  const location = useLocation();
  // Posted with the list's own query, so that the list shows the same orders when the form comes back.
  const query = new URLSearchParams(location.search);
  query.delete('index');
  const action = `/apps/shipping?index${query.size ? `&${query}` : ''}`;
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: BULK_FORM,
    lastResult,
    defaultValue: { bulk: 'event', eventTime: toLocalDateTime(new Date().toISOString()) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bulkOrdersSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const chosenErrors = fields.orderIds.errors;
  return (
    <Card>
      <Form method="post" action={action} {...getFormProps(form)} aria-labelledby={`${BULK_FORM}-title`}>
        <Stack gap={2}>
          <div>
            <Text level="title-lg" component="h2" id={`${BULK_FORM}-title`}>
              {t('bulk.title')}
            </Text>
            <Text level="body-sm">{t('bulk.intro')}</Text>
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <FormErrors id={fields.orderIds.errorId} errors={chosenErrors} />
          <Grid container spacing={2}>
            <Grid xs={12} md={4}>
              <SelectField
                field={fields.bulk}
                label={t('bulk.what')}
                options={BULK_ACTIONS.map((value) => ({ value, label: t(`bulk.actions.${value}`) }))}
                required
              />
            </Grid>
          </Grid>
          <fieldset className="plain-fieldset">
            <legend>{t('bulk.actions.event')}</legend>
            <Grid container spacing={2}>
              <Grid xs={12} md={4}>
                <SelectField
                  field={fields.milestone}
                  label={t('tracking.milestone')}
                  placeholder={t('tracking.chooseMilestone')}
                  options={MILESTONES.map((value) => ({ value, label: tcat(`milestones.${value}`) }))}
                />
              </Grid>
              <Grid xs={12} md={4}>
                <TextField
                  field={fields.eventTime}
                  label={t('tracking.time')}
                  type="datetime-local"
                  hint={t('tracking.timeHint')}
                />
              </Grid>
              <Grid xs={12} md={4}>
                <TextField field={fields.place} label={t('tracking.place')} />
              </Grid>
              <Grid xs={12}>
                <TextField field={fields.note} label={t('tracking.note')} />
              </Grid>
            </Grid>
          </fieldset>
          <fieldset className="plain-fieldset">
            <legend>{t('bulk.actions.driver')}</legend>
            <Grid container spacing={2}>
              <Grid xs={12} md={6}>
                <SelectField
                  field={fields.driverId}
                  label={t('fields.driver')}
                  placeholder={t('directory.none')}
                  options={drivers.map((driver) => ({ value: String(driver.id), label: driver.name }))}
                />
              </Grid>
              <Grid xs={12} md={6}>
                <TextField field={fields.deliveryDate} label={t('fields.deliveryDate')} type="date" />
              </Grid>
            </Grid>
          </fieldset>
          <div>
            <SubmitButton>{t('bulk.apply')}</SubmitButton>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
