// A rate's fields, to add one or change one: its lane, its price (per CBM, or per container for a full
// load), the minimum charge, the currency and the days it is valid (both included).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CONTAINER_TYPES, DESTINATIONS, ORIGINS } from '~/catalog';
import { QUOTE_CURRENCIES } from '@contract/values';
import type { Rate } from '@contract';
import { TextField } from '~/components/form-field';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { SelectField } from '~/components/select-field';
import { Grid, Stack } from '~/components/ui';
import { rateSchema } from '~/forms/rates';

export function RateForm({
  id,
  rate,
  lastResult,
  submitLabel,
  labelledBy,
}: {
  id: string;
  rate?: Rate;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  labelledBy: string;
}) {
  const { t } = useTranslation('quotes');
  const { t: tcat } = useTranslation('catalog');
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: rate
      ? {
          origin: rate.origin,
          destination: rate.destination,
          containerType: rate.container_type,
          price: rate.price.toFixed(2),
          minimum: rate.minimum.toFixed(2),
          currency: rate.currency,
          validFrom: rate.valid_from,
          validTo: rate.valid_to,
        }
      : { currency: 'USD', minimum: '0' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rateSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={labelledBy}>
      <Stack gap={2}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="save" />
        {!rate && <IdempotencyKeyField lastResult={lastResult} />}
        <Grid container spacing={2}>
          <Grid xs={12} sm={4}>
            <SelectField
              field={fields.origin}
              label={t('rates.origin')}
              placeholder={t('rates.choose')}
              options={ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) }))}
              required
            />
          </Grid>
          <Grid xs={12} sm={4}>
            <SelectField
              field={fields.destination}
              label={t('rates.destination')}
              placeholder={t('rates.choose')}
              options={DESTINATIONS.map((value) => ({ value, label: tcat(`destinations.${value}`) }))}
              required
            />
          </Grid>
          <Grid xs={12} sm={4}>
            <SelectField
              field={fields.containerType}
              label={t('rates.containerType')}
              placeholder={t('rates.choose')}
              options={CONTAINER_TYPES.map((value) => ({ value, label: tcat(`containerTypes.${value}`) }))}
              required
            />
          </Grid>
          <Grid xs={12} sm={4}>
            <TextField
              field={fields.price}
              label={t('rates.price')}
              hint={t('rates.priceHint')}
              type="number"
              step="0.01"
              required
            />
          </Grid>
          <Grid xs={12} sm={4}>
            <TextField field={fields.minimum} label={t('rates.minimum')} type="number" step="0.01" />
          </Grid>
          <Grid xs={12} sm={4}>
            <SelectField
              field={fields.currency}
              label={t('fields.currency')}
              options={QUOTE_CURRENCIES.map((value) => ({ value, label: value }))}
              required
            />
          </Grid>
          <Grid xs={12} sm={6}>
            <TextField field={fields.validFrom} label={t('rates.validFrom')} type="date" required />
          </Grid>
          <Grid xs={12} sm={6}>
            <TextField field={fields.validTo} label={t('rates.validTo')} type="date" required />
          </Grid>
        </Grid>
        <div>
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Stack>
    </Form>
  );
}
