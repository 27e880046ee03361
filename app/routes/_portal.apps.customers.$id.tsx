// Staff: one customer's details and portal access: invite them (again while the link is unused, in the
// language chosen), disable or re-enable their access, and correct their details.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { displayPhone } from '@contract/phones';
import { MAIL_LANGUAGES, type CustomerAccess } from '@contract/values';
import { LANGUAGE_NAMES } from '~/components/customers/customer-form';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HistoryCard } from '~/components/history';
import { FormErrors } from '~/components/form-parts';
import { formatDate, formatDateTime } from '~/components/format';
import { FieldList } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { Button, Card, Stack, StatusLabel, Text, TextLink, type LabelColour } from '~/components/ui';
import { invitationSchema } from '~/forms/customers';
import { hasRole, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { getCustomer, inviteCustomer, setCustomerAccess } from '~/services/customers.server';
import { attempt, isBackofficeError, recordLoadFailed } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { getLanguage } from '~/services/i18n.server';
import { pageTools } from '~/services/page.server';
import { recordHistory } from '~/services/history.server';
import { recordIdOr404 } from '~/services/params.server';

const SCREEN = '/apps/customers/:id';

// catalog: the history names an origin or a status in the reader's words.
export const handle = { i18n: ['common', 'catalog', 'customers'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title } = await pageTools(request, 'customers');
  try {
    const customer = await getCustomer(signedIn, id);
    return {
      title: title(customer.name || t('detail.title')),
      customer,
      language: await getLanguage(request),
      history: await recordHistory(signedIn, 'customer', customer.id),
      // Only an administrator turns off a customer's two-step verification (its own page).
      mayTurnOffTwoStep: hasRole(signedIn.user.roles, rolesFor('/apps/customers/:id/two-step')),
    };
  } catch (error) {
    return recordLoadFailed(request, 'customer', error);
  }
}

/** Invites the customer, or disables or re-enables their access (by the form's `intent`). */
export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  if (intent === 'invite') {
    const submission = parseWithZod(formData, { schema: invitationSchema });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const done = await attempt(() => inviteCustomer(signedIn, id, submission.value.language), 'invite', {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict' ? 'customers:access.cannotInvite' : null,
    });
    if (!done.ok) return data(submission.reply({ formErrors: [done.key] }), { status: 400 });
    return redirectWithFlash(request, `/apps/customers/${id}`, {
      key: 'customers:access.invited',
      values: { email: done.value.email ?? '' },
    });
  }
  if (intent === 'disable' || intent === 'enable') {
    const done = await attempt(
      () => setCustomerAccess(signedIn, id, intent === 'enable'),
      'customer access',
      {
        keyFor: (error) =>
          isBackofficeError(error) && error.code === 'conflict' ? 'customers:access.noAccount' : null,
      },
    );
    if (!done.ok) return data({ status: 'error' as const, error: { '': [done.key] } }, { status: 400 });
    return redirectWithFlash(request, `/apps/customers/${id}`, {
      key: intent === 'enable' ? 'customers:access.enabled' : 'customers:access.disabled',
      values: { name: done.value.name },
    });
  }
  throw new Response('Not found', { status: 404 });
}

export const meta = titleMeta;

const ACCESS_COLOURS: Record<CustomerAccess, LabelColour> = {
  none: 'neutral',
  invited: 'warning',
  active: 'success',
  disabled: 'danger',
};

