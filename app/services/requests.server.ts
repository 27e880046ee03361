// Customers' requests (shipping, quotation, trade finance, other): sending them with their attachments,
// listing them a page at a time, and the staff's review.
import { CATEGORY_NAMES, SERVICE_NAMES, type Service } from '~/catalog';
import {
  customerText,
  detailLines,
  financeLines,
  requestDetails,
  type DetailChoices,
  type RequestDetails,
} from '~/request-details';
import { messageWith } from '~/components/messages';
import type { RequestListParams } from '~/forms/requests';
import type { SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import { ATTACHMENT_LIMITS, type QuoteCurrency as FinanceCurrency, type ShippingRequest } from '@contract';
import { messageKeyFor, recordLoadFailed } from './errors.server';
import type { UploadedFile, UploadProblem } from './uploads.server';
import { pageOf, pageQuery, textMatches } from './paging';
import { originFor, type OriginChoice } from './warehouse.server';

/** The description's default (spec section 3). */
export const DEFAULT_DESCRIPTION = 'Submitted from the client portal.';

export interface RequestDraft {
  service: Service;
  details?: DetailChoices;
  expectedRevenue?: number;
  description?: string;
  /** A trade-finance application (its purpose is the description). */
  finance?: {
    amount: number;
    currency: string;
    tenorMonths: number;
    supplierName: string;
    supplierCountry: string;
    orderIds: number[];
  };
}

/**
 * The back office gets the details as readable lines above the customer's own words (and as codes beside
 * them, `draftBody`): a back office that keeps only the description still shows its staff what was asked.
 */
export function composeDescription(draft: RequestDraft): string {
  const lines: string[] = [];
  if (draft.details) lines.push(...detailLines(draft.details), '');
  if (draft.finance) lines.push(...financeLines(draft.finance), '');
  lines.push(draft.description?.trim() || DEFAULT_DESCRIPTION);
  return lines.join('\n');
}

/** `name` is the chosen category on the detailed forms, the service otherwise (spec section 3). */
export function requestName(draft: RequestDraft): string {
  return draft.details ? CATEGORY_NAMES[draft.details.category] : SERVICE_NAMES[draft.service];
}

export function uploadProblemMessage(problem: UploadProblem): string {
  switch (problem.code) {
    case 'tooManyFiles':
      return messageWith('requests:upload.tooManyFiles', { max: problem.max });
    case 'fileTooLarge':
      return messageWith('requests:upload.fileTooLarge', {
        filename: problem.filename,
        maxMb: problem.maxMb,
      });
    case 'fileType':
      return messageWith('requests:upload.fileType', { filename: problem.filename });
    case 'busy':
      return 'requests:upload.busy';
    case 'malformed':
      return 'requests:upload.malformed';
  }
}

export class NoPartnerError extends Error {}

/** Sends the request for the signed-in customer (or, for staff, for `partnerId`). Returns its id. */
export async function sendRequest(
  signedIn: SignedIn,
  draft: RequestDraft,
  files: UploadedFile[],
  partner: { id: number; email: string } | null = null,
  /** The form's key: sent again with it, the request is not made twice. */
  idempotencyKey?: string,
): Promise<number> {
  const partnerId = partner?.id ?? signedIn.user.partner_id;
  if (!partnerId) throw new NoPartnerError();
  const answer = await signedIn.backoffice.call('createShippingRequest', {
    idempotencyKey,
    body: {
      partner_id: partnerId,
      email_from: partner?.email ?? signedIn.user.email,
      ...draftBody(draft),
      attachments: files.map((file) => ({ filename: file.filename, data: file.data })),
    },
  });
  return answer.id;
}

/** What a request form sends about the request itself, for a new request and a correction alike. */
function draftBody(draft: RequestDraft) {
  return {
    name: requestName(draft),
    description: composeDescription(draft),
    expected_revenue: draft.expectedRevenue ?? 0,
    service: draft.service,
    ...(draft.details ? { origin: draft.details.origin } : {}),
    ...(draft.details?.destination ? { destination: draft.details.destination } : {}),
    ...(draft.details
      ? {
          details: {
            category: draft.details.category,
            container_type: draft.details.containerType,
            cbm: draft.details.cbm,
          },
        }
      : {}),
    ...(draft.finance
      ? {
          finance: {
            amount: draft.finance.amount,
            currency: draft.finance.currency as FinanceCurrency,
            tenor_months: draft.finance.tenorMonths,
            purpose: draft.description?.trim() ?? '',
            supplier_name: draft.finance.supplierName,
            supplier_country: draft.finance.supplierCountry,
            order_ids: draft.finance.orderIds,
          },
        }
      : {}),
  };
}

/** The customer corrects its pending request (its files stay). */
export function correctRequest(signedIn: SignedIn, id: number, draft: RequestDraft) {
  return signedIn.backoffice.call('correctShippingRequest', { params: { id }, body: draftBody(draft) });
}

/** Staff reopen a decided request with a note: it is pending again. */
export function reopenRequest(signedIn: SignedIn, id: number, note: string) {
  return signedIn.backoffice.call('reopenShippingRequest', { params: { id }, body: { note } });
}

/** The customer withdraws its pending request. */
export function withdrawRequest(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.call('withdrawShippingRequest', { params: { id } });
}

/** The message for a refused request: the back office's reasons about files, or the general ones. */
export function sendFailureMessage(error: unknown): { field?: 'attachments' | 'orderIds'; message: string } {
  if (error instanceof NoPartnerError) return { message: 'requests:upload.noPartner' };
  if (isBackofficeError(error)) {
    if (error.code === 'storage_quota_exceeded') {
      return { field: 'attachments', message: 'requests:upload.quotaFull' };
    }
    if (error.code === 'payload_too_large') {
      return {
        field: 'attachments',
        message: messageWith('requests:upload.tooLarge', { maxMb: ATTACHMENT_LIMITS.bytes / (1024 * 1024) }),
      };
    }
    if (error.kind === 'rejected' && error.fields.includes('finance.order_ids'))
      return { field: 'orderIds', message: 'requests:finance.notYourOrder' };
    if (error.kind === 'rejected' && error.code !== 'idempotency_key_reused')
      return { field: 'attachments', message: 'requests:upload.contentMismatch' };
  }
  return { message: messageKeyFor(error) };
}

/**
 * A request as the screens show it: the form's choices (the back office's codes, or what the description
 * tells when it returns none) and the customer's own words, without the lines the portal wrote above them.
 */
export type ReadRequest = ShippingRequest & { choices: RequestDetails; text: string };

export function readRequest(request: ShippingRequest): ReadRequest {
  const text = customerText(request.description);
  return {
    ...request,
    choices: requestDetails(request),
    text: text === DEFAULT_DESCRIPTION ? '' : text,
  };
}

export interface RequestPage extends OriginChoice {
  requests: ReadRequest[];
  total: number;
  page: number;
  pages: number;
}

/** One page of requests, as every list: the back office pages and filters, or the portal does (paging.ts). */
export async function listRequests(
  signedIn: SignedIn,
  asked: RequestListParams,
  fixed: { service?: Service } = {},
  url: URL = new URL('http://portal.invalid/?origin=all'),
): Promise<RequestPage> {
  const choice = await originFor(signedIn, url, asked.origin);
  const params = { ...asked, origin: choice.origin };
  // A warehouse's queue also holds the requests that name no origin (else they would wait unseen).
  const withUnknown = choice.warehouse !== null;
  const service = fixed.service ?? params.service;
  const answer = await signedIn.backoffice.call('listShippingRequests', {
    query: {
      search: params.q || undefined,
      status: params.status,
      service,
      origin: params.origin,
      ...(withUnknown ? { with_unknown_origin: 'true' as const } : {}),
      ...pageQuery(params.page),
    },
  });
  const page = pageOf(
    answer.requests,
    answer.total,
    params.page,
    (request) =>
      (!params.status || request.status === params.status) &&
      (!service || request.service === service) &&
      (!params.origin || request.origin === params.origin || (withUnknown && !request.origin)) &&
      textMatches(params.q, [
        String(request.id),
        request.name,
        request.description,
        request.partner_name,
        request.email_from,
      ]),
  );
  return {
    requests: page.items.map(readRequest),
    total: page.total,
    page: page.page,
    pages: page.pages,
    ...choice,
  };
}

/** One request with its details, for staff turning it into an order or a loan; missing is the 404 page. */
export function getShippingRequest(signedIn: SignedIn, id: number): Promise<ShippingRequest> {
  return signedIn.backoffice.record('getShippingRequest', { params: { id } });
}

/** The request the user may see, for its page: another customer's is the 404 page, a back office that
 * cannot answer the 503 page with its reason. */
export async function requestOr404(request: Request, signedIn: SignedIn, id: number) {
  try {
    return await getShippingRequest(signedIn, id);
  } catch (error) {
    return recordLoadFailed(request, 'request', error);
  }
}

/** One of a request's attachments, as a file (the back office answers only for requests the user may see). */
export function requestAttachment(signedIn: SignedIn, id: number, attachmentId: number) {
  return signedIn.backoffice.call('getShippingRequestAttachment', {
    params: { id, attachment_id: attachmentId },
  });
}

/** Staff: a request approved or rejected (a reason required to reject, checked by the form). */
export function reviewRequest(
  signedIn: SignedIn,
  id: number,
  decision: 'approved' | 'rejected',
  note?: string,
) {
  return signedIn.backoffice.call('reviewShippingRequest', {
    params: { id },
    body: { status: decision, ...(note ? { note } : {}) },
  });
}
