// One loan: its figures, the transactions as a timeline with the running balance, the repayment
// schedule, the shipments it finances, and its documents. Staff approve or deny a requested loan here.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { ShareForm, type ShareAnswer } from '~/components/documents/share-form';
import { SharedLinks, type RevokeAnswer } from '~/components/documents/shared-links';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ConversationCard } from '~/components/conversation';
import { HistoryCard } from '~/components/history';
import { loadThread, messageAction, withRecordForm } from '~/services/conversations.server';
import { recordHistory } from '~/services/history.server';
import { LoanStateChip, PaymentStatusChip, TransactionNote } from '~/components/finance/loan-parts';
import { FormErrors, SubmitButton } from '~/components/form-parts';
import { TextareaField, TextField } from '~/components/form-field';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { SelectField } from '~/components/select-field';
import { formatBytes, formatDate, formatMoney, formatNumber } from '~/components/format';
import { FieldList, RecordHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { OrderStatusChip } from '~/components/shipping/order-parts';
import {
  Alert,
  Card,
  FormControl,
  FormLabel,
  Grid,
  Stack,
  Table,
  Text,
  Textarea,
  TextLink,
} from '~/components/ui';
import { loanDecisionSchema, loanTransactionSchema } from '~/forms/finance';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import type { LoanTransaction } from '@contract';
import { attempt, formErrorsOf, isBackofficeError, loadPart, notOfferedKey } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { revokeShareAction, shareAction } from '~/services/documents/share-action.server';
import {
  decideLoan,
  loanOr404,
  loanTransactions,
  recordLoanTransaction,
  shareLoanDocument,
} from '~/services/loans.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { pageTools } from '~/services/page.server';
import { loanNumberOr404, recordIdOr404 } from '~/services/params.server';
import { shareLinksOf } from '~/services/shares.server';

const SCREEN = '/apps/loan/loan-details/:loanNumber';

export const handle = { i18n: ['common', 'catalog', 'finance', 'billing', 'requests'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const number = loanNumberOr404(params.loanNumber);
  const { t, title, common } = await pageTools(request, 'finance');
  const loan = await loanOr404(request, signedIn, number);
  const transactions = await loadPart(loanTransactions(signedIn, loan.id), 'loan transactions', common);
  const shareLinks =
    loan.documents.length > 0 ? await shareLinksOf(request, signedIn, 'loan_document', loan.id) : [];
  return {
    title: title(t('detail.title', { name: loan.name })),
    loan,
    transactions: transactions.value,
    transactionsError: transactions.error,
    shareLinks,
    staff: isStaff(signedIn.user.roles),
    // Staff read every entry; the customer the decision.
    history: await recordHistory(signedIn, 'loan', loan.id),
    conversation: await loadThread(signedIn, 'loan', loan.id, common),
    // Staff record payments here: the payment form's key against a form sent twice.
    ...newFormKey(),
  };
}

/** What the action answers when it does not redirect: the decision refused, or a share link (or why not). */
type ActionAnswer =
  { kind: 'decision' | 'transaction'; result: SubmissionResult<string[]> } | ShareAnswer | RevokeAnswer;

/** Staff: a repayment received or a fee charged; the loan's figures follow (back office). */
async function transaction(request: Request, signedIn: SignedIn, number: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loanTransactionSchema });
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ kind: 'transaction', result: submission.reply() }, { status: 400 });
  }
  const { type, amount, date, reference, note } = submission.value;
  // A loan that is not there is the 404 page; then a 404 of the call is a back office without it.
  await loanOr404(request, signedIn, number);
  const recorded = await attempt(
    () =>
      recordLoanTransaction(
        signedIn,
        number,
        { type, amount, date, ...(reference ? { reference } : {}), ...(note ? { note } : {}) },
        formKeyFrom(formData),
      ),
    'loan transaction',
    {
      keyFor: (error) => {
        if (isBackofficeError(error) && error.code === 'conflict') return 'finance:transaction.notActive';
        if (notOfferedKey(error)) return notOfferedKey(error);
        if (isBackofficeError(error, 'rejected') && error.fields.includes('date'))
          return { key: 'finance:transaction.dateRefused', field: 'date' };
        return null;
      },
    },
  );
  if (!recorded.ok) {
    return data<ActionAnswer>(
      { kind: 'transaction', result: submission.reply(formErrorsOf(recorded)) },
      { status: 400 },
    );
  }
  return redirectWithFlash(request, `/apps/loan/loan-details/${encodeURIComponent(number)}`, {
    key: `finance:transaction.recorded_${type}`,
  });
}

