// The customer corrects its pending request on the form it was sent with (the shipping or quotation
// form, the trade-finance application, or the form for another service), started from what it sent;
// the files stay. Once staff decided or the customer withdrew it, the page says it can no longer change.
// Another customer's request is the 404 page (the back office scopes it); staff may not open it.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Notice } from '~/components/form-parts';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import {
  DetailedRequestForm,
  FinanceRequestForm,
  ServiceRequestForm,
  type Correction,
} from '~/components/requests/request-form';
import { Stack, TextLink } from '~/components/ui';
import {
  detailedRequestSchema,
  financeRequestSchema,
  quotationRequestSchema,
  serviceRequestSchema,
} from '~/forms/requests';
import { rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { attempt, isBackofficeError, loadPart } from '~/services/errors.server';
import { redirectWithFlash } from '~/services/flash.server';
import { readForm } from '~/services/form-body.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { detailedDraft, financeDraft, serviceDraft } from '~/services/request-drafts.server';
import { correctRequest, readRequest, requestOr404, type ReadRequest } from '~/services/requests.server';
import { financeableOrders } from '~/services/shipping.server';

const SCREEN = '/apps/requests/:id/edit';

export const handle = { i18n: ['common', 'catalog', 'requests'] };

/** Which form the request was sent with. */
function formOf(request: ReadRequest): 'finance' | 'detailed' | 'service' {
  if (request.finance) return 'finance';
  return request.choices.category ? 'detailed' : 'service';
}

/** The request's values as its form's fields. */
function valuesOf(request: ReadRequest): Record<string, string | string[]> {
  const { choices: details, finance } = request;
  if (finance) {
    return {
      amount: String(finance.amount),
      currency: finance.currency,
      tenorMonths: String(finance.tenor_months),
      supplierName: finance.supplier_name,
      supplierCountry: finance.supplier_country,
      purpose: finance.purpose,
      orderIds: finance.orders.map((order) => String(order.id)),
    };
  }
  const values: Record<string, string> = {};
  if (request.text) values.description = request.text;
  if (!details.category) return { service: request.service ?? 'other', ...values };
  const origin = request.origin ?? details.origin;
  const destination = request.destination ?? details.destination;
  values.category = details.category;
  values.expectedRevenue = String(request.expected_revenue);
  if (details.containerType) values.containerType = details.containerType;
  if (origin) values.origin = origin;
  if (destination) values.destination = destination;
  if (details.cbm !== undefined) values.cbm = String(details.cbm);
  return values;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const { t, title, common } = await pageTools(request, 'requests');
  const shippingRequest = readRequest(await requestOr404(request, signedIn, id));
  const form = formOf(shippingRequest);
  const orders =
    form === 'finance' && shippingRequest.status === 'pending'
      ? await loadPart(financeableOrders(signedIn), 'financeable orders', common)
      : null;
  return {
    title: title(t('correct.title', { id })),
    id,
    status: shippingRequest.status,
    service: shippingRequest.service,
    form,
    defaultValue: valuesOf(shippingRequest),
    orders: (orders?.value ?? []).map(({ id, name, category, status }) => ({ id, name, category, status })),
    ordersError: orders?.error ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor(SCREEN) });
  const id = recordIdOr404(params.id);
  const sent = readRequest(await requestOr404(request, signedIn, id));
  const formData = await readForm(request);
  const form = formOf(sent);
  const quotation = sent.service === 'quotation';
  // The form the request was sent with checks the correction as it checked the request.
  const parsed =
    form === 'finance'
      ? parseWithZod(formData, { schema: financeRequestSchema })
      : form === 'detailed'
        ? parseWithZod(formData, {
            schema: (quotation
              ? quotationRequestSchema
              : detailedRequestSchema) as typeof detailedRequestSchema,
          })
        : parseWithZod(formData, { schema: serviceRequestSchema });
  if (parsed.status !== 'success') return data(parsed.reply(), { status: 400 });
  const value = parsed.value;
  const draft =
    form === 'finance'
      ? financeDraft(value as typeof financeRequestSchema._output)
      : form === 'detailed'
        ? detailedDraft(quotation ? 'quotation' : 'shipping', value as typeof detailedRequestSchema._output)
        : serviceDraft(value as typeof serviceRequestSchema._output);
  const corrected = await attempt(() => correctRequest(signedIn, id, draft), 'correct request', {
    keyFor: (error) => {
      if (!isBackofficeError(error)) return null;
      if (error.fields.includes('finance.order_ids'))
        return { key: 'requests:finance.notYourOrder', field: 'orderIds' };
      if (error.code === 'conflict') return 'requests:correct.closed';
      return error.kind === 'not_found' || error.status === 405 ? 'requests:correct.unsupported' : null;
    },
  });
  if (!corrected.ok) {
    const reply = corrected.field
      ? parsed.reply({ fieldErrors: { [corrected.field]: [corrected.key] } })
      : parsed.reply({ formErrors: [corrected.key] });
    return data(reply, { status: 400 });
  }
  return redirectWithFlash(request, `/apps/requests/${id}`, {
    key: 'requests:correct.done',
    values: { id },
  });
}

export const meta = titleMeta;

export default function CorrectRequest() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation('requests');
  const back = `/apps/requests/${loaded.id}`;
  if (loaded.status !== 'pending') {
    return (
      <Stack gap={3} style={{ maxWidth: 820 }}>
        <PageHeading title={t('correct.title', { id: loaded.id })} />
        <Notice color="warning">{t('correct.closed')}</Notice>
        <TextLink to={back}>{t('correct.back', { id: loaded.id })}</TextLink>
      </Stack>
    );
  }
  const correction: Correction = {
    title: t('correct.title', { id: loaded.id }),
    intro: t('correct.intro'),
    defaultValue: loaded.defaultValue,
    cancelTo: back,
  };
  if (loaded.form === 'finance') {
    return (
      <FinanceRequestForm orders={loaded.orders} ordersError={loaded.ordersError} correction={correction} />
    );
  }
  if (loaded.form === 'detailed') {
    return (
      <DetailedRequestForm
        title={correction.title}
        intro={correction.intro}
        withDestination={loaded.service === 'quotation'}
        correction={correction}
      />
    );
  }
  return <ServiceRequestForm correction={correction} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
