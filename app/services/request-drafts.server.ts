// What each request form's values make of a request: a new one (request-actions.server.ts) or the
// correction of one (the correction page).
import type { z } from 'zod';
import type { Service } from '~/catalog';
import type { detailedRequestSchema, financeRequestSchema, serviceRequestSchema } from '~/forms/requests';
import type { RequestDraft } from './requests.server';

export function serviceDraft(value: z.infer<typeof serviceRequestSchema>): RequestDraft {
  return { service: value.service, description: value.description };
}

export function detailedDraft(
  service: Exclude<Service, 'other'>,
  value: z.infer<typeof detailedRequestSchema>,
): RequestDraft {
  return {
    service,
    details: {
      category: value.category,
      containerType: value.containerType,
      origin: value.origin,
      cbm: value.cbm,
      ...(service === 'quotation' && value.destination ? { destination: value.destination } : {}),
    },
    expectedRevenue: value.expectedRevenue,
    description: value.description,
  };
}

/** A trade-finance application: its purpose is the request's words. */
export function financeDraft(value: z.infer<typeof financeRequestSchema>): RequestDraft {
  return {
    service: 'trade_finance',
    description: value.purpose,
    finance: {
      amount: value.amount,
      currency: value.currency,
      tenorMonths: value.tenorMonths,
      supplierName: value.supplierName,
      supplierCountry: value.supplierCountry,
      orderIds: value.orderIds,
    },
  };
}
