/**
 * The migrations, in order. Never rename, reorder or edit one that has shipped: append a new file
 * (`0002_….ts`) and list it here. Each runs on SQLite and PostgreSQL (`../dialect.ts`).
 */
import type { Migration } from 'kysely';
import * as baseline from './0001_baseline';
import * as sharedPortalState from './0002_shared_portal_state';
import * as quotes from './0003_quotes';
import * as rates from './0004_rates';
import * as financeApplications from './0005_finance_applications';
import * as loanTerms from './0006_loan_terms';
import * as requestWithdrawal from './0007_request_withdrawal';
import * as requestEvents from './0008_request_events';
import * as trackingWithdrawal from './0009_tracking_withdrawal';
import * as orderEditing from './0010_order_editing';
import * as containerOperations from './0011_container_operations';
import * as customerAccess from './0012_customer_access';
import * as auditTrail from './0013_audit_trail';
import * as notifications from './0014_notifications';
import * as loanNoteCodes from './0015_loan_note_codes';
import * as conversations from './0016_conversations';
import * as notificationMail from './0017_notification_mail';
import * as messageAttachments from './0018_message_attachments';
import * as userPictures from './0019_user_pictures';
import * as requestDetailCodes from './0020_request_detail_codes';
import * as receiptConsignee from './0021_receipt_consignee';

export const migrations: Record<string, Migration> = {
  '0001_baseline': baseline,
  '0002_shared_portal_state': sharedPortalState,
  '0003_quotes': quotes,
  '0004_rates': rates,
  '0005_finance_applications': financeApplications,
  '0006_loan_terms': loanTerms,
  '0007_request_withdrawal': requestWithdrawal,
  '0008_request_events': requestEvents,
  '0009_tracking_withdrawal': trackingWithdrawal,
  '0010_order_editing': orderEditing,
  '0011_container_operations': containerOperations,
  '0012_customer_access': customerAccess,
  '0013_audit_trail': auditTrail,
  '0014_notifications': notifications,
  '0015_loan_note_codes': loanNoteCodes,
  '0016_conversations': conversations,
  '0017_notification_mail': notificationMail,
  '0018_message_attachments': messageAttachments,
  '0019_user_pictures': userPictures,
  '0020_request_detail_codes': requestDetailCodes,
  '0021_receipt_consignee': receiptConsignee,
};
