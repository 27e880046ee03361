// What a request is, in the reader's language: its service and the category the form asked for ("Shipping
// — Toys and games"), and its other choices as one line; the name the back office keeps is the English of
// the same choice, shown only when nothing else is known.
import type { TFunction } from 'i18next';
import type { ShippingRequest } from '@contract';
import type { RequestDetails } from '~/request-details';
import { formatMoney, formatNumber } from '../format';

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

/**
 * The other choices of a request, e.g. "China → Jebel Ali · Full Container Load · 12.5 m³", or for a
 * finance application "$42,000.00 · Coimbatore Cotton Mills" (or null when nothing is known).
 */
export function requestChoices(
  tcat: TFunction,
  details: RequestDetails,
  request: Pick<ShippingRequest, 'origin' | 'destination' | 'finance'>,
  language: string,
): string | null {
  const where = details.origin ?? request.origin ?? undefined;
  const from = where ? tcat(`origins.${where}`) : null;
  const to = request.destination ? tcat(`destinations.${request.destination}`) : null;
  const finance = request.finance;
  const parts = [
    from && to ? tcat('lane', { from, to }) : (from ?? to),
    details.containerType ? tcat(`containerTypes.${details.containerType}`) : null,
    details.cbm !== undefined ? `${formatNumber(details.cbm, language)} m³` : null,
    finance ? formatMoney(finance.amount, finance.currency, language) : null,
    finance ? finance.supplier_name : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
