// Staff assess a trade-finance request's application: approve it with the loan's terms (principal,
// rate, arrangement fee, instalments, first due date), confirmed in a second step, which approves the
// request and pays the loan out today with its schedule and financed orders; or deny it with a reason
// the customer reads (the request's rejection). A request that is not trade finance, was rejected or
// has its loan already is shown, not assessed.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { addMonths, dayOf } from '@contract/dates';
import type { ShippingRequest } from '@contract';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextareaField, TextField } from '~/components/form-field';
import { FormErrors, Notice, FormActions } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { FieldList, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { useFinanceRows } from '~/components/requests/finance-application';
import { FollowUp, ReviewForm, TypedText } from '~/components/requests/request-list';
import { Button, Card, Grid, Stack, Text, TextLink } from '~/components/ui';
import { loanFromRequestSchema, type LoanTerms } from '~/forms/finance';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import {
  attempt,
  formErrorsOf,
  isBackofficeError,
  notOfferedKey,
  recordLoadFailed,
} from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { createLoanFromRequest } from '~/services/loans.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { reviewAction } from '~/services/request-list.server';
import { getShippingRequest } from '~/services/requests.server';

const SCREEN = '/apps/loans/new-loan/:requestId';

export const handle = { i18n: ['common', 'catalog', 'finance', 'requests'] };

/** Why this request cannot be assessed, if it cannot. */
function blocker(request: ShippingRequest): 'notTradeFinance' | 'rejected' | 'hasLoan' | null {
  if (request.loan_id) return 'hasLoan';
  if (request.service !== 'trade_finance') return 'notTradeFinance';
  return request.status === 'rejected' ? 'rejected' : null;
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
      // The first instalment a month from today unless staff choose another day.
      firstDueDate: addMonths(dayOf(new Date()), 1),
      ...newFormKey(),
    };
  } catch (error) {
    return recordLoadFailed(request, 'shipping request', error);
  }
}

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.requestId);
  const formData = await readForm(request.clone());
  // Denying is the request's rejection with its reason, asked twice as on the request's page.
  if (formData.has('decision')) return reviewAction(args, SCREEN);
  const submission = parseWithZod(formData, { schema: loanFromRequestSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const terms = submission.value;
  // The terms are asked twice (a second step, with or without JavaScript): first what they make, then
  // "yes"; "change" brings the form back as typed.
  const intent = formData.get('intent');
  if (intent === 'change') return data({ result: submission.reply() });
  if (intent !== 'approve') return data({ result: submission.reply(), terms });
  // A request that is not there is the 404 page, before anything is made.
  try {
    await getShippingRequest(signedIn, id);
  } catch (error) {
    return recordLoadFailed(request, 'shipping request', error);
  }
  const created = await attempt(
    () =>
      createLoanFromRequest(
        signedIn,
        id,
        {
          principal: terms.principal,
          interest_rate: terms.interestRate,
          arrangement_fee: terms.arrangementFee,
          term_months: terms.termMonths,
          first_due_date: terms.firstDueDate,
          note: terms.note,
          currency: 'USD',
        },
        formKeyFrom(formData),
      ),
    'loan from request',
    {
      keyFor: (error) => {
        if (!isBackofficeError(error)) return null;
        if (error.fields.includes('orders')) return 'finance:newLoan.orderFinanced';
        // The request was read first (below): a 404 is a back office without the call.
        if (notOfferedKey(error)) return notOfferedKey(error);
        if (error.fields.includes('first_due_date'))
          return { key: 'finance:newLoan.firstDueRange', field: 'firstDueDate' };
        return error.code === 'conflict' ? 'finance:newLoan.conflict' : null;
      },
    },
  );
  if (!created.ok) return data({ result: submission.reply(formErrorsOf(created)) }, { status: 400 });
  const { name } = created.value;
  return redirectWithFlash(request, `/apps/loan/loan-details/${encodeURIComponent(name)}`, {
    key: 'finance:newLoan.created',
    values: { name },
  });
}

export const meta = titleMeta;

/** The terms as they will be: what the second step asks staff to confirm. */
function ConfirmTerms({
  requestId,
  terms,
  lastResult,
}: {
  requestId: number;
  terms: LoanTerms;
  lastResult: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation('finance');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, 'USD', language);
  return (
    <Form method="post" aria-label={t('newLoan.confirmTitle', { id: requestId })}>
      <Stack gap={2}>
        <Text level="title-md" role="status">
          {t('newLoan.confirm', { id: requestId, principal: money(terms.principal) })}
        </Text>
        <FieldList
          rows={[
            { label: t('newLoan.principal'), value: money(terms.principal) },
            { label: t('newLoan.interestRate'), value: formatNumber(terms.interestRate, language) },
            { label: t('newLoan.arrangementFee'), value: money(terms.arrangementFee) },
            { label: t('newLoan.termMonths'), value: formatNumber(terms.termMonths, language) },
            { label: t('newLoan.firstDueDate'), value: formatDate(terms.firstDueDate, language) },
            {
              label: t('newLoan.lastDueDate'),
              value: formatDate(addMonths(terms.firstDueDate, terms.termMonths - 1), language),
            },
            { label: t('newLoan.note'), value: terms.note ? <TypedText>{terms.note}</TypedText> : null },
          ]}
        />
        {/* The key the terms were first sent with: pressed twice, one loan. */}
        <IdempotencyKeyField lastResult={lastResult} />
        <input type="hidden" name="principal" value={terms.principal} />
        <input type="hidden" name="interestRate" value={terms.interestRate} />
        <input type="hidden" name="arrangementFee" value={terms.arrangementFee} />
        <input type="hidden" name="termMonths" value={terms.termMonths} />
        <input type="hidden" name="firstDueDate" value={terms.firstDueDate} />
        <input type="hidden" name="note" value={terms.note ?? ''} />
        <Stack direction="row" gap={1.5} flexWrap="wrap">
          <Button
            type="submit"
            name="intent"
            value="approve"
            color="success"
            loading={busy}
            // The step replaces the form that had the focus: the answer to give is where it goes.
            autoFocus
          >
            {t('newLoan.yes')}
          </Button>
          <Button type="submit" name="intent" value="change" variant="plain" color="neutral" disabled={busy}>
            {t('newLoan.change')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

function TermsForm({ request, firstDueDate }: { request: ShippingRequest; firstDueDate: string }) {
  const answer = useActionData<typeof action>();
  const lastResult = answer && 'result' in answer ? answer.result : undefined;
  const { t, i18n } = useTranslation('finance');
  const finance = request.finance;
  // Loans are in US dollars: an amount asked in another currency is shown, not taken as dollars.
  const otherCurrency = finance !== null && finance !== undefined && finance.currency !== 'USD';
  const amount = otherCurrency ? 0 : finance ? finance.amount : request.expected_revenue;
  const [form, fields] = useForm({
    id: `loan-from-request-${request.id}`,
    lastResult,
    defaultValue: {
      // The application's amount and tenor, when it has one; else the revenue the form told.
      principal: amount > 0 ? String(amount) : undefined,
      termMonths: finance ? String(finance.tenor_months) : '6',
      interestRate: '8',
      // One per cent of the amount asked.
      arrangementFee: amount > 0 ? String(Math.round(amount) / 100) : '0',
      firstDueDate,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loanFromRequestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
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
              hint={
                otherCurrency
                  ? t('newLoan.otherCurrency', {
                      amount: formatMoney(finance.amount, finance.currency, i18n.language),
                    })
                  : undefined
              }
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
              field={fields.arrangementFee}
              label={t('newLoan.arrangementFee')}
              type="number"
              step="any"
              required
            />
          </Grid>
          <Grid xs={12} md={4}>
            <TextField field={fields.termMonths} label={t('newLoan.termMonths')} type="number" required />
          </Grid>
          <Grid xs={12} md={4}>
            <TextField field={fields.firstDueDate} label={t('newLoan.firstDueDate')} type="date" required />
          </Grid>
        </Grid>
        <TextareaField field={fields.note} label={t('newLoan.note')} minRows={2} maxLength={2000} />
        <FormActions
          submitLabel={t('newLoan.submit')}
          cancelTo={`/apps/requests/${request.id}`}
          cancelLabel={t('newLoan.cancel')}
        />
      </Stack>
    </Form>
  );
}

export default function AssessApplication() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation('finance');
  const { t: tr } = useTranslation('requests');
  const { t: tcat } = useTranslation('catalog');
  const { request } = loaded;
  const financeRows = useFinanceRows(request.finance);
  // The terms to confirm (not the denial's second step, which is the review form's own).
  const confirm = answer && 'terms' in answer ? answer : undefined;
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
            ...financeRows,
            ...(request.finance
              ? [{ label: tr('finance.purpose'), value: <TypedText>{request.finance.purpose}</TypedText> }]
              : [
                  {
                    label: t('newLoan.expectedRevenue'),
                    value: formatMoney(request.expected_revenue, 'USD', i18n.language),
                  },
                ]),
          ]}
        />
        <TextLink to={`/apps/requests/${request.id}`} level="body-sm">
          {t('newLoan.openRequest', { id: request.id })}
        </TextLink>
      </Card>
      {loaded.blocker ? (
        <Notice color="warning">{t(`newLoan.${loaded.blocker}`)}</Notice>
      ) : (
        <>
          <Card component="section" aria-labelledby="loan-terms">
            <Text level="title-md" component="h2" id="loan-terms">
              {t('newLoan.terms')}
            </Text>
            {confirm ? (
              <ConfirmTerms requestId={request.id} terms={confirm.terms} lastResult={confirm.result} />
            ) : (
              <TermsForm request={request} firstDueDate={loaded.firstDueDate} />
            )}
          </Card>
          {request.status === 'pending' && (
            <Card component="section" aria-labelledby="loan-deny">
              <Text level="title-md" component="h2" id="loan-deny">
                {t('newLoan.deny')}
              </Text>
              <Text level="body-sm">{t('newLoan.denyIntro')}</Text>
              <ReviewForm request={request} rejectOnly />
            </Card>
          )}
        </>
      )}
      {loaded.blocker === 'hasLoan' && <FollowUp request={request} staff />}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
