// One quote, for its customer and for staff: the sheet (lines, total, validity, terms), its versions, the
// request it answers and the order it made; downloads as PDF and PNG. Staff edit a draft and send it, or
// revise a sent one; the customer accepts a sent quote (which makes the shipping order and shows it) or
// declines it with a reason. Another customer's quote, or a draft for a customer, is the 404 page.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { DocumentActions } from '~/components/documents/document-actions';
import { QuoteDocument } from '~/components/documents/quote-document';
import { ConversationCard } from '~/components/conversation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextareaField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { formatDate } from '~/components/format';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { RecordHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { QuoteEditor } from '~/components/quotes/quote-editor';
import { QuoteStatusChip } from '~/components/quotes/quote-parts';
import { Alert, Button, Card, Grid, Stack, Text, TextLink } from '~/components/ui';
import { quoteDeclineSchema, quoteSchema } from '~/forms/quotes';
import { isStaff, rolesFor } from '~/services/access';
import { requireUser, type SignedIn } from '~/services/auth.server';
import type { QuoteDetail } from '@contract';
import { attempt, formErrorsOf, isBackofficeError } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { formKeyFrom, newFormKey } from '~/services/idempotency.server';
import { loadThread, messageAction, withRecordForm } from '~/services/conversations.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import {
  acceptQuote,
  declineQuote,
  quoteOr404,
  reviseQuote,
  saveQuote,
  sendQuote,
} from '~/services/quotes.server';

const SCREEN = '/apps/quotes/:id';

export const handle = { i18n: ['common', 'catalog', 'quotes', 'shipping', 'requests'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title, common } = await pageTools(request, 'quotes');
  const quote = await quoteOr404(request, signedIn, id);
  return {
    title: title(t('detail.title', { name: quote.name, version: quote.version })),
    quote,
    staff: isStaff(signedIn.user.roles),
    conversation: await loadThread(signedIn, 'quote', id, common),
    today: new Date().toISOString().slice(0, 10),
    // A fresh key per view: the editor starts again from what was saved, and a decision sent twice
    // counts once.
    ...newFormKey(),
  };
}

type ActionAnswer = { kind: 'editor' | 'decline' | 'accept' | 'revise'; result: SubmissionResult<string[]> };

const here = (id: number) => `/apps/quotes/${id}`;

function refused(kind: ActionAnswer['kind'], result: SubmissionResult<string[]>) {
  return data<ActionAnswer>({ kind, result }, { status: 400 });
}

/** The back office's refusals of a quote's step, as the screen says them. */
function quoteRefusal(error: unknown) {
  if (!isBackofficeError(error)) return null;
  if (error.kind === 'rejected' && error.fields.includes('lines')) return 'quotes:editor.noLines';
  if (error.kind === 'rejected' && error.fields.includes('valid_until'))
    return { key: 'quotes:editor.validityPassed', field: 'validUntil' };
  if (error.code === 'conflict') {
    return /expired/i.test(error.message) ? 'quotes:decision.expired' : 'quotes:decision.conflict';
  }
  return null;
}

/** Staff save the draft, and send it when asked. */
async function edit(request: Request, signedIn: SignedIn, id: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: quoteSchema });
  if (submission.status !== 'success') return refused('editor', submission.reply());
  const value = submission.value;
  const saved = await attempt(
    () =>
      saveQuote(signedIn, id, {
        currency: value.currency,
        valid_until: value.validUntil,
        transit_days: value.transitDays ?? null,
        incoterm: value.incoterm ?? null,
        notes: value.notes || null,
        category: value.category,
        container_type: value.containerType,
        cbm: value.cbm,
        origin: value.origin,
        lines: value.lines.map((line) => ({
          kind: line.kind,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          unit_price: line.unitPrice,
        })),
      }),
    'save quote',
    { keyFor: quoteRefusal },
  );
  if (!saved.ok) return refused('editor', submission.reply(formErrorsOf(saved)));
  if (formData.get('intent') !== 'send') {
    return redirectWithFlash(request, here(id), { key: 'quotes:editor.saved' });
  }
  const sent = await attempt(() => sendQuote(signedIn, id, formKeyFrom(formData)), 'send quote', {
    keyFor: quoteRefusal,
  });
  if (!sent.ok) return refused('editor', submission.reply(formErrorsOf(sent)));
  return redirectWithFlash(request, here(id), {
    key: 'quotes:editor.sentTo',
    values: { name: sent.value.partner_name },
  });
}

