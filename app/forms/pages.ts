// URL state of the template pages: the billing period of /pages/pricing, the tree's expand mode.
import { z } from 'zod';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** /pages/pricing?billing=monthly|yearly (monthly by default, and for anything else). */
export const pricingParams = z.object({
  billing: z.enum(BILLING_PERIODS).catch('monthly').default('monthly'),
});

export const EXPAND_MODES = ['all', 'none'] as const;

/** /pages/treeview?expand=all|none (every branch closed by default). */
export const treeParams = z.object({
  expand: z.enum(EXPAND_MODES).catch('none').default('none'),
});

/** The query of a request, for the schemas above. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
