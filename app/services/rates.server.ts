// The rate table (administrators keep it) and the indicative price it gives a quotation request: the
// rate of the request's lane valid on the day it was sent, computed by the back office.
import type { RateListParams } from '~/forms/rates';
import type { SignedIn } from './auth.server';
import { isBackofficeError } from './backoffice/client.server';
import type { IndicativePrice, RateInput, ShippingRequest } from '@contract';
import { recordLoadFailed } from './errors.server';
import type { RequestDetails } from '~/request-details';

/**
 * The indicative price of a quotation request, or null when its lane has no rate that day, the form
 * did not tell the lane, or the back office keeps no rates (all three: "we will send you a price").
 */
export async function indicativePriceOf(
  signedIn: SignedIn,
  request: ShippingRequest,
  details: RequestDetails,
): Promise<IndicativePrice | null> {
  const origin = details.origin ?? request.origin ?? undefined;
  const destination = request.destination ?? details.destination;
  if (request.service !== 'quotation' || !origin || !destination || !details.containerType || !details.cbm) {
    return null;
  }
  try {
    return await signedIn.backoffice.call('indicativePrice', {
      query: {
        origin,
        destination,
        container_type: details.containerType,
        cbm: details.cbm,
        date: request.created_at.slice(0, 10),
      },
    });
  } catch (error) {
    if (isBackofficeError(error, 'not_found')) return null;
    throw error;
  }
}

export async function listRates(signedIn: SignedIn, params: RateListParams) {
  const answer = await signedIn.backoffice.call('listRates', {
    query: {
      origin: params.origin,
      destination: params.destination,
      container_type: params.containerType,
    },
  });
  return answer.rates;
}

export async function rateOr404(request: Request, signedIn: SignedIn, id: number) {
  try {
    const { rates } = await signedIn.backoffice.call('listRates', { query: {} });
    const rate = rates.find((candidate) => candidate.id === id);
    if (!rate) throw new Response('Not found', { status: 404 });
    return rate;
  } catch (error) {
    return recordLoadFailed(request, 'rate', error);
  }
}

export function createRate(signedIn: SignedIn, body: RateInput, idempotencyKey?: string) {
  return signedIn.backoffice.call('createRate', { body, idempotencyKey });
}

export function updateRate(signedIn: SignedIn, id: number, body: RateInput) {
  return signedIn.backoffice.record('updateRate', { params: { id }, body });
}

export function deleteRate(signedIn: SignedIn, id: number) {
  return signedIn.backoffice.record('deleteRate', { params: { id } });
}