function AccessCard() {
  const { customer, language } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('customers');
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const access = customer.access ?? (customer.has_account ? 'active' : 'none');
  const [form, fields] = useForm({
    id: 'customer-invite',
    lastResult: lastResult && 'status' in lastResult ? lastResult : undefined,
    defaultValue: { language },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationSchema }),
  });
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Card>
      <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
        <Text level="title-lg" component="h2">
          {t('access.title')}
        </Text>
        <StatusLabel variant="soft" colour={ACCESS_COLOURS[access]}>
          {t(`access.states.${access}`)}
        </StatusLabel>
      </Stack>
      <Text level="body-sm">
        {access === 'invited' && customer.invited_at
          ? t('access.invitedOn', { date: formatDateTime(customer.invited_at, i18n.language) })
          : t(`access.explain.${access}`)}
      </Text>
      <FormErrors id={form.errorId} errors={form.errors} />
      {(access === 'none' || access === 'invited') && customer.email && (
        <Form method="post" {...getFormProps(form)} aria-label={t('access.inviteForm')}>
          <input type="hidden" name="intent" value="invite" />
          <Stack direction="row" gap={1.5} alignItems="flex-end" flexWrap="wrap">
            <div style={{ minWidth: 200 }}>
              <SelectField
                field={fields.language}
                label={t('access.language')}
                options={MAIL_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                required
              />
            </div>
            <Button type="submit" loading={busy('invite')}>
              {access === 'invited' ? t('access.inviteAgain') : t('access.invite')}
            </Button>
          </Stack>
        </Form>
      )}
      {customer.has_account && <TwoStepLine />}
      {access !== 'none' && (
        <Form method="post">
          <input type="hidden" name="intent" value={access === 'disabled' ? 'enable' : 'disable'} />
          <Button
            type="submit"
            variant="outlined"
            color={access === 'disabled' ? 'primary' : 'danger'}
            loading={busy('enable') || busy('disable')}
          >
            {access === 'disabled' ? t('access.enable') : t('access.disable')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** Whether the customer signs in with a code, and for an administrator the way to turn it off. */
function TwoStepLine() {
  const { customer, mayTurnOffTwoStep } = useLoaderData<typeof loader>();
  const { t } = useTranslation('customers');
  const on = customer.two_factor === true;
  return (
    <Text level="body-sm">
      {on ? t('twoStep.on') : t('twoStep.off')}
      {on && mayTurnOffTwoStep && (
        <>
          {' '}
          <TextLink to={`/apps/customers/${customer.id}/two-step`}>{t('twoStep.manage')}</TextLink>
        </>
      )}
    </Text>
  );
}

export default function CustomerDetail() {
  const { customer, history } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('customers');
  const rows = [
    { label: t('fields.email'), value: customer.email, ltr: true },
    { label: t('fields.phone'), value: customer.phone ? displayPhone(customer.phone) : null, ltr: true },
    { label: t('fields.companyName'), value: customer.company_name, typed: true },
    { label: t('fields.nationalId'), value: customer.national_id, ltr: true },
    { label: t('fields.gender'), value: customer.gender ? t(`genders.${customer.gender}`) : null },
    {
      label: t('fields.dateOfBirth'),
      value: customer.date_of_birth ? formatDate(`${customer.date_of_birth}T00:00:00Z`, i18n.language) : null,
    },
    {
      label: t('fields.clientType'),
      value: customer.client_type ? t(`clientTypes.${customer.client_type}`) : null,
    },
    { label: t('fields.businessIndustry'), value: customer.business_industry, typed: true },
    { label: t('fields.street'), value: customer.street, typed: true },
    { label: t('fields.city'), value: customer.city, typed: true },
    { label: t('fields.country'), value: customer.country, typed: true },
    { label: t('fields.createdAt'), value: formatDate(customer.created_at, i18n.language) },
  ];
  return (
    <Stack gap={3} style={{ maxWidth: 820 }}>
      <Stack direction="row" gap={2} justifyContent="space-between" alignItems="flex-start" flexWrap="wrap">
        <Text level="h1" fontSize="xl3">
          {customer.name}
        </Text>
        <Button
          component={Link}
          to={`/apps/customers/${customer.id}/edit`}
          variant="outlined"
          startDecorator={<IconPencil aria-hidden size={18} />}
        >
          {t('edit.link')}
        </Button>
      </Stack>
      <Card>
        <FieldList rows={rows} />
      </Card>
      <AccessCard />
      <HistoryCard recordType="customer" events={history} />
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        <Button component={Link} to={`/apps/request-for-service?customer=${customer.id}`}>
          {t('detail.newRequest')}
        </Button>
        <Button component={Link} to="/apps/customers" variant="plain" color="neutral">
          {t('detail.back')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
