// The request forms: "send a request for service" (pick a service) and the detailed forms for shipping,
// quotation and trade finance. Multipart posts to the route's action; works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from '~/components/translation';
import { CATEGORIES, CONTAINER_TYPES, DESTINATIONS, ORIGINS, SERVICES } from '~/catalog';
import {
  detailedRequestSchema,
  financeRequestSchema,
  quotationRequestSchema,
  serviceRequestSchema,
} from '~/forms/requests';
import { ATTACHMENT_LIMITS, ATTACHMENT_TYPES, QUOTE_CURRENCIES } from '@contract/values';
import { ATTACHMENT_RULES, useFileCheck } from '../file-check';
import { CheckboxGroupField, FileField, TextareaField, TextField } from '../form-field';
import { FormActions, FormErrors, SubmitButton } from '../form-parts';
import { IdempotencyKeyField } from '../idempotency-key';
import type { MessageField } from '../messages';
import { SelectField } from '../select-field';
import { PageHeading } from '~/components/page-parts';
import { Card, Grid, Stack, Text } from '~/components/ui';

type Reply = SubmissionResult<string[]>;

const ACCEPT = Object.entries(ATTACHMENT_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

export function DescriptionField({ field }: { field: MessageField }) {
  const { t } = useTranslation('requests');
  return <TextareaField field={field} label={t('fields.description')} hint={t('fields.descriptionHint')} />;
}

export function AttachmentsField({ field, submitted }: { field: MessageField; submitted: boolean }) {
  const { t } = useTranslation('requests');
  // With JavaScript, a choice the server would refuse is told (and cleared) before anything is sent.
  const check = useFileCheck(ATTACHMENT_RULES);
  return (
    <FileField
      field={field}
      label={t('fields.attachments')}
      multiple
      accept={ACCEPT}
      problems={check.problems}
      onChange={check.onChange}
      hint={
        <>
          {t('fields.attachmentsHint', {
            files: ATTACHMENT_LIMITS.files,
            mb: ATTACHMENT_LIMITS.bytes / (1024 * 1024),
          })}
          {submitted ? ` ${t('fields.attachmentsAgain')}` : ''}
        </>
      }
    />
  );
}

/**
 * A request form correcting a pending request: its page's words, the request's values to start from,
 * and where "cancel" goes. It sends no files (those sent stay) and so is not multipart.
 */
export interface Correction {
  title: string;
  intro: string;
  defaultValue: Record<string, string | string[]>;
  cancelTo: string;
}

/** The form's last part: the files and the submit button, or for a correction, cancel and save. */
function FormEnd({
  correction,
  attachments,
  submitLabel,
}: {
  correction: Correction | undefined;
  attachments: ReactNode;
  submitLabel: string;
}) {
  const { t } = useTranslation('requests');
  if (!correction) {
    return (
      <>
        {attachments}
        <SubmitButton>{submitLabel}</SubmitButton>
      </>
    );
  }
  return (
    <>
      <Text level="body-sm">{t('correct.filesStay')}</Text>
      <FormActions
        submitLabel={t('correct.submit')}
        cancelTo={correction.cancelTo}
        cancelLabel={t('correct.cancel')}
      />
    </>
  );
}

function FormFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Stack gap={3} style={{ maxWidth: 820 }}>
      <PageHeading title={title} intro={intro} />
      <Card>{children}</Card>
    </Stack>
  );
}

export function ServiceRequestForm({ aside, correction }: { aside?: ReactNode; correction?: Correction }) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('catalog');
  const lastResult = useActionData<Reply>();
  const [form, fields] = useForm<z.infer<typeof serviceRequestSchema>>({
    id: 'service-request',
    lastResult,
    // The request's values (typed as the form's text, which Conform reads alike).
    defaultValue: correction?.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <FormFrame
      title={correction?.title ?? t('service.title')}
      intro={correction?.intro ?? t('service.intro')}
    >
      <Form
        method="post"
        encType={correction ? undefined : 'multipart/form-data'}
        {...getFormProps(form)}
        aria-describedby={form.errorId}
      >
        <Stack gap={2.5}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <IdempotencyKeyField lastResult={lastResult} />
          <SelectField
            field={fields.service}
            label={t('service.choose')}
            placeholder={t('fields.select')}
            options={SERVICES.map((service) => ({ value: service, label: tc(`services.${service}`) }))}
            required
          />
          <DescriptionField field={fields.description} />
          <FormEnd
            correction={correction}
            attachments={<AttachmentsField field={fields.attachments} submitted={lastResult != null} />}
            submitLabel={t('service.submit')}
          />
        </Stack>
      </Form>
      {aside}
    </FormFrame>
  );
}