/** Anyone who may see the loan may share one of its documents by a link (7 days). */
function share(request: Request, signedIn: SignedIn, number: string, formData: FormData) {
  const documentId = recordIdOr404(formData.get('documentId'));
  return shareAction(
    request,
    `document-${documentId}`,
    () => shareLoanDocument(signedIn, number, documentId),
    (answer) => new URL(`/shared/${answer.token}`, request.url).href,
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const number = loanNumberOr404(params.loanNumber);
  // Files come only with a message (its form sends them, as they stream in).
  return withRecordForm(request, async (formData, upload) => {
    if (formData.get('intent') === 'message') {
      // The loan's conversation is found by its id: another customer's loan answers 404 here.
      const loan = await loanOr404(request, signedIn, number);
      return messageAction(request, signedIn, { type: 'loan', id: loan.id }, formData, upload);
    }
    if (formData.get('intent') === 'share') return share(request, signedIn, number, formData);
    if (formData.get('intent') === 'revoke') return revokeShareAction(request, signedIn, formData);
    if (!isStaff(signedIn.user.roles)) throw new Response('Forbidden', { status: 403 });
    if (formData.get('intent') === 'transaction') return transaction(request, signedIn, number, formData);
    const submission = parseWithZod(formData, { schema: loanDecisionSchema });
    if (submission.status !== 'success') {
      return data<ActionAnswer>({ kind: 'decision', result: submission.reply() }, { status: 400 });
    }
    const { decision, note } = submission.value;
    const decided = await attempt(
      () => decideLoan(signedIn, number, { state: decision, ...(note ? { note } : {}) }),
      'loan decision',
      {
        keyFor: (error) =>
          isBackofficeError(error) && error.code === 'conflict' ? 'finance:decision.conflict' : null,
      },
    );
    if (!decided.ok) {
      return data<ActionAnswer>(
        { kind: 'decision', result: submission.reply({ formErrors: [decided.key] }) },
        { status: 400 },
      );
    }
    return redirectWithFlash(request, `/apps/loan/loan-details/${encodeURIComponent(number)}`, {
      key: `finance:decision.${decision}`,
    });
  });
}

export const meta = titleMeta;

function DecisionForm() {
  const { t } = useTranslation('finance');
  const answer = useActionData<ActionAnswer>();
  const lastResult = answer?.kind === 'decision' ? answer.result : undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'loan-decision',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loanDecisionSchema }),
  });
  const busy = navigation.state === 'submitting';
  return (
    <Form method="post" {...getFormProps(form)} aria-label={t('decision.title')}>
      <Stack gap={1.5}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormControl>
          <FormLabel htmlFor={fields.note.id}>{t('decision.note')}</FormLabel>
          <Textarea
            minRows={2}
            slotProps={{ textarea: { id: fields.note.id, name: fields.note.name, maxLength: 2000 } }}
          />
        </FormControl>
        <Stack direction="row" gap={1}>
          <Button type="submit" name="decision" value="approved" color="success" loading={busy}>
            {t('decision.approve')}
          </Button>
          <Button type="submit" name="decision" value="denied" color="danger" variant="soft" disabled={busy}>
            {t('decision.deny')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

function TransactionForm() {
  const { t } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  const answer = useActionData<ActionAnswer>();
  const lastResult = answer?.kind === 'transaction' ? answer.result : undefined;
  const [form, fields] = useForm({
    id: 'loan-transaction',
    lastResult,
    defaultValue: { type: 'repayment', date: new Date().toISOString().slice(0, 10) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loanTransactionSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="loan-transaction-title">
      <Stack gap={1.5}>
        <Text level="title-md" component="h3" id="loan-transaction-title">
          {t('transaction.title')}
        </Text>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="transaction" />
        <IdempotencyKeyField lastResult={lastResult} />
        <Grid container spacing={2}>
          <Grid xs={12} sm={6}>
            <SelectField
              field={fields.type}
              label={t('transaction.type')}
              options={(['repayment', 'fee'] as const).map((type) => ({
                value: type,
                label: tcat(`transactionTypes.${type}`),
              }))}
              required
            />
          </Grid>
          <Grid xs={12} sm={6}>
            <TextField
              field={fields.amount}
              label={t('transaction.amount')}
              type="number"
              step="any"
              required
            />
          </Grid>
          <Grid xs={12} sm={6}>
            <TextField
              field={fields.date}
              label={t('transaction.date')}
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              required
            />
          </Grid>
          <Grid xs={12} sm={6}>
            <TextField field={fields.reference} label={t('transaction.reference')} dir="ltr" />
          </Grid>
        </Grid>
        <TextareaField field={fields.note} label={t('transaction.note')} minRows={2} maxLength={500} />
        <SubmitButton>{t('transaction.submit')}</SubmitButton>
      </Stack>
    </Form>
  );
}

function Transactions({ transactions, currency }: { transactions: LoanTransaction[]; currency: string }) {
  const { t, i18n } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  if (transactions.length === 0) return <Text>{t('detail.noTransactions')}</Text>;
  return (
    <ol className="ui-timeline">
      {transactions.map((entry) => (
        <li
          key={entry.id}
          className={`ui-timeline-entry ui-timeline-${
            entry.type === 'repayment' ? 'success' : entry.type === 'fee' ? 'warning' : 'primary'
          }`}
        >
          <Stack direction="row" justifyContent="space-between" gap={2} flexWrap="wrap">
            <Text level="title-sm">
              {tcat(`transactionTypes.${entry.type}`)}: {entry.type === 'repayment' ? '−' : '+'}
              {formatMoney(entry.amount, currency, i18n.language)}
            </Text>
            <Text level="body-sm">
              {t('detail.balance', { amount: formatMoney(entry.balance, currency, i18n.language) })}
            </Text>
          </Stack>
          <Text level="body-sm">
            <time dateTime={entry.date}>{formatDate(entry.date, i18n.language)}</time>
            {entry.reference && (
              <>
                {' · '}
                <span dir="ltr">{entry.reference}</span>
              </>
            )}
          </Text>
          {(entry.note || entry.note_code) && (
            <Text level="body-sm" textColor="text.secondary">
              <TransactionNote entry={entry} />
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

export default function LoanDetails() {
  const { loan, transactions, transactionsError, shareLinks, staff, history, conversation } =
    useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('finance');
  const { t: tcat } = useTranslation('catalog');
  const { t: tb } = useTranslation('billing');
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, loan.currency, language);
  const day = (value: string | null) => (value ? formatDate(value, language) : null);
  const base = `/apps/loan/loan-details/${encodeURIComponent(loan.name)}`;

  return (
    <Stack gap={3}>
      <RecordHeading
        kicker={t('detail.kicker')}
        title={loan.name}
        chips={
          <>
            <LoanStateChip state={loan.state} />
            <PaymentStatusChip status={loan.payment_status} />
          </>
        }
        actions={
          <>
            <Button component={RemixLink} to={`${base}/summary`} variant="outlined">
              {tb('loan.open')}
            </Button>
            <Button component={RemixLink} to="/apps/loans" variant="plain" color="neutral">
              {t('detail.back')}
            </Button>
          </>
        }
      />

      {loan.payment_status === 'overdue' && (
        <Alert color="danger" role="alert">
          {t('detail.overdue', { amount: money(loan.overdue_amount) })}
        </Alert>
      )}

      <Grid container spacing={2}>
        <Grid xs={12} lg={6}>
          <Card style={{ height: '100%' }}>
            <Text level="title-lg" component="h2">
              {t('detail.loan')}
            </Text>
            <FieldList
              rows={[
                { label: t('fields.loanId'), value: loan.name, ltr: true },
                ...(staff ? [{ label: t('fields.customer'), value: loan.partner_name, typed: true }] : []),
                { label: t('fields.principal'), value: money(loan.principal) },
                {
                  label: t('fields.interestRate'),
                  value: `${formatNumber(loan.interest_rate, language, { maximumFractionDigits: 2 })} %`,
                },
                { label: t('fields.issueDate'), value: day(loan.issue_date) },
                { label: t('fields.dueDate'), value: day(loan.due_date) },
                { label: t('fields.paidAmount'), value: money(loan.paid_amount) },
                { label: t('fields.outstanding'), value: money(loan.outstanding) },
                {
                  label: t('fields.nextDueDate'),
                  value: day(loan.next_due_date),
                },
                { label: t('fields.requestId'), value: loan.request_id ? `#${loan.request_id}` : null },
                { label: t('fields.staffNote'), value: loan.staff_note, typed: true },
              ]}
            />
          </Card>
        </Grid>
        <Grid xs={12} lg={6}>
          <Stack gap={2}>
            {staff && loan.state === 'requested' && (
              <Card>
                <Text level="title-lg" component="h2">
                  {t('decision.title')}
                </Text>
                <DecisionForm />
              </Card>
            )}
            <Card>
              <Text level="title-lg" component="h2">
                {t('detail.shipments')}
              </Text>
              {loan.shipments.length === 0 ? (
                <Text>{t('detail.noShipments')}</Text>
              ) : (
                <Stack component="ul" gap={1} className="finance-plain-list">
                  {loan.shipments.map((order) => (
                    <Stack
                      component="li"
                      key={order.id}
                      direction="row"
                      gap={1}
                      alignItems="center"
                      flexWrap="wrap"
                    >
                      <TextLink to={`/apps/shipping-details/${order.id}`} dir="ltr">
                        {order.name}
                      </TextLink>
                      <Text level="body-sm">{tcat(`categories.${order.category}`)}</Text>
                      <OrderStatusChip status={order.status} />
                    </Stack>
                  ))}
                </Stack>
              )}
            </Card>
            <Card>
              <Text level="title-lg" component="h2">
                {t('detail.documents')}
              </Text>
              {loan.documents.length === 0 ? (
                <Text>{t('detail.noDocuments')}</Text>
              ) : (
                <Stack component="ul" gap={1} className="finance-plain-list">
                  {loan.documents.map((file) => (
                    <Stack
                      component="li"
                      key={file.id}
                      direction="row"
                      gap={1}
                      alignItems="center"
                      flexWrap="wrap"
                    >
                      <Text style={{ flex: 1, wordBreak: 'break-all' }}>
                        {file.filename} ({formatBytes(file.size, language)})
                      </Text>
                      <Button
                        component="a"
                        href={`${base}/documents/${file.id}?view=1`}
                        target="_blank"
                        rel="noopener"
                        size="sm"
                        variant="soft"
                        startDecorator={<IconEye aria-hidden size={16} />}
                        aria-label={t('detail.view', { filename: file.filename })}
                      >
                        {t('detail.viewShort')}
                      </Button>
                      <Button
                        component="a"
                        href={`${base}/documents/${file.id}`}
                        size="sm"
                        variant="outlined"
                        startDecorator={<IconDownload aria-hidden size={16} />}
                        aria-label={t('detail.download', { filename: file.filename })}
                      >
                        {t('detail.downloadShort')}
                      </Button>
                      <ShareForm
                        target={`document-${file.id}`}
                        name={file.filename}
                        fields={{ documentId: file.id }}
                      />
                    </Stack>
                  ))}
                </Stack>
              )}
              {loan.documents.length > 0 && <SharedLinks links={shareLinks} />}
            </Card>
          </Stack>
        </Grid>

        <Grid xs={12} lg={6}>
          <Card>
            <Text level="title-lg" component="h2">
              {t('detail.transactions')}
            </Text>
            {transactionsError || !transactions ? (
              <Alert color="danger" role="alert">
                {t('detail.transactionsFailed', { reason: transactionsError ?? '' })}
              </Alert>
            ) : (
              <Transactions transactions={transactions} currency={loan.currency} />
            )}
            {staff && loan.state === 'approved' && <TransactionForm />}
          </Card>
        </Grid>
        <Grid xs={12} lg={6}>
          <Card>
            <Text level="title-lg" component="h2">
              {t('detail.schedule')}
            </Text>
            {loan.schedule.length === 0 ? (
              <Text>{t('detail.noSchedule')}</Text>
            ) : (
              <div style={{ overflowX: 'auto' }}>
                <Table size="sm" stripe="odd">
                  <caption className="visually-hidden">{t('detail.schedule')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('fields.dueDate')}</th>
                      <th scope="col">{t('schedule.principal')}</th>
                      <th scope="col">{t('schedule.interest')}</th>
                      <th scope="col">{t('schedule.amount')}</th>
                      <th scope="col">{t('fields.paymentStatus')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {loan.schedule.map((line) => (
                      <tr key={line.due_date}>
                        <td>
                          <time dateTime={line.due_date}>{formatDate(line.due_date, language)}</time>
                        </td>
                        <td>{money(line.principal)}</td>
                        <td>{money(line.interest)}</td>
                        <td>{money(line.amount)}</td>
                        <td>{tcat(`scheduleStatuses.${line.status}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )}
          </Card>
        </Grid>
        <Grid xs={12}>
          <ConversationCard thread={conversation.value} error={conversation.error} staff={staff} />
          <HistoryCard recordType="loan" events={history} />
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
