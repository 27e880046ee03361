// Staff's editor of a draft quote: its terms, the shipment it prices (what becomes the order), and its
// lines, each a group of labelled fields (a table of inputs does not fit a phone). Three blank rows are
// offered below the lines; saving brings three more. Without JavaScript it is a plain form; with it,
// the browser checks it first and the buttons say they are working.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '~/catalog';
import {
  INCOTERMS,
  QUOTE_CURRENCIES,
  QUOTE_LINE_KINDS,
  QUOTE_MAX_LINES,
  QUOTE_UNITS,
} from '@contract/values';
import type { QuoteDetail } from '@contract';
import { TextareaField, TextField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { SelectField } from '~/components/select-field';
import { Button, Grid, Stack, Text } from '~/components/ui';
import { quoteSchema } from '~/forms/quotes';

/** Blank rows offered under the lines. */
const BLANK_ROWS = 3;

export function quoteFormValues(quote: QuoteDetail) {
  const rows = Math.min(QUOTE_MAX_LINES, quote.lines.length + BLANK_ROWS);
  return {
    currency: quote.currency,
    validUntil: quote.valid_until,
    transitDays: quote.transit_days === null ? '' : String(quote.transit_days),
    incoterm: quote.incoterm ?? '',
    notes: quote.notes ?? '',
    category: quote.category,
    containerType: quote.container_type,
    cbm: String(quote.cbm),
    origin: quote.origin,
    lines: Array.from({ length: rows }, (_, index) => {
      const line = quote.lines[index];
      return line
        ? {
            kind: line.kind,
            description: line.description,
            quantity: String(line.quantity),
            unit: line.unit,
            unitPrice: line.unit_price.toFixed(2),
          }
        : { kind: 'freight', description: '', quantity: '', unit: 'shipment', unitPrice: '' };
    }),
  };
}

export function QuoteEditor({
  quote,
  lastResult,
}: {
  quote: QuoteDetail;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('quotes');
  const { t: tcat } = useTranslation('catalog');
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `quote-${quote.id}`,
    lastResult,
    defaultValue: quoteFormValues(quote),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSchema }),
    shouldValidate: 'onSubmit',
  });
  const pending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="quote-editor-title">
      <Stack gap={2}>
        <Text level="title-lg" component="h2" id="quote-editor-title">
          {t('editor.title')}
        </Text>
        <Text level="body-sm">{t('editor.intro')}</Text>
        <FormErrors id={form.errorId} errors={form.errors} />
        {/* Sending is kept once, whatever the number of clicks. */}
        <IdempotencyKeyField lastResult={lastResult} />
        <Grid container spacing={2}>
          <Grid xs={12} sm={6} md={3}>
            <SelectField
              field={fields.currency}
              label={t('fields.currency')}
              options={options(QUOTE_CURRENCIES, (value) => value)}
              required
            />
          </Grid>
          <Grid xs={12} sm={6} md={3}>
            <TextField field={fields.validUntil} label={t('fields.validUntil')} type="date" required />
          </Grid>
          <Grid xs={12} sm={6} md={3}>
            <TextField field={fields.transitDays} label={t('fields.transitDays')} type="number" step="1" />
          </Grid>
          <Grid xs={12} sm={6} md={3}>
            <SelectField
              field={fields.incoterm}
              label={t('fields.incoterm')}
              placeholder={t('editor.noIncoterm')}
              options={options(INCOTERMS, (value) => `${value} — ${t(`incoterms.${value}`)}`)}
            />
          </Grid>
        </Grid>

        <fieldset className="requests-quote-fieldset">
          <legend>{t('editor.shipment')}</legend>
          <Grid container spacing={2}>
            <Grid xs={12} sm={6}>
              <SelectField
                field={fields.category}
                label={t('fields.category')}
                options={options(CATEGORIES, (value) => tcat(`categories.${value}`))}
                required
              />
            </Grid>
            <Grid xs={12} sm={6}>
              <SelectField
                field={fields.containerType}
                label={t('fields.containerType')}
                options={options(CONTAINER_TYPES, (value) => tcat(`containerTypes.${value}`))}
                required
              />
            </Grid>
            <Grid xs={12} sm={6}>
              <TextField field={fields.cbm} label={t('fields.cbm')} type="number" step="any" required />
            </Grid>
            <Grid xs={12} sm={6}>
              <SelectField
                field={fields.origin}
                label={t('fields.origin')}
                options={options(ORIGINS, (value) => tcat(`origins.${value}`))}
                required
              />
            </Grid>
          </Grid>
        </fieldset>

        {fields.lines.getFieldList().map((row, index) => {
          const line = row.getFieldset();
          return (
            <fieldset key={row.key} className="requests-quote-fieldset">
              <legend>{t('editor.line', { number: index + 1 })}</legend>
              <Grid container spacing={2}>
                <Grid xs={12} sm={6} md={3}>
                  <SelectField
                    field={line.kind}
                    label={t('lines.kind')}
                    options={options(QUOTE_LINE_KINDS, (value) => t(`kinds.${value}`))}
                  />
                </Grid>
                <Grid xs={12} sm={6} md={9}>
                  <TextField field={line.description} label={t('lines.description')} />
                </Grid>
                <Grid xs={12} sm={4}>
                  <TextField field={line.quantity} label={t('lines.quantity')} type="number" step="any" />
                </Grid>
                <Grid xs={12} sm={4}>
                  <SelectField
                    field={line.unit}
                    label={t('lines.unit')}
                    options={options(QUOTE_UNITS, (value) => t(`units.${value}`))}
                  />
                </Grid>
                <Grid xs={12} sm={4}>
                  <TextField field={line.unitPrice} label={t('lines.unitPrice')} type="number" step="0.01" />
                </Grid>
              </Grid>
            </fieldset>
          );
        })}
        <Text level="body-sm">{t('editor.blankRows')}</Text>

        <TextareaField field={fields.notes} label={t('fields.notes')} minRows={3} maxLength={2000} />
        <Stack direction="row" gap={1.5} flexWrap="wrap">
          {/* Saving comes first: the Enter key in a field presses the form's first button. */}
          <Button
            type="submit"
            name="intent"
            value="save"
            size="lg"
            variant="outlined"
            loading={pending === 'save'}
            loadingPosition="start"
            disabled={Boolean(pending)}
          >
            {t('editor.save')}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="send"
            size="lg"
            loading={pending === 'send'}
            loadingPosition="start"
            disabled={Boolean(pending)}
          >
            {t('editor.send')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
