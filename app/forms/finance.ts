// Trade finance forms and URL state: the loan list, a loan made from a request, the staff's decision.
import { z } from 'zod';
import { LOAN_TABS } from '~/services/backoffice/contract';

/** /apps/loans: search, tab (All Loans by default), page. */
export const loanListParams = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  tab: z.enum(LOAN_TABS).catch('show_all').default('show_all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type LoanListParams = z.infer<typeof loanListParams>;

const amount = (max: number) =>
  z
    .number({ required_error: 'validation.required', invalid_type_error: 'validation.number' })
    .positive('validation.positive')
    .max(max, 'validation.tooLarge');

/** Staff turn an approved trade-finance request into a loan in Requested state. */
export const loanFromRequestSchema = z.object({
  principal: amount(1e9),
  interestRate: z
    .number({ required_error: 'validation.required', invalid_type_error: 'validation.number' })
    .min(0, 'validation.notNegative')
    .max(100, 'validation.tooLarge'),
  termMonths: z
    .number({ required_error: 'validation.required', invalid_type_error: 'validation.number' })
    .int('validation.wholeNumber')
    .min(1, 'validation.positive')
    .max(60, 'validation.tooLarge'),
});

/** Staff approve or deny a requested loan, with an optional note. */
export const loanDecisionSchema = z.object({
  decision: z.enum(['approved', 'denied'], { errorMap: () => ({ message: 'validation.choose' }) }),
  note: z.string().trim().max(2000, 'validation.tooLong').optional(),
});