export function DetailedRequestForm({
  title,
  intro,
  withDestination = false,
  correction,
}: {
  title: string;
  intro: string;
  /** The quotation form asks where the goods go. */
  withDestination?: boolean;
  correction?: Correction;
}) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('catalog');
  const lastResult = useActionData<Reply>();
  const schema = withDestination ? quotationRequestSchema : detailedRequestSchema;
  const [form, fields] = useForm<z.infer<typeof detailedRequestSchema>>({
    id: 'detailed-request',
    lastResult,
    defaultValue: (correction?.defaultValue ?? { expectedRevenue: '0.0' }) as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema as typeof detailedRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <FormFrame title={correction?.title ?? title} intro={correction?.intro ?? intro}>
      <Form
        method="post"
        encType={correction ? undefined : 'multipart/form-data'}
        {...getFormProps(form)}
        aria-describedby={form.errorId}
      >
        <Stack gap={2.5}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <IdempotencyKeyField lastResult={lastResult} />
          <Grid container spacing={2}>
            <Grid xs={12} md={6}>
              <SelectField
                field={fields.category}
                label={t('fields.category')}
                placeholder={t('fields.select')}
                options={CATEGORIES.map((value) => ({ value, label: tc(`categories.${value}`) }))}
                required
              />
            </Grid>
            <Grid xs={12} md={6}>
              <SelectField
                field={fields.containerType}
                label={t('fields.containerType')}
                placeholder={t('fields.select')}
                options={CONTAINER_TYPES.map((value) => ({ value, label: tc(`containerTypes.${value}`) }))}
                required
              />
            </Grid>
            <Grid xs={12} md={6}>
              <SelectField
                field={fields.origin}
                label={t('fields.origin')}
                placeholder={t('fields.select')}
                options={ORIGINS.map((value) => ({ value, label: tc(`origins.${value}`) }))}
                required
              />
            </Grid>
            {withDestination && (
              <Grid xs={12} md={6}>
                <SelectField
                  field={fields.destination}
                  label={t('fields.destination')}
                  placeholder={t('fields.select')}
                  options={DESTINATIONS.map((value) => ({ value, label: tc(`destinations.${value}`) }))}
                  required
                />
              </Grid>
            )}
            <Grid xs={12} md={3}>
              <TextField
                field={fields.cbm}
                label={t('fields.cbm')}
                type="number"
                step="any"
                hint={t('fields.cbmHint')}
                required
                dir="ltr"
              />
            </Grid>
            <Grid xs={12} md={3}>
              <TextField
                field={fields.expectedRevenue}
                label={t('fields.expectedRevenue')}
                type="number"
                step="0.01"
                hint={t('fields.expectedRevenueHint')}
                dir="ltr"
              />
            </Grid>
          </Grid>
          <DescriptionField field={fields.description} />
          <FormEnd
            correction={correction}
            attachments={<AttachmentsField field={fields.attachments} submitted={lastResult != null} />}
            submitLabel={t('fields.submit')}
          />
        </Stack>
      </Form>
    </FormFrame>
  );
}

/** An order the application may finance, as the form lists it. */
export interface FinanceableOrder {
  id: number;
  name: string;
  category: string;
  status: string;
}

/** /apps/request-for-trade-finance: the application; the purpose is what the customer writes. */
export function FinanceRequestForm({
  orders,
  ordersError,
  correction,
}: {
  orders: FinanceableOrder[];
  ordersError: string | null;
  correction?: Correction;
}) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('catalog');
  const lastResult = useActionData<Reply>();
  const [form, fields] = useForm<z.infer<typeof financeRequestSchema>>({
    id: 'finance-request',
    lastResult,
    defaultValue: (correction?.defaultValue ?? { currency: 'USD' }) as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: financeRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <FormFrame
      title={correction?.title ?? t('tradeFinance.title')}
      intro={correction?.intro ?? t('finance.intro')}
    >
      <Form
        method="post"
        encType={correction ? undefined : 'multipart/form-data'}
        {...getFormProps(form)}
        aria-describedby={form.errorId}
      >
        <Stack gap={2.5}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <IdempotencyKeyField lastResult={lastResult} />
          <Grid container spacing={2}>
            <Grid xs={12} sm={6}>
              <TextField
                field={fields.amount}
                label={t('finance.amount')}
                type="number"
                step="0.01"
                required
                dir="ltr"
              />
            </Grid>
            <Grid xs={12} sm={3}>
              <SelectField
                field={fields.currency}
                label={t('finance.currency')}
                options={QUOTE_CURRENCIES.map((value) => ({ value, label: value }))}
                required
              />
            </Grid>
            <Grid xs={12} sm={3}>
              <TextField
                field={fields.tenorMonths}
                label={t('finance.tenor')}
                type="number"
                step="1"
                required
                dir="ltr"
              />
            </Grid>
            <Grid xs={12} sm={6}>
              <TextField field={fields.supplierName} label={t('finance.supplierName')} required />
            </Grid>
            <Grid xs={12} sm={6}>
              <TextField field={fields.supplierCountry} label={t('finance.supplierCountry')} required />
            </Grid>
          </Grid>
          <TextareaField
            field={fields.purpose}
            label={t('finance.purpose')}
            hint={t('finance.purposeHint')}
          />
          {ordersError ? (
            <Text role="alert">{ordersError}</Text>
          ) : (
            <CheckboxGroupField
              field={fields.orderIds}
              legend={t('finance.orders')}
              empty={<Text level="body-sm">{t('finance.noOrders')}</Text>}
              options={orders.map((order) => ({
                value: String(order.id),
                label: (
                  <span>
                    <bdi>{order.name}</bdi> — {tc(`categories.${order.category}`)},{' '}
                    {tc(`orderStatuses.${order.status}`)}
                  </span>
                ),
              }))}
            />
          )}
          <FormEnd
            correction={correction}
            attachments={
              <>
                <AttachmentsField field={fields.attachments} submitted={lastResult != null} />
                <Text level="body-sm">{t('finance.attachmentsHint')}</Text>
              </>
            }
            submitLabel={t('fields.submit')}
          />
        </Stack>
      </Form>
    </FormFrame>
  );
}
