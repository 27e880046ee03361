/**
 * The lines the back office writes on a loan's transactions: a code and its values (the portal says
 * them in the reader's language), and the same line in English for the `note` every client reads.
 */
import type { LoanNoteCode } from '@contract';

export type LoanNote = { code: LoanNoteCode; params: Record<string, string | number> };

const amount = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2 });

/** The English note of a coded line. */
export function loanNoteText({ code, params }: LoanNote): string {
  switch (code) {
    case 'disbursement':
      return `Principal paid out; the balance adds ${params.currency} ${amount(Number(params.interest))} interest over ${params.months} months`;
    case 'arrangement_fee':
      return params.percent === undefined ? 'Arrangement fee' : `Arrangement fee (${params.percent}%)`;
    case 'instalment':
      return `Instalment ${params.number} of ${params.total}`;
    case 'instalment_and_fee':
      return `Instalment ${params.number} of ${params.total} and the arrangement fee`;
    case 'late_fee':
      return `Late payment fee: instalment ${params.number} unpaid`;
  }
}

/** The columns of a coded line: its English note, code and values. */
export function noteColumns(note: LoanNote) {
  return { note: loanNoteText(note), noteCode: note.code, noteParams: note.params };
}
