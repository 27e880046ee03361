/** Share links of documents and records. */
import { z } from 'zod';
import { SHARE_KINDS } from './values';
import { id } from './fields';
import { attachmentFile } from './common';
import { isoDate } from './dates';
import { shippingOrderDetail } from './shipping';
import { invoiceDetail, loanDetail, statement } from './finance';

/** A share token: random, URL-safe; the back office keeps only its hash. */
export const shareToken = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'not a share token');

export const shareAnswer = z.object({ token: shareToken, expires_at: z.string() });

export const sharedFile = attachmentFile.extend({ expires_at: z.string() });

export const statementShare = z
  .object({ customer_id: id, date_from: isoDate, date_to: isoDate })
  .refine((body) => body.date_from <= body.date_to, {
    message: 'date_from after date_to',
    path: ['date_to'],
  });

export const sharedRecord = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoice'), expires_at: z.string(), invoice: invoiceDetail }),
  z.object({ kind: z.literal('statement'), expires_at: z.string(), statement }),
  z.object({
    kind: z.literal('clearance_receipt'),
    expires_at: z.string(),
    order: shippingOrderDetail,
  }),
  z.object({ kind: z.literal('loan'), expires_at: z.string(), loan: loanDetail }),
]);
export type SharedRecord = z.infer<typeof sharedRecord>;

/** A live share link of a document, as its page lists it (never its token, which is not kept). */
export const shareLinkInfo = z.object({
  id: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  /** A loan document's id and file name; null for other kinds. */
  document_id: z.number().int().nullable(),
  document_name: z.string().nullable(),
  /** A statement's period (YYYY-MM-DD); null for other kinds. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  created_at: z.string(),
  /** Who made the link (null once their account is gone). */
  created_by: z.string().nullable(),
  expires_at: z.string(),
});
export type ShareLinkInfo = z.infer<typeof shareLinkInfo>;