async function decide(request: Request, signedIn: SignedIn, id: number, formData: FormData) {
  const key = formKeyFrom(formData);
  if (formData.get('intent') === 'accept') {
    const accepted = await attempt(() => acceptQuote(signedIn, id, key), 'accept quote', {
      keyFor: quoteRefusal,
    });
    if (!accepted.ok) return refused('accept', { status: 'error', error: { '': [accepted.key] } });
    const order = accepted.value;
    return redirectWithFlash(request, `/apps/shipping-details/${order.shipping_order_id}`, {
      key: 'shipping:fromQuote',
      values: { quote: order.name, order: order.shipping_order_name ?? '' },
    });
  }
  const submission = parseWithZod(formData, { schema: quoteDeclineSchema });
  if (submission.status !== 'success') return refused('decline', submission.reply());
  const declined = await attempt(
    () => declineQuote(signedIn, id, submission.value.reason, key),
    'decline quote',
    {
      keyFor: quoteRefusal,
    },
  );
  if (!declined.ok) return refused('decline', submission.reply(formErrorsOf(declined)));
  return redirectWithFlash(request, here(id), { key: 'quotes:decision.declined' });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  // Files come only with a message (its form sends them, as they stream in).
  return withRecordForm(request, async (formData, upload) => {
    const intent = formData.get('intent');
    if (intent === 'message')
      return messageAction(request, signedIn, { type: 'quote', id }, formData, upload);
    const staff = isStaff(signedIn.user.roles);
    if (staff && intent === 'revise') {
      const quote = await quoteOr404(request, signedIn, id);
      const revised = await attempt(
        () => reviseQuote(signedIn, quote, formKeyFrom(formData)),
        'revise quote',
        {
          keyFor: (error) =>
            isBackofficeError(error) && error.code === 'conflict' ? 'quotes:revise.closed' : null,
        },
      );
      if (!revised.ok) return refused('revise', { status: 'error', error: { '': [revised.key] } });
      return redirectWithFlash(request, here(revised.value.id), { key: 'quotes:revise.started' });
    }
    if (staff && intent !== 'accept' && intent !== 'decline') return edit(request, signedIn, id, formData);
    if (!staff && intent !== 'save' && intent !== 'send') return decide(request, signedIn, id, formData);
    // Staff may not decide for the customer, nor a customer edit the quote.
    throw new Response('Forbidden', { status: 403 });
  });
}

export const meta = titleMeta;

function formErrorsFor(answer: ActionAnswer | undefined, kind: ActionAnswer['kind']): string[] | undefined {
  return answer?.kind === kind ? (answer.result.error?.[''] ?? undefined) : undefined;
}

