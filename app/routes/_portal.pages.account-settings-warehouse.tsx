// Staff: the warehouse they work at — name, address, origin, opening hours, contact. Its origin is the
// default filter of the staff lists (orders, containers, requests), which can still show all.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { ORIGINS } from '~/catalog';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { Button, Card, Grid, Stack, Text } from '~/components/ui';
import { warehouseSchema } from '~/forms/account';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, loadPart } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { pageTools } from '~/services/page.server';
import { clearWarehouse, getWarehouse, saveWarehouse } from '~/services/warehouse.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/pages/account-settings-warehouse';

export const handle = { i18n: ['common', 'catalog', 'account'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const { t, title, common } = await pageTools(request, 'account');
  const loaded = await loadPart(getWarehouse(signedIn), 'warehouse settings', common);
  return {
    title: title(t('warehouse.title')),
    warehouse: loaded.value?.warehouse ?? null,
    loadError: loaded.error,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const formData = await readForm(request);
  if (formData.get('intent') === 'remove') {
    const removed = await attempt(() => clearWarehouse(signedIn), 'remove warehouse');
    if (!removed.ok) {
      return data({ status: 'error' as const, error: { '': [removed.key] } }, { status: 400 });
    }
    return redirectWithFlash(request, SCREEN, { key: 'account:warehouse.removed' });
  }
  const submission = parseWithZod(formData, { schema: warehouseSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const saved = await attempt(
    () =>
      saveWarehouse(signedIn, {
        name: v.name,
        address: v.address,
        origin: v.origin,
        opening_hours: v.openingHours ?? null,
        contact_phone: v.contactPhone ?? null,
        contact_email: v.contactEmail || null,
      }),
    'save warehouse',
  );
  if (!saved.ok) return data(submission.reply({ formErrors: [saved.key] }), { status: 400 });
  return redirectWithFlash(request, SCREEN, { key: 'account:warehouse.saved' });
}

export const meta = titleMeta;

export default function WarehouseSettings() {
  const { warehouse, loadError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation('account');
  const { t: tcat } = useTranslation('catalog');
  const [form, fields] = useForm({
    id: 'warehouse',
    lastResult,
    defaultValue: warehouse
      ? {
          name: warehouse.name,
          address: warehouse.address,
          origin: warehouse.origin,
          openingHours: warehouse.opening_hours ?? '',
          contactPhone: warehouse.contact_phone ?? '',
          contactEmail: warehouse.contact_email ?? '',
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: warehouseSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={t('warehouse.title')} intro={t('warehouse.intro')} />
      {loadError ? (
        <LoadFailed>{t('warehouse.loadFailed', { reason: loadError })}</LoadFailed>
      ) : (
        <Card>
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
            <Stack gap={2.5}>
              <FormErrors id={form.errorId} errors={form.errors} />
              <Grid container spacing={2}>
                <Grid xs={12} md={6}>
                  <TextField field={fields.name} label={t('warehouse.name')} required />
                </Grid>
                <Grid xs={12} md={6}>
                  <SelectField
                    field={fields.origin}
                    label={t('warehouse.origin')}
                    placeholder={t('warehouse.chooseOrigin')}
                    options={ORIGINS.map((value) => ({ value, label: tcat(`origins.${value}`) }))}
                    required
                  />
                </Grid>
                <Grid xs={12}>
                  <TextField field={fields.address} label={t('warehouse.address')} required />
                </Grid>
                <Grid xs={12}>
                  <TextField
                    field={fields.openingHours}
                    label={t('warehouse.openingHours')}
                    hint={t('warehouse.openingHoursHint')}
                  />
                </Grid>
                <Grid xs={12} md={6}>
                  <TextField
                    field={fields.contactPhone}
                    label={t('warehouse.contactPhone')}
                    type="tel"
                    dir="ltr"
                  />
                </Grid>
                <Grid xs={12} md={6}>
                  <TextField
                    field={fields.contactEmail}
                    label={t('warehouse.contactEmail')}
                    type="email"
                    dir="ltr"
                  />
                </Grid>
              </Grid>
              <div>
                <SubmitButton>{t('warehouse.save')}</SubmitButton>
              </div>
            </Stack>
          </Form>
        </Card>
      )}
      {warehouse && (
        <Form method="post" aria-label={t('warehouse.removeTitle')}>
          <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
            <Text level="body-sm">{t('warehouse.removeHint')}</Text>
            <Button type="submit" name="intent" value="remove" variant="outlined" color="danger" size="sm">
              {t('warehouse.remove')}
            </Button>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
