import type { Database } from './data/database';
import type { Mailer } from './mail';
import type { Sealer } from './sealing';

/** What the call handlers share: one per running back office. */
export interface App {
  /** The database, on either engine (`data/`). */
  database: Database;
  mailer: Mailer;
  /** The clock every expiry is measured with (tests move it). */
  now(): Date;
  /** Base URL of the portal, without a trailing slash, for links in mails. */
  portalUrl: string;
  /** The company the mails and the two-step issuer name (COMPANY_NAME, ADR 060). */
  companyName: string;
  version: string;
  /** Bytes of request attachments each customer may keep (staff uploads for them count too). */
  storageQuotaBytes: number;
  /** Seals the secrets the back office must read back (two-step verification keys). */
  sealer: Sealer;
}
