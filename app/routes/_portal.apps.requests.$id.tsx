// One request, for its customer and for staff: what was asked (the form's details as fields, the
// customer's own words whole), its files, what became of it (the decision with its note, the order or
// loan made from it), and for staff the decision itself while the request is pending. Another customer's
// request is the 404 page (the back office scopes it).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { ConversationCard } from '~/components/conversation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { FieldList, RecordHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Attachments, FollowUp, ReviewForm, StatusChip, TypedText } from '~/components/requests/request-list';
import type { ReactNode } from 'react';
import { Button, Card, Grid, Stack, Text, TextLink } from '~/components/ui';
import { FormErrors } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { QuoteStatusChip } from '~/components/quotes/quote-parts';
import type { IndicativePrice, QuoteSummary, ShippingRequest } from '@contract';
import { isStaff, rolesFor } from '~/services/access';
import { attempt, isBackofficeError, loadPart } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { newFormKey } from '~/services/idempotency.server';
import { quotesOfRequest } from '~/services/quotes.server';
import { indicativePriceOf } from '~/services/rates.server';
import { requireUser } from '~/services/auth.server';
import { loadThread, messageAction, withRecordForm } from '~/services/conversations.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { reviewAction } from '~/services/request-list.server';
import { readRequest, reopenRequest, requestOr404, withdrawRequest } from '~/services/requests.server';
import { reopenSchema } from '~/forms/requests';
import { parseWithZod } from '@conform-to/zod';
import { TextareaField } from '~/components/form-field';
import { requestChoices, requestTitle } from '~/components/requests/request-title';
import { useFinanceRows } from '~/components/requests/finance-application';

const SCREEN = '/apps/requests/:id';
/** Who may decide on a request: the roles of the staff's request list. */
const REVIEW_SCREEN = '/apps/client-service-requests';
/** Who may correct or withdraw it: the roles of its correction page. */
const CHANGE_SCREEN = '/apps/requests/:id/edit';

export const handle = { i18n: ['common', 'catalog', 'requests', 'quotes'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title, common } = await pageTools(request, 'requests');
  const {
    choices: details,
    text,
    ...shippingRequest
  } = readRequest(await requestOr404(request, signedIn, id));
  // A quotation request's quotes (a back office without quotes says so instead of failing the page).
  const quotes =
    shippingRequest.service === 'quotation'
      ? await loadPart(quotesOfRequest(signedIn, id), 'quotes of a request', common)
      : null;
  // Its lane's rate prices it at once (indicative until staff send the quote).
  const indicative =
    shippingRequest.service === 'quotation'
      ? await loadPart(indicativePriceOf(signedIn, shippingRequest, details), 'indicative price', common)
      : null;
  return {
    title: title(t('detail.title', { id })),
    request: shippingRequest,
    details,
    text,
    staff: isStaff(signedIn.user.roles),
    quotes: quotes?.value?.quotes ?? null,
    quotesError: quotes?.error ?? null,
    quotesUnsupported: quotes?.value?.unsupported ?? false,
    indicative: indicative?.value ?? null,
    conversation: await loadThread(signedIn, 'request', id, common),
    // Staff prepare a quote from here: pressed twice, one draft.
    ...newFormKey(),
  };
}

export async function action(args: ActionFunctionArgs) {
  // Files come only with a message; the review reads the form again (`resend`).
  return withRecordForm(args.request, async (formData, upload, resend) => {
    if (formData.get('intent') === 'message') {
      const signedIn = await requireUser(args.request, { anyOf: rolesFor(SCREEN) });
      const id = recordIdOr404(args.params.id);
      return messageAction(args.request, signedIn, { type: 'request', id }, formData, upload);
    }
    if (formData.get('intent') === 'withdraw') return withdrawAction(args, formData);
    if (formData.get('intent') === 'reopen') return reopenAction(args, formData);
    return reviewAction({ ...args, request: resend() }, REVIEW_SCREEN);
  });
}

/** Staff reopen a decided request with a note, asked twice; "change" brings the note back as typed. */
async function reopenAction({ request, params }: ActionFunctionArgs, formData: FormData) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(REVIEW_SCREEN) });
  const id = recordIdOr404(params.id);
  const submission = parseWithZod(formData, { schema: reopenSchema });
  if (submission.status !== 'success') return data({ reopen: submission.reply() }, { status: 400 });
  const { note } = submission.value;
  if (formData.get('change') === '1') return data({ reopen: submission.reply() });
  if (formData.get('confirm') !== '1') return data({ reopenConfirm: note });
  const done = await attempt(() => reopenRequest(signedIn, id, note), 'reopen request', {
    keyFor: (error) => {
      if (!isBackofficeError(error)) return null;
      if (error.code === 'conflict') return 'requests:reopen.closed';
      // The request was read just now: a back office without the call answers 404 or 405.
      return error.kind === 'not_found' || error.status === 405 ? 'requests:reopen.unsupported' : null;
    },
  });
  if (!done.ok) return data({ reopen: submission.reply({ formErrors: [done.key] }) }, { status: 400 });
  return redirectWithFlash(request, `/apps/requests/${id}`, { key: 'requests:reopen.done', values: { id } });
}

