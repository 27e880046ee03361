// A detailed request's choices (category, container type, origin, CBMs, destination) and the English lines
// that tell them in its description, written above the customer's own words for a back office that keeps
// only the description (an Odoo lead). The back office returns the choices as codes (`details`, ADR 062);
// the lines are read back only where it does not: by the portal for such a back office, by the reference
// back office for the requests it kept before (migration 0020).
import type { ShippingRequest, RequestDetailCodes } from '@contract';
import {
  CATEGORY_NAMES,
  CONTAINER_TYPE_NAMES,
  DESTINATION_NAMES,
  ORIGIN_NAMES,
  type Category,
  type ContainerType,
  type Destination,
  type Origin,
} from './catalog';

/** The choices of a detailed request's form. */
export interface DetailChoices {
  category: Category;
  containerType: ContainerType;
  origin: Origin;
  cbm: number;
  /** Asked by the quotation form only. */
  destination?: Destination;
}

/** A request's choices, as far as they are known. */
export type RequestDetails = Partial<DetailChoices>;

/** The lines of the details, in their order (then a blank line before the customer's words). */
const DETAIL_LABELS = ['Category', 'Container type', 'Origin', 'CBMs required'];
/** The lines of a trade-finance application, in their order (then a blank line). */
const FINANCE_LABELS = ['Amount requested', 'Tenor', 'Supplier'];

/** The details as the description's English lines (their block; the blank line is the caller's). */
export function detailLines(details: DetailChoices): string[] {
  return [
    `Category: ${CATEGORY_NAMES[details.category]}`,
    `Container type: ${CONTAINER_TYPE_NAMES[details.containerType]}`,
    `Origin: ${ORIGIN_NAMES[details.origin]}`,
    `CBMs required: ${details.cbm}`,
    ...(details.destination ? [`Destination: ${DESTINATION_NAMES[details.destination]}`] : []),
  ];
}

/** A trade-finance application's lines (their block; the blank line is the caller's). */
export function financeLines(finance: {
  amount: number;
  currency: string;
  tenorMonths: number;
  supplierName: string;
  supplierCountry: string;
}): string[] {
  return [
    `Amount requested: ${finance.amount} ${finance.currency}`,
    `Tenor: ${finance.tenorMonths} months`,
    `Supplier: ${finance.supplierName} (${finance.supplierCountry})`,
  ];
}

/** The details a description's English lines tell (wherever they stand), each one that is readable. */
export function readDetails(description: string): RequestDetails {
  const line = (label: string) =>
    new RegExp(`^${label}: (.+)$`, 'm').exec(description)?.[1]?.trim().toLowerCase();
  const find = <K extends string>(names: Record<K, string>, label: string): K | undefined => {
    const value = line(label);
    return (Object.keys(names) as K[]).find((key) => names[key].toLowerCase() === value);
  };
  const cbm = Number(line('CBMs required'));
  return {
    category: find(CATEGORY_NAMES, 'Category'),
    containerType: find(CONTAINER_TYPE_NAMES, 'Container type'),
    origin: find(ORIGIN_NAMES, 'Origin'),
    cbm: Number.isFinite(cbm) && cbm > 0 ? cbm : undefined,
    destination: find(DESTINATION_NAMES, 'Destination'),
  };
}

/** Whether the description opens with the block of lines the portal writes (details or application). */
function blockOf(lines: readonly string[]): 'details' | 'finance' | null {
  const opens = (labels: readonly string[]) =>
    labels.every((label, index) => lines[index]?.startsWith(`${label}: `));
  if (opens(DETAIL_LABELS)) return 'details';
  return opens(FINANCE_LABELS) ? 'finance' : null;
}

/** The customer's own words: the description without the block of lines the portal put above them. */
export function customerText(description: string): string {
  const lines = description.split('\n');
  if (!blockOf(lines)) return description.trim();
  // The block ends at its first blank line (the quotation form's destination line is in it).
  const end = lines.indexOf('');
  return end < 0
    ? ''
    : lines
        .slice(end + 1)
        .join('\n')
        .trim();
}

/**
 * The codes a description's block of details tells, when it opens with that block and each of its
 * category, container type and CBMs is readable; null for anything else (words a person typed stay words).
 */
export function detailCodesIn(description: string): RequestDetailCodes | null {
  if (blockOf(description.split('\n')) !== 'details') return null;
  const end = description.indexOf('\n\n');
  const details = readDetails(end < 0 ? description : description.slice(0, end));
  if (!details.category || !details.containerType || details.cbm === undefined) return null;
  return { category: details.category, container_type: details.containerType, cbm: details.cbm };
}

/**
 * A request's choices: the codes the back office returned when it did (its origin and destination beside
 * them), else what the description's lines tell (a back office that ignores the extension).
 */
export function requestDetails(
  request: Pick<ShippingRequest, 'details' | 'description' | 'origin' | 'destination'>,
): RequestDetails {
  const codes = request.details;
  if (!codes) return readDetails(request.description);
  return {
    category: codes.category,
    containerType: codes.container_type,
    cbm: codes.cbm,
    origin: request.origin ?? undefined,
    destination: request.destination ?? undefined,
  };
}
