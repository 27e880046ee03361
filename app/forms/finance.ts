// Trade finance forms and URL state: the loan list, a loan made from a request, the staff's decision.
import { z } from 'zod';
import { LOAN_TABS } from '@contract/values';
import { isPastDate, withinTheYear } from '@contract/dates';
import { decimalText, pageParam, plainText, searchParam } from '~/services/input';

/** /apps/loans: search, tab (All Loans by default), page. */
export const loanListParams = z.object({
  q: searchParam(),
  tab: z.enum(LOAN_TABS).catch('show_all').default('show_all'),
  page: pageParam,
});
export type LoanListParams = z.infer<typeof loanListParams>;

/**
 * Staff approve a finance application with the loan's terms: the principal, the yearly rate, the
 * arrangement fee, the number of monthly instalments and the first one's date, and a note to the
 * customer.
 */
export const loanFromRequestSchema = z.object({
  // Money to the cent, a yearly rate in percent to the hundredth, whole months.
  principal: decimalText({ min: 0, aboveMin: true, max: 1e9, decimals: 2, tooSmall: 'validation.positive' }),
  interestRate: decimalText({ min: 0, max: 100, decimals: 2, tooSmall: 'validation.notNegative' }),
  arrangementFee: decimalText({ min: 0, max: 1e9, decimals: 2, tooSmall: 'validation.notNegative' }),
  termMonths: decimalText({ min: 1, max: 60, decimals: 0, tooSmall: 'validation.positive' }),
  firstDueDate: z
    .string({ required_error: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine((day) => withinTheYear(day), 'finance:newLoan.firstDueRange'),
  note: plainText(2000, { multiline: true, tooLong: 'validation.tooLong' }).optional(),
});
export type LoanTerms = z.infer<typeof loanFromRequestSchema>;

/** Staff approve or deny a requested loan, with an optional note. */
export const loanDecisionSchema = z.object({
  decision: z.enum(['approved', 'denied'], { errorMap: () => ({ message: 'validation.choose' }) }),
  note: plainText(2000, { multiline: true, tooLong: 'validation.tooLong' }).optional(),
});

/** Staff record a repayment received or a fee charged on an active loan. */
export const loanTransactionSchema = z.object({
  type: z.enum(['repayment', 'fee'], { errorMap: () => ({ message: 'validation.choose' }) }),
  amount: decimalText({ min: 0, aboveMin: true, max: 1e9, decimals: 2, tooSmall: 'validation.positive' }),
  date: z
    .string({ required_error: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine((value) => value <= new Date().toISOString().slice(0, 10), 'validation.dateInFuture')
    .refine(isPastDate, 'validation.date'),
  reference: plainText(100, { tooLong: 'validation.tooLong' }).optional(),
  note: plainText(500, { tooLong: 'validation.tooLong' }).optional(),
});
