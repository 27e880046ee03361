// Staff: turn an approved trade-finance request into a loan in Requested state, to approve or deny on
// the loan's page. A request that is not approved, not trade finance, or already has its loan is refused.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors, Notice, FormActions } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { formatMoney } from '~/components/format';
import { FieldList, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Card, Grid, Stack, Text } from '~/components/ui';
import { loanFromRequestSchema } from '~/forms/finance';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import type { ShippingRequest } from '@contract';
import { attempt, isBackofficeError, recordLoadFailed } from '~/services/errors.server';
import { createLoanFromRequest } from '~/services/loans.server';
import { getShippingRequest } from '~/services/requests.server';
import { redirectWithFlash } from '~/services/flash.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/loans/new-loan/:requestId';

export const handle = { i18n: ['common', 'catalog', 'finance'] };

/** Why no loan can be made from this request, if none can. */
function blocker(request: ShippingRequest): 'notTradeFinance' | 'notApproved' | 'hasLoan' | null {
  if (request.loan_id) return 'hasLoan';
  if (request.service !== 'trade_finance') return 'notTradeFinance';
  return request.status === 'approved' ? null : 'notApproved';
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.requestId);
  const { t, title } = await pageTools(request, 'finance');
  try {
    const shippingRequest = await getShippingRequest(signedIn, id);
    return {
      title: title(t('newLoan.title', { id })),
      request: shippingRequest,
      blocker: blocker(shippingRequest),
      ...newFormKey(),
    };
  } catch (error) {
    return recordLoadFailed(request, 'shipping request', error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.requestId);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: loanFromRequestSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const created = await attempt(
    () =>
      createLoanFromRequest(
        signedIn,
        id,
        {
          principal: v.principal,
          interest_rate: v.interestRate,
          term_months: v.termMonths,
          currency: 'USD',
        },
        formKeyFrom(formData),
      ),
    'loan from request',
    {
      keyFor: (error) =>
        isBackofficeError(error) && error.code === 'conflict' ? 'finance:newLoan.conflict' : null,
    },
  );
  if (!created.ok) return data(submission.reply({ formErrors: [created.key] }), { status: 400 });
  const { name } = created.value;
  return redirectWithFlash(request, `/apps/loan/loan-details/${encodeURIComponent(name)}`, {
    key: 'finance:newLoan.created',
    values: { name },
  });
}

export const meta = titleMeta;

export default function NewLoanFromRequest() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  const { request } = loaded;
  const [form, fields] = useForm({
    id: `loan-from-request-${request.id}`,
    lastResult,
    defaultValue: {
      // The application's amount and tenor, when it has one; else the revenue the form told.
      principal: request.finance
        ? String(request.finance.amount)
        : request.expected_revenue > 0
          ? String(request.expected_revenue)
          : undefined,
      termMonths: request.finance ? String(request.finance.tenor_months) : '6',
      interestRate: '8',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loanFromRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={t('newLoan.title', { id: request.id })} intro={t('newLoan.intro')} />
      <Card>
        <Text level="title-md" component="h2">
          {t('newLoan.request')}
        </Text>
        <FieldList
          rows={[
            { label: t('fields.customer'), value: request.partner_name },
            { label: t('fields.state'), value: tcat(`requestStatuses.${request.status}`) },
            {
              label: t('newLoan.expectedRevenue'),
              value: formatMoney(request.expected_revenue, 'USD', i18n.language),
            },
            {
              label: t('newLoan.description'),
              value: <span style={{ whiteSpace: 'pre-line' }}>{request.description}</span>,
            },
          ]}
        />
      </Card>
      {loaded.blocker ? (
        <Notice color="warning">{t(`newLoan.${loaded.blocker}`)}</Notice>
      ) : (
        <Card>
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
            <Stack gap={2.5}>
              <FormErrors id={form.errorId} errors={form.errors} />
              <IdempotencyKeyField lastResult={lastResult} />
              <Grid container spacing={2}>
                <Grid xs={12} md={4}>
                  <TextField
                    field={fields.principal}
                    label={t('newLoan.principal')}
                    type="number"
                    step="any"
                    required
                  />
                </Grid>
                <Grid xs={12} md={4}>
                  <TextField
                    field={fields.interestRate}
                    label={t('newLoan.interestRate')}
                    type="number"
                    step="any"
                    required
                  />
                </Grid>
                <Grid xs={12} md={4}>
                  <TextField
                    field={fields.termMonths}
                    label={t('newLoan.termMonths')}
                    type="number"
                    required
                  />
                </Grid>
              </Grid>
              <FormActions
                submitLabel={t('newLoan.submit')}
                cancelTo={'/apps/client-service-requests'}
                cancelLabel={t('newLoan.cancel')}
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