/** The customer's decision on a sent quote: accept (the order is made) or decline with a reason. */
function Decision({ quote }: { quote: QuoteDetail }) {
  const { t, i18n } = useTranslation('quotes');
  const answer = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const [form, fields] = useForm({
    id: 'quote-decline',
    lastResult: answer?.kind === 'decline' ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteDeclineSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Card component="section" aria-labelledby="quote-decision">
      <Text level="title-lg" component="h2" id="quote-decision">
        {t('decision.title')}
      </Text>
      <Text>{t('decision.intro', { date: formatDate(quote.valid_until, i18n.language) })}</Text>
      <Form method="post" aria-label={t('decision.accept')}>
        <Stack gap={1}>
          <FormErrors id="quote-accept-errors" errors={formErrorsFor(answer, 'accept')} />
          <input type="hidden" name="intent" value="accept" />
          <IdempotencyKeyField lastResult={null} />
          <div>
            <Button
              type="submit"
              color="success"
              size="lg"
              loading={pending === 'accept'}
              loadingPosition="start"
              disabled={Boolean(pending)}
            >
              {t('decision.accept')}
            </Button>
          </div>
          <Text level="body-sm">{t('decision.acceptHint')}</Text>
        </Stack>
      </Form>
      <Form method="post" {...getFormProps(form)} aria-label={t('decision.decline')}>
        <Stack gap={1.5}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="decline" />
          <IdempotencyKeyField lastResult={answer?.kind === 'decline' ? answer.result : null} />
          <TextareaField field={fields.reason} label={t('decline.reason')} minRows={2} maxLength={2000} />
          <div>
            <Button
              type="submit"
              color="danger"
              variant="soft"
              loading={pending === 'decline'}
              loadingPosition="start"
              disabled={Boolean(pending)}
            >
              {t('decision.decline')}
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}

/** Staff start the next version of a quote that was sent, declined or has expired. */
function Revise() {
  const { t } = useTranslation('quotes');
  const answer = useActionData<ActionAnswer>();
  return (
    <Form method="post" aria-label={t('revise.submit')}>
      <Stack gap={1}>
        <FormErrors id="quote-revise-errors" errors={formErrorsFor(answer, 'revise')} />
        <input type="hidden" name="intent" value="revise" />
        <IdempotencyKeyField lastResult={null} />
        <Text level="body-sm">{t('revise.intro')}</Text>
        <div>
          <Button type="submit" variant="outlined">
            {t('revise.submit')}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

export default function QuotePage() {
  const { quote, staff, idempotencyKey, conversation } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t, i18n } = useTranslation('quotes');
  const language = i18n.language;
  const open = quote.status === 'sent';
  const revisable = staff && ['sent', 'declined', 'expired'].includes(quote.status);
  const latest = quote.versions[quote.versions.length - 1]?.id === quote.id;
  return (
    <Stack gap={3}>
      <RecordHeading
        kicker={t('detail.kicker')}
        title={`${quote.name} · v${quote.version}`}
        chips={<QuoteStatusChip status={quote.status} />}
        actions={
          <Button component={RemixLink} to="/apps/quotes" variant="plain" color="neutral">
            {t('detail.back')}
          </Button>
        }
      />
      {quote.status === 'expired' && (
        <Alert color="warning" role="status">
          {t('detail.expired', { date: formatDate(quote.valid_until, language) })}
        </Alert>
      )}
      {quote.status === 'replaced' && (
        <Alert color="neutral" role="status">
          {t('detail.replaced')}
        </Alert>
      )}
      {quote.status === 'declined' && quote.decline_reason && (
        <Alert color="danger" variant="soft" role="status">
          <Stack gap={0.5}>
            <Text level="title-sm">
              {t('detail.declinedBy', { name: quote.decided_by ?? quote.partner_name })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              <bdi>{quote.decline_reason}</bdi>
            </Text>
          </Stack>
        </Alert>
      )}
      {quote.shipping_order_id !== null && (
        <Alert color="success" role="status">
          <span>
            {t('detail.order')}{' '}
            <TextLink to={`/apps/shipping-details/${quote.shipping_order_id}`}>
              <bdi>{quote.shipping_order_name}</bdi>
            </TextLink>
          </span>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid xs={12} lg={8}>
          <Stack gap={2}>
            {quote.status !== 'draft' && (
              <DocumentActions
                downloadHref={`/apps/quotes/${quote.id}/download`}
                name={`${t('document.title')} ${quote.name}`}
              />
            )}
            <QuoteDocument quote={quote} inPage />
            {staff && quote.status === 'draft' && (
              <Card>
                <QuoteEditor
                  key={idempotencyKey}
                  quote={quote}
                  lastResult={answer?.kind === 'editor' ? answer.result : undefined}
                />
              </Card>
            )}
          </Stack>
        </Grid>
        <Grid xs={12} lg={4}>
          <Stack gap={2}>
            {!staff && open && <Decision quote={quote} />}
            <Card component="section" aria-labelledby="quote-about">
              <Text level="title-lg" component="h2" id="quote-about">
                {t('detail.about')}
              </Text>
              <TextLink to={`/apps/requests/${quote.request_id}`}>
                {t('detail.request', { id: quote.request_id })}
              </TextLink>
              {staff && <Text>{t('detail.customer', { name: quote.partner_name })}</Text>}
              {quote.sent_at && (
                <Text level="body-sm">
                  {t('detail.sent', {
                    date: formatDate(quote.sent_at, language),
                    name: quote.sent_by ?? '—',
                  })}
                </Text>
              )}
              {quote.decided_at && (
                <Text level="body-sm">
                  {t(`detail.decided_${quote.status === 'accepted' ? 'accepted' : 'declined'}`, {
                    date: formatDate(quote.decided_at, language),
                    name: quote.decided_by ?? '—',
                  })}
                </Text>
              )}
              {revisable && latest && <Revise />}
            </Card>
            <Card component="section" aria-labelledby="quote-versions">
              <Text level="title-lg" component="h2" id="quote-versions">
                {t('detail.versions')}
              </Text>
              <Stack component="ol" gap={1} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {quote.versions.map((version) => (
                  <li key={version.id}>
                    <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                      {version.id === quote.id ? (
                        <Text fontWeight="lg" aria-current="page">
                          {t('detail.version', { version: version.version })}
                        </Text>
                      ) : (
                        <TextLink to={`/apps/quotes/${version.id}`}>
                          {t('detail.version', { version: version.version })}
                        </TextLink>
                      )}
                      <QuoteStatusChip status={version.status} />
                    </Stack>
                  </li>
                ))}
              </Stack>
            </Card>
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
