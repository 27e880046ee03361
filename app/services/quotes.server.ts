// Quotes: staff's priced answers to a quotation request (drafted, sent, revised) and the customer's
// decision (accept, which makes the shipping order, or decline with a reason). The back office scopes
// every read: a customer sees its own sent quotes, never a draft; another customer's is a 404.
import type { QuoteListParams } from '~/forms/quotes';
import type { SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import type { QuoteDetail, QuoteInput, QuoteSummary, ShippingRequest } from '@contract';
import { recordLoadFailed } from './errors.server';
import { pageOf, pageQuery, textMatches, type Page } from './paging';
import { requestDetails } from '~/request-details';

/** Days a new quote stays open by default. */
export const DEFAULT_VALIDITY_DAYS = 14;

/**
 * A back office without the quotes extension answers its paths with 404 (a list never does otherwise):
 * the lists then say that quotes are not offered (`unsupported`) instead of showing nothing.
 */
async function unlessUnsupported<T>(work: Promise<T>): Promise<T | 'unsupported'> {
  try {
    return await work;
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) return 'unsupported';
    throw error;
  }
}

export type QuotePage = Page<QuoteSummary> & { unsupported: boolean };

export async function listQuotes(signedIn: SignedIn, params: QuoteListParams): Promise<QuotePage> {
  const answer = await unlessUnsupported(
    signedIn.backoffice.call('listQuotes', {
      query: { search: params.q || undefined, status: params.status, ...pageQuery(params.page) },
    }),
  );
  if (answer === 'unsupported') return { items: [], total: 0, page: 1, pages: 1, unsupported: true };
  const page = pageOf(
    answer.quotes,
    answer.total,
    params.page,
    (quote) =>
      (!params.status || quote.status === params.status) &&
      textMatches(params.q, [quote.name, quote.partner_name, String(quote.request_id)]),
  );
  return { ...page, unsupported: false };
}

/** Every quote of one request the user may see, oldest version first. */
export async function quotesOfRequest(
  signedIn: SignedIn,
  requestId: number,
): Promise<{ quotes: QuoteSummary[]; unsupported: boolean }> {
  const answer = await unlessUnsupported(
    signedIn.backoffice.call('listQuotes', { query: { request_id: requestId, limit: 100 } }),
  );
  if (answer === 'unsupported') return { quotes: [], unsupported: true };
  const quotes = answer.quotes
    .filter((quote) => quote.request_id === requestId)
    .sort((a, b) => a.version - b.version);
  return { quotes, unsupported: false };
}

/** The quote the user may see, or the 404 page (another customer's, or a draft for a customer). */
export async function quoteOr404(request: Request, signedIn: SignedIn, id: number): Promise<QuoteDetail> {
  try {
    return await signedIn.backoffice.call('getQuote', { params: { id } });
  } catch (error) {
    return recordLoadFailed(request, 'quote', error);
  }
}

/** The day `days` after today (UTC), as YYYY-MM-DD. */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Staff open a draft for a quotation request: the shipment as the customer's form told it (groupage of
 * one CBM from its origin when the form did not say), open for two weeks, in US dollars; a revision
 * keeps the lines of the version before (the back office copies them).
 */
export function prepareQuote(signedIn: SignedIn, request: ShippingRequest, idempotencyKey?: string) {
  const details = requestDetails(request);
  return signedIn.backoffice.call('createQuote', {
    params: { id: request.id },
    idempotencyKey,
    body: {
      currency: 'USD',
      valid_until: daysFromToday(DEFAULT_VALIDITY_DAYS),
      category: details.category ?? 'other',
      container_type: details.containerType ?? 'groupage',
      cbm: details.cbm ?? 1,
      origin: details.origin ?? request.origin ?? 'china',
      lines: [],
    },
  });
}

// The steps on a quote answer another customer's (or a vanished) quote with the 404 page.
export function saveQuote(signedIn: SignedIn, id: number, body: QuoteInput) {
  return signedIn.backoffice.record('updateQuote', { params: { id }, body });
}

export function sendQuote(signedIn: SignedIn, id: number, idempotencyKey?: string) {
  return signedIn.backoffice.record('sendQuote', { params: { id }, idempotencyKey });
}

export function acceptQuote(signedIn: SignedIn, id: number, idempotencyKey?: string) {
  return signedIn.backoffice.record('acceptQuote', { params: { id }, idempotencyKey });
}

export function declineQuote(signedIn: SignedIn, id: number, reason: string, idempotencyKey?: string) {
  return signedIn.backoffice.record('declineQuote', { params: { id }, body: { reason }, idempotencyKey });
}

/**
 * Staff start the next version of a quote: its shipment and currency, open for two weeks again; the
 * back office copies its lines.
 */
export function reviseQuote(signedIn: SignedIn, quote: QuoteDetail, idempotencyKey?: string) {
  return signedIn.backoffice.call('createQuote', {
    params: { id: quote.request_id },
    idempotencyKey,
    body: {
      currency: quote.currency as QuoteInput['currency'],
      valid_until: daysFromToday(DEFAULT_VALIDITY_DAYS),
      transit_days: quote.transit_days,
      incoterm: quote.incoterm,
      notes: quote.notes,
      category: quote.category,
      container_type: quote.container_type,
      cbm: quote.cbm,
      origin: quote.origin,
      lines: [],
    },
  });
}
