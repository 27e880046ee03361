/** Demo loans (seed step): every state for both demo customers, with transactions that fit their schedules. */
import type { LoanState } from '@contract';
import { DAY_MS, daysBefore, demoRandom, pastDayAt } from './demo';
import { noteColumns } from './loanNotes';
import { addLoanDocument, addLoanTransaction, disbursement, insertLoan, loanSchedule } from './loans';
import { dayOf, toCents } from './numbers';
import { demoPdf } from './pdf';
import type { SeedContext } from './seed';

type DemoCustomer = 'client@example.com' | 'client2@example.com';

export interface DemoLoan {
  customer: DemoCustomer;
  state: LoanState;
  /** USD */
  principal: number;
  /** Yearly, in percent. */
  rate: number;
  termMonths: number;
  /** Approved and repaid: days since it was issued; requested and denied: since it was asked for. */
  daysAgo: number;
  /** Approved: how many of the lines already due are left unpaid (the last ones), making it overdue. */
  missed?: number;
  note?: string;
  /** A loan agreement and a promissory note. */
  documents?: boolean;
}

const NILE = 'client@example.com';
const JADE = 'client2@example.com';

/** The arrangement fee charged on disbursement, in percent of the principal. */
const ARRANGEMENT_FEE = 1;
const LATE_FEE_CENTS = 7500;

/** state, principal (USD), yearly rate (%), term in months, days ago (see DemoLoan), and the rest */
type LoanLine = [LoanState, number, number, number, number, Pick<DemoLoan, 'missed' | 'note' | 'documents'>?];

function loansOf(customer: DemoCustomer, lines: readonly LoanLine[]): DemoLoan[] {
  return lines.map(([state, principal, rate, termMonths, daysAgo, rest]) => ({
    customer,
    state,
    principal,
    rate,
    termMonths,
    daysAgo,
    ...rest,
  }));
}

const documents = { documents: true };

export const demoLoans: readonly DemoLoan[] = [
  // Nile Star Trading: 16 approved (two overdue), 6 repaid, 4 denied, 3 requested.
  ...loansOf(NILE, [
    ['approved', 48_000, 12, 6, 20],
    ['approved', 35_000, 11.5, 12, 45, documents],
    ['approved', 22_500, 10, 6, 70],
    ['approved', 60_000, 12.5, 12, 100, documents],
    ['approved', 15_000, 9.5, 3, 50],
    ['approved', 80_000, 13, 12, 130, { missed: 1, documents: true }],
    ['approved', 27_000, 11, 9, 160],
    ['approved', 42_000, 12, 9, 190, { missed: 2 }],
    ['approved', 18_500, 10.5, 6, 12],
    ['approved', 55_000, 12, 12, 220, documents],
    ['approved', 30_000, 11, 12, 250],
    ['approved', 12_000, 9, 6, 140],
    ['approved', 66_000, 12.75, 12, 280],
    ['approved', 24_000, 10, 12, 310],
    ['approved', 38_000, 11.25, 12, 335],
    ['approved', 9_500, 9, 3, 5],
    ['repaid', 20_000, 10, 3, 400, documents],
    ['repaid', 45_000, 11.5, 6, 520],
    ['repaid', 16_000, 9.5, 3, 230],
    ['repaid', 32_000, 12, 6, 610, documents],
    ['repaid', 28_000, 10.5, 6, 700],
    ['repaid', 50_000, 12, 12, 800],
    [
      'denied',
      120_000,
      14,
      12,
      30,
      { note: 'Above the credit limit agreed for this customer; please apply for a smaller amount.' },
    ],
    ['denied', 75_000, 13, 12, 95, { note: 'The supplier could not be verified yet.' }],
    [
      'denied',
      40_000,
      12,
      6,
      180,
      { note: 'The pro-forma invoice is missing; please attach it and apply again.' },
    ],
    ['denied', 25_000, 11, 6, 260, { note: 'An earlier loan was overdue when this one was requested.' }],
    ['requested', 36_000, 11.5, 6, 1],
    ['requested', 14_000, 10, 3, 3],
    ['requested', 52_000, 12, 9, 6],
  ]),
  // Jade Harbor Imports: 3 approved (one overdue), 2 repaid, 1 denied, 1 requested.
  ...loansOf(JADE, [
    ['approved', 26_000, 11, 6, 75, documents],
    ['approved', 40_000, 12, 12, 150, { missed: 1 }],
    ['approved', 17_500, 10, 6, 25],
    ['repaid', 22_000, 10.5, 6, 450],
    ['repaid', 35_000, 11, 9, 600, documents],
    ['denied', 90_000, 13.5, 12, 60, { note: 'The goods are not eligible as collateral.' }],
    ['requested', 28_000, 11, 6, 2],
  ]),
];

/** A moment on that day, not after the seeding time. */
function onDay(day: string, now: Date): Date {
  const moment = new Date(`${day}T10:00:00Z`);
  return moment > now ? now : moment;
}

function plusDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function loanDocuments(name: string, customer: string, loan: DemoLoan, issued: string) {
  const amount = `USD ${loan.principal.toLocaleString('en-US')}.00`;
  return [
    {
      filename: `loan-agreement-${name}.pdf`,
      mimetype: 'application/pdf',
      data: demoPdf([
        `Loan agreement ${name}`,
        'Lender: Harbour Freight Trade Finance',
        `Borrower: ${customer}`,
        `Principal: ${amount} at ${loan.rate}% a year, simple interest`,
        `Repayment: ${loan.termMonths} equal monthly instalments from ${issued}`,
        `Arrangement fee: ${ARRANGEMENT_FEE}% of the principal, on disbursement`,
      ]),
    },
    {
      filename: `promissory-note-${name}.pdf`,
      mimetype: 'application/pdf',
      data: demoPdf([
        `Promissory note ${name}`,
        `${customer} promises to pay Harbour Freight Trade Finance`,
        `the sum of ${amount} with interest at ${loan.rate}% a year,`,
        `in ${loan.termMonths} monthly instalments from ${issued}.`,
      ]),
    },
  ];
}

/**
 * The demo loans, oldest first (so their numbers follow their dates). An approved or repaid loan is
 * disbursed on its issue date with a 1% arrangement fee; each line due before today is repaid a few
 * days early, but the `missed` last ones, which get a late fee instead; a repaid loan's last
 * repayment also settles the fees.
 */
export async function seedLoans(context: SeedContext): Promise<void> {
  const random = demoRandom(20_260_107);
  const today = dayOf(context.now);
  const admin = context.users.get('admin@example.com');
  if (!admin) throw new Error('Seed data for admin@example.com');
  const planned = demoLoans.map((loan) => {
    const issued = loan.state === 'approved' || loan.state === 'repaid';
    return { loan, issued, createdAt: pastDayAt(context.now, loan.daysAgo + (issued ? 3 : 0), 9) };
  });
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const { loan, issued, createdAt } of planned) {
    const customer = context.users.get(loan.customer);
    if (!customer) throw new Error(`Seed data for ${loan.customer}`);
    const issueDate = issued ? dayOf(daysBefore(context.now, loan.daysAgo)) : null;
    const decidedAt =
      loan.state === 'requested'
        ? null
        : pastDayAt(context.now, issued ? loan.daysAgo : Math.max(loan.daysAgo - 1, 0), 11);
    const principalCents = toCents(loan.principal);
    const { id, name } = await insertLoan(
      context.database,
      {
        partnerId: customer.partnerId,
        requestId: null,
        state: loan.state,
        principalCents,
        currency: 'USD',
        interestRate: loan.rate,
        termMonths: loan.termMonths,
        issueDate,
        staffNote:
          loan.note ??
          (issued
            ? `Approved against the supplier's invoice; ${loan.termMonths} monthly instalments.`
            : null),
        decidedBy: decidedAt ? admin.userId : null,
        decidedAt: decidedAt?.toISOString() ?? null,
      },
      createdAt,
    );
    if (issueDate === null || decidedAt === null) continue;

    const row = {
      name,
      principal_cents: principalCents,
      interest_rate: loan.rate,
      term_months: loan.termMonths,
      currency: 'USD',
    };
    await addLoanTransaction(context.database, id, disbursement(row, issueDate), decidedAt);
    const feeCents = Math.round((principalCents * ARRANGEMENT_FEE) / 100);
    const feeNote = noteColumns({ code: 'arrangement_fee', params: { percent: ARRANGEMENT_FEE } });
    const fee = { type: 'fee', amountCents: feeCents, reference: `${name}-F1`, ...feeNote } as const;
    await addLoanTransaction(context.database, id, { ...fee, date: issueDate }, decidedAt);

    const schedule = loanSchedule({ ...row, state: 'approved', issue_date: issueDate }, 0, today);
    const due = schedule.filter((line) => line.dueDate < today);
    const paid = loan.state === 'repaid' ? schedule : due.slice(0, due.length - (loan.missed ?? 0));
    for (const [index, line] of paid.entries()) {
      const settles = loan.state === 'repaid' && index === paid.length - 1;
      const date = plusDays(line.dueDate, -random.int(0, 3));
      await addLoanTransaction(
        context.database,
        id,
        {
          type: 'repayment',
          amountCents: line.amount + (settles ? feeCents : 0),
          date,
          reference: `${name}-R${index + 1}`,
          ...noteColumns({
            code: settles ? 'instalment_and_fee' : 'instalment',
            params: { number: index + 1, total: loan.termMonths },
          }),
        },
        onDay(date, context.now),
      );
    }
    const firstMissed = due[paid.length];
    if (loan.state === 'approved' && firstMissed) {
      const lateFeeDate = [plusDays(firstMissed.dueDate, 5), today].sort()[0] ?? today;
      await addLoanTransaction(
        context.database,
        id,
        {
          type: 'fee',
          amountCents: LATE_FEE_CENTS,
          date: lateFeeDate,
          reference: `${name}-F2`,
          ...noteColumns({ code: 'late_fee', params: { number: paid.length + 1 } }),
        },
        onDay(lateFeeDate, context.now),
      );
    }
    if (loan.documents) {
      const partner = await context.database
        .selectFrom('partners')
        .select('name')
        .where('id', '=', customer.partnerId)
        .executeTakeFirstOrThrow();
      for (const file of loanDocuments(name, partner.name, loan, issueDate))
        await addLoanDocument(context.database, id, file, decidedAt);
    }
  }
}
