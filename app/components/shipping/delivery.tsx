// An order's last mile for staff: the driver, the day planned, who received the goods, and the form that
// marks the delivery done (the Delivered event). Posts to the order page's action; works without JavaScript.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import type { ShippingOrderDetail } from '@contract';
import { TextField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { formatDate } from '~/components/format';
import { FieldList } from '~/components/page-parts';
import { Button, Card, Stack, Text, TextLink } from '~/components/ui';
import { deliveryDoneSchema } from '~/forms/shipping';
import type { TrackingActionData } from './tracking';

const FORM_ID = 'delivery-done';

export function DeliveryCard({ order }: { order: ShippingOrderDetail }) {
  const { t, i18n } = useTranslation('shipping');
  const answer = useActionData<TrackingActionData>();
  const navigation = useNavigation();
  const lastResult = answer?.formId === FORM_ID ? answer.result : undefined;
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: { place: order.location ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deliveryDoneSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === FORM_ID;
  return (
    <Card>
      <Text level="title-lg" component="h2">
        {t('delivery.title')}
      </Text>
      <FieldList
        rows={[
          {
            label: t('fields.driver'),
            value:
              order.driver_id != null && order.driver_name ? (
                <TextLink to={`/apps/shipping/drivers/${order.driver_id}`}>{order.driver_name}</TextLink>
              ) : null,
          },
          {
            label: t('fields.deliveryDate'),
            value: order.delivery_date ? formatDate(order.delivery_date, i18n.language) : null,
          },
          { label: t('fields.receivedBy'), value: order.received_by },
        ]}
      />
      {order.status === 'cleared' ? (
        <Form method="post" {...getFormProps(form)} aria-label={t('delivery.formTitle')}>
          <Stack gap={2}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="formId" value={FORM_ID} />
            <input type="hidden" name="intent" value="deliver" />
            <TextField field={fields.receivedBy} label={t('fields.receivedBy')} required />
            <TextField field={fields.place} label={t('tracking.place')} hint={t('delivery.placeHint')} />
            <div>
              <Button type="submit" loading={busy} loadingPosition="start">
                {t('delivery.done')}
              </Button>
            </div>
          </Stack>
        </Form>
      ) : (
        order.status !== 'delivered' &&
        order.status !== 'cancelled' && <Text level="body-sm">{t('delivery.notYet')}</Text>
      )}
    </Card>
  );
}
