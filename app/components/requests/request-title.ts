// What a request is, in the reader's language: its service and the category the form asked for ("Shipping
// — Toys and games"), and its other choices as one line; the name the back office keeps is the English of
// the same choice, shown only when nothing else is known.
import type { TFunction } from 'i18next';
import type { ShippingRequest } from '@contract';
import type { RequestDetails } from '~/services/requests.server';
import { formatNumber } from '../format';

export function requestTitle(
  tcat: TFunction,
  request: Pick<ShippingRequest, 'service' | 'name'>,
  details: RequestDetails,
): string {
  const service = request.service ? tcat(`services.${request.service}`) : null;
  const category = details.category ? tcat(`categories.${details.category}`) : null;
  if (service && category) return `${service} — ${category}`;
  return category ?? service ?? request.name;
}

/** The other choices of a detailed request, e.g. "China · Full Container Load · 12.5 m³" (or null). */
export function requestChoices(
  tcat: TFunction,
  details: RequestDetails,
  origin: string | null | undefined,
  language: string,
): string | null {
  const where = details.origin ?? origin ?? undefined;
  const parts = [
    where ? tcat(`origins.${where}`) : null,
    details.containerType ? tcat(`containerTypes.${details.containerType}`) : null,
    details.cbm !== undefined ? `${formatNumber(details.cbm, language)} m³` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
