// The print layout of a shared record, whatever its kind: invoice, statement, clearance receipt or loan.
import type { SharedRecord } from '@contract';
import { ClearanceReceipt, receiptNumber } from './clearance-receipt';
import { InvoiceDocument } from './invoice-document';
import { LoanDocument } from './loan-document';
import { StatementDocument } from './statement-document';

export function SharedRecordDocument({ record }: { record: SharedRecord }) {
  switch (record.kind) {
    case 'invoice':
      return <InvoiceDocument invoice={record.invoice} />;
    case 'statement':
      return <StatementDocument statement={record.statement} />;
    case 'clearance_receipt':
      return <ClearanceReceipt order={record.order} />;
    case 'loan':
      return <LoanDocument loan={record.loan} />;
  }
}

/** The file name (without extension) a shared record downloads as. */
export function sharedRecordFilename(record: SharedRecord): string {
  switch (record.kind) {
    case 'invoice':
      return record.invoice.name;
    case 'statement':
      return `statement-${record.statement.partner_id}-${record.statement.date_from}-${record.statement.date_to}`;
    case 'clearance_receipt':
      return receiptNumber(record.order);
    case 'loan':
      return `${record.loan.name}-summary`;
  }
}