/** The customer withdraws its pending request, asked twice (a second step, with or without JavaScript). */
async function withdrawAction({ request, params }: ActionFunctionArgs, formData: FormData) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(CHANGE_SCREEN) });
  const id = recordIdOr404(params.id);
  // Another customer's request is not found before anything is asked.
  await requestOr404(request, signedIn, id);
  if (formData.get('confirm') !== '1') return data({ withdraw: 'confirm' as const });
  const done = await attempt(() => withdrawRequest(signedIn, id), 'withdraw request', {
    keyFor: (error) => {
      if (!isBackofficeError(error)) return null;
      if (error.code === 'conflict') return 'requests:correct.closed';
      // The request was found just now: a back office without the call answers 404 or 405.
      return error.kind === 'not_found' || error.status === 405 ? 'requests:correct.unsupported' : null;
    },
  });
  if (!done.ok) return data({ withdrawError: done.key }, { status: 400 });
  return redirectWithFlash(request, `/apps/requests/${id}`, {
    key: 'requests:withdraw.done',
    values: { id },
  });
}

export const meta = titleMeta;

/** One card of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Text level="title-lg" component="h2" id={id}>
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** A quotation request's quotes, newest version last; staff prepare, open or revise the quote here. */
function Quotes({
  requestId,
  quotes,
  error,
  unsupported,
  staff,
  closed,
  indicative,
}: {
  requestId: number;
  indicative: IndicativePrice | null;
  quotes: QuoteSummary[];
  error: string | null;
  unsupported: boolean;
  staff: boolean;
  closed: boolean;
}) {
  const { t: tq, i18n } = useTranslation('quotes');
  const latest = quotes[quotes.length - 1];
  if (unsupported) return <Text>{tq('unsupported')}</Text>;
  if (error) return <Text role="alert">{error}</Text>;
  const canPrepare = staff && !closed && latest?.status !== 'draft' && latest?.status !== 'accepted';
  const money = (value: number) => formatMoney(value, indicative?.currency ?? 'USD', i18n.language);
  return (
    <Stack gap={1.5}>
      {indicative && (staff || quotes.length === 0) && (
        <div role="note" aria-label={tq('indicative.title')} className="requests-indicative">
          <Text level="title-md">{tq('indicative.price', { price: money(indicative.price) })}</Text>
          <Text level="body-sm">
            {indicative.minimum_applied
              ? tq('indicative.minimum')
              : tq(`indicative.per_${indicative.basis}`, {
                  quantity: formatNumber(indicative.quantity, i18n.language),
                  price: money(indicative.unit_price),
                })}
          </Text>
          <Text level="body-sm">{tq(staff ? 'indicative.noteStaff' : 'indicative.note')}</Text>
        </div>
      )}
      {quotes.length === 0 ? (
        <Text>
          {tq(staff ? 'request.noneStaff' : indicative ? 'request.noneIndicative' : 'request.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={1} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {quotes.map((quote) => (
            <li key={quote.id}>
              <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                <TextLink to={`/apps/quotes/${quote.id}`}>
                  <bdi>{`${quote.name} v${quote.version}`}</bdi>
                </TextLink>
                <Text>{formatMoney(quote.total, quote.currency, i18n.language)}</Text>
                <QuoteStatusChip status={quote.status} />
              </Stack>
            </li>
          ))}
        </Stack>
      )}
      {canPrepare && (
        <Form method="post" action={`/apps/quotes/new/${requestId}`}>
          <IdempotencyKeyField lastResult={null} />
          <input type="hidden" name="intent" value="prepare" />
          <Button type="submit">{tq(latest ? 'request.revise' : 'request.prepare')}</Button>
        </Form>
      )}
    </Stack>
  );
}

