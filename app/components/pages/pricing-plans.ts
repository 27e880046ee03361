// The service plans of /pages/pricing (prices in UAE dirhams, VAT excluded). Names, summaries and
// features are in the `pages` namespace (pricing.plans.<id>, pricing.feature.<key>).
import { formatNumber } from '~/components/format';

export const PLAN_CURRENCY = 'AED';

export interface PlanFeature {
  key: string;
  /** A money amount (AED) shown in the feature's text as {{amount}}. */
  amount?: number;
  /** A volume in cubic metres shown as {{cbm}}. */
  cbm?: number;
}

export interface Plan {
  id: 'starter' | 'business' | 'enterprise';
  /** Price per month and per year; null: priced to the customer's volumes. */
  price: { monthly: number; yearly: number } | null;
  popular?: boolean;
  features: readonly PlanFeature[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    price: { monthly: 490, yearly: 4900 },
    features: [
      { key: 'groupage' },
      { key: 'cbmIncluded', cbm: 15 },
      { key: 'tracking' },
      { key: 'financeUpTo', amount: 50_000 },
      { key: 'emailSupport' },
    ],
  },
  {
    id: 'business',
    price: { monthly: 1490, yearly: 14_900 },
    popular: true,
    features: [
      { key: 'groupage' },
      { key: 'fcl' },
      { key: 'priorityClearance' },
      { key: 'financeUpTo', amount: 500_000 },
      { key: 'accountManager' },
      { key: 'statements' },
    ],
  },
  {
    id: 'enterprise',
    price: null,
    features: [
      { key: 'housebill' },
      { key: 'financeAbove', amount: 500_000 },
      { key: 'bondedStorage' },
      { key: 'accountManager' },
      { key: 'support247' },
      { key: 'statements' },
    ],
  },
];

/** Whole dirhams in the reader's language ("AED 1,490", "1 490 AED", "‏1,490 د.إ.‏"). */
export function formatPlanMoney(value: number, language: string): string {
  return formatNumber(value, language, {
    style: 'currency',
    currency: PLAN_CURRENCY,
    maximumFractionDigits: 0,
  });
}

/** What a yearly plan costs a month (rounded to whole dirhams). */
export function monthlyEquivalent(yearly: number): number {
  return Math.round(yearly / 12);
}