/** Staff reopen a decided request (not one that became an order or a loan), with a note, confirmed. */
function ReopenForm({ id }: { id: number }) {
  const { t } = useTranslation('requests');
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reopen';
  const confirming = answer !== undefined && 'reopenConfirm' in answer ? answer.reopenConfirm : null;
  const reply = answer !== undefined && 'reopen' in answer ? answer.reopen : undefined;
  const typed = typeof reply?.initialValue?.note === 'string' ? reply.initialValue.note : undefined;
  const errors = [...(reply?.error?.[''] ?? []), ...(reply?.error?.note ?? [])];
  if (confirming !== null) {
    return (
      <Form method="post" aria-label={t('reopen.confirmTitle', { id })}>
        <Stack gap={1.5}>
          <Text level="title-sm" role="status">
            {t('reopen.confirm', { id })}
          </Text>
          <TypedText level="body-sm">{confirming}</TypedText>
          <input type="hidden" name="intent" value="reopen" />
          <input type="hidden" name="note" value={confirming} />
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button type="submit" name="confirm" value="1" size="sm" loading={busy} autoFocus>
              {t('reopen.yes')}
            </Button>
            <Button
              type="submit"
              name="change"
              value="1"
              variant="plain"
              color="neutral"
              size="sm"
              disabled={busy}
            >
              {t('reopen.change')}
            </Button>
          </Stack>
        </Stack>
      </Form>
    );
  }
  return (
    <Form method="post" aria-label={t('reopen.title')}>
      <Stack gap={1.5}>
        <Text level="body-sm">{t('reopen.hint')}</Text>
        <FormErrors id="reopen-error" errors={errors.length ? errors : undefined} />
        <input type="hidden" name="intent" value="reopen" />
        <TextareaField
          key={typed ?? ''}
          plain={{ id: 'reopen-note', name: 'note', defaultValue: typed }}
          label={t('reopen.note')}
          size="sm"
          minRows={2}
          maxLength={2000}
        />
        <div>
          <Button type="submit" variant="soft" size="sm" loading={busy}>
            {t('reopen.button')}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

/** What happened to the request after it was sent, oldest first (from the back office's history). */
function HistoryEvents({ request }: { request: ShippingRequest }) {
  const { t, i18n } = useTranslation('requests');
  if (!request.history) return <DecisionEvent request={request} />;
  return (
    <>
      {request.history.map((event, index) => (
        <li key={index}>
          <Text level="title-sm">{t(`detail.events.${event.kind}`, { name: event.by ?? '—' })}</Text>
          <Text level="body-sm" textColor="text.tertiary">
            {formatDate(event.at, i18n.language)}
          </Text>
          {event.note && <TypedText>{event.note}</TypedText>}
        </li>
      ))}
    </>
  );
}

/** A back office without the history: the decision (or withdrawal) the request itself keeps. */
function DecisionEvent({ request }: { request: ShippingRequest }) {
  const { t, i18n } = useTranslation('requests');
  const language = i18n.language;
  if (request.status === 'withdrawn') {
    return (
      <li>
        <Text level="title-sm">{t('detail.events.withdrawn', { name: request.partner_name })}</Text>
        {request.withdrawn_at && (
          <Text level="body-sm" textColor="text.tertiary">
            {formatDate(request.withdrawn_at, language)}
          </Text>
        )}
      </li>
    );
  }
  if (request.status === 'pending') return null;
  return (
    <li>
      <Text level="title-sm">
        {t(`detail.events.${request.status}`, { name: request.reviewed_by ?? '—' })}
      </Text>
      {request.reviewed_at && (
        <Text level="body-sm" textColor="text.tertiary">
          {formatDate(request.reviewed_at, language)}
        </Text>
      )}
      {request.staff_note && <TypedText>{request.staff_note}</TypedText>}
    </li>
  );
}

/** The customer's own changes while the request is pending: correct it, or withdraw it (confirmed). */
function CustomerChanges({ id }: { id: number }) {
  const { t } = useTranslation('requests');
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'withdraw';
  const asking = answer !== undefined && 'withdraw' in answer;
  const failed = answer !== undefined && 'withdrawError' in answer ? answer.withdrawError : null;
  return (
    <Stack gap={1.5}>
      <Text level="body-sm">{t('correct.hint')}</Text>
      <FormErrors id="withdraw-error" errors={failed ? [failed] : undefined} />
      {asking ? (
        <Form method="post" aria-label={t('withdraw.confirmTitle', { id })}>
          <Stack gap={1.5}>
            <Text level="title-sm" role="status">
              {t('withdraw.confirm', { id })}
            </Text>
            <input type="hidden" name="intent" value="withdraw" />
            <Stack direction="row" gap={1} flexWrap="wrap">
              <Button
                type="submit"
                name="confirm"
                value="1"
                color="danger"
                size="sm"
                loading={busy}
                autoFocus
              >
                {t('withdraw.yes')}
              </Button>
              <Button
                component={RemixLink}
                to={`/apps/requests/${id}`}
                variant="plain"
                color="neutral"
                size="sm"
              >
                {t('withdraw.keep')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      ) : (
        <Stack direction="row" gap={1} flexWrap="wrap">
          <Button component={RemixLink} to={`/apps/requests/${id}/edit`} size="sm" variant="soft">
            {t('correct.open')}
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <Button type="submit" color="danger" variant="plain" size="sm" loading={busy}>
              {t('withdraw.button')}
            </Button>
          </Form>
        </Stack>
      )}
    </Stack>
  );
}

export default function RequestPage() {
  const { request, details, text, staff, quotes, quotesError, quotesUnsupported, indicative, conversation } =
    useLoaderData<typeof loader>();
  const { t: tq } = useTranslation('quotes');
  const { t, i18n } = useTranslation('requests');
  const { t: tcat } = useTranslation('catalog');
  const language = i18n.language;
  const origin = details.origin ?? request.origin ?? undefined;
  const destination = request.destination ?? details.destination;
  const financeRows = useFinanceRows(request.finance);
  const rows = [
    { label: t('detail.fields.type'), value: request.service ? tcat(`services.${request.service}`) : null },
    ...(staff ? [{ label: t('list.columns.customer'), value: request.partner_name, typed: true }] : []),
    { label: t('detail.fields.email'), value: request.email_from, ltr: true },
    { label: t('detail.fields.sent'), value: formatDate(request.created_at, language) },
    ...(details.category
      ? [{ label: t('fields.category'), value: tcat(`categories.${details.category}`) }]
      : []),
    ...(details.containerType
      ? [{ label: t('fields.containerType'), value: tcat(`containerTypes.${details.containerType}`) }]
      : []),
    ...(origin ? [{ label: t('fields.origin'), value: tcat(`origins.${origin}`) }] : []),
    ...(destination ? [{ label: t('fields.destination'), value: tcat(`destinations.${destination}`) }] : []),
    ...(details.cbm !== undefined
      ? [{ label: t('fields.cbm'), value: formatNumber(details.cbm, language) }]
      : []),
    ...financeRows,
    ...(request.expected_revenue > 0
      ? [
          {
            label: t('fields.expectedRevenue'),
            value: formatMoney(request.expected_revenue, 'USD', language),
          },
        ]
      : []),
  ];
  const back = staff ? '/apps/client-service-requests' : '/apps/send-client-requests';

  return (
    <Stack gap={3}>
      <RecordHeading
        kicker={t('detail.kicker')}
        title={`#${request.id}`}
        chips={<StatusChip status={request.status} />}
        actions={
          <Button component={RemixLink} to={back} variant="plain" color="neutral">
            {t('detail.back')}
          </Button>
        }
      />
      {/* What was asked, in the reader's language (the stored name is the back office's English). */}
      <div>
        <Text level="h2" fontSize="xl">
          {requestTitle(tcat, request, details)}
        </Text>
        {requestChoices(tcat, details, request, i18n.language) && (
          <Text level="body-sm" textColor="text.secondary">
            {requestChoices(tcat, details, request, i18n.language)}
          </Text>
        )}
      </div>
      <Grid container spacing={2}>
        <Grid xs={12} md={7}>
          <Stack gap={2}>
            <Section id="request-details" title={t('detail.details')}>
              <FieldList rows={rows} />
            </Section>
            <Section id="request-text" title={t('fields.description')}>
              <TypedText>{text || t('detail.noDescription')}</TypedText>
            </Section>
            <Section id="request-files" title={t('fields.attachments')}>
              <Attachments request={request} />
            </Section>
          </Stack>
        </Grid>
        <Grid xs={12} md={5}>
          <Stack gap={2}>
            <Section id="request-history" title={t('detail.history')}>
              <Stack component="ol" gap={1.5} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                <li>
                  <Text level="title-sm">{t('detail.events.sent', { name: request.partner_name })}</Text>
                  <Text level="body-sm" textColor="text.tertiary">
                    {formatDate(request.created_at, language)}
                  </Text>
                </li>
                <HistoryEvents request={request} />
              </Stack>
              {(request.status === 'approved' || request.status === 'rejected') && (
                <div>
                  <FollowUp request={request} staff={staff} />
                </div>
              )}
              {!staff && request.status === 'pending' && <CustomerChanges id={request.id} />}
            </Section>
            {(quotes || quotesError) && (
              <Section id="request-quotes" title={tq('request.title')}>
                <Quotes
                  requestId={request.id}
                  quotes={quotes ?? []}
                  error={quotesError}
                  unsupported={quotesUnsupported}
                  staff={staff}
                  closed={request.status === 'rejected' || request.shipping_order_id !== null}
                  indicative={indicative}
                />
              </Section>
            )}
            {staff && request.status === 'pending' && (
              <Section id="request-review" title={t('detail.decide')}>
                <ReviewForm request={request} />
              </Section>
            )}
            {staff &&
              (request.status === 'approved' || request.status === 'rejected') &&
              request.shipping_order_id === null &&
              !request.loan_id && (
                <Section id="request-reopen" title={t('reopen.title')}>
                  <ReopenForm id={request.id} />
                </Section>
              )}
            <ConversationCard thread={conversation.value} error={conversation.error} staff={staff} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
