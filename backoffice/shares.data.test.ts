/**
 * Shares on both engines: tokens stored as hashes, expiry and revocation compared as ISO text, expired
 * shares dropped as new ones are made, the live ones listed newest first, and the records they open.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARE_DAYS } from '@contract';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import { insertInvoice } from './invoices';
import { addLoanDocument, insertLoan } from './loans';
import {
  createShare,
  findShareById,
  findSharedDocument,
  findSharedRecord,
  listLiveShares,
  revokeShare,
  sharePartner,
  type ShareTarget,
} from './shares';
import { EVERY_CUSTOMER } from './access';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-shares-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

/** A share made with no principal (every target here exists, so it is made). */
async function share(db: Database, target: ShareTarget, user: number, at: Date) {
  const made = await createShare(db, EVERY_CUSTOMER, target, user, at);
  if (!made) throw new Error(`Not shared: ${target.kind}`);
  return made;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-10T09:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);

/** A customer with one user, a loan with a document, and an invoice. */
async function records(db: Database) {
  const { id: partner } = await db
    .insertInto('partners')
    .values({ name: 'Nile Star Trading', referral_code: 'NILE0001', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: user } = await db
    .insertInto('users')
    .values({
      email: 'layla@example.com',
      password_hash: 'x',
      first_name: 'Layla',
      last_name: 'Mansour',
      partner_id: partner,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const loan = await insertLoan(
    db,
    {
      partnerId: partner,
      requestId: null,
      state: 'requested',
      principalCents: 100_000,
      currency: 'USD',
      interestRate: 10,
      termMonths: 3,
      issueDate: null,
      staffNote: null,
      decidedBy: null,
      decidedAt: null,
    },
    now,
  );
  await addLoanDocument(
    db,
    loan.id,
    { filename: 'agreement.pdf', mimetype: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    now,
  );
  const document = await db
    .selectFrom('loan_documents')
    .select('id')
    .where('loan_id', '=', loan.id)
    .executeTakeFirstOrThrow();
  const invoice = await insertInvoice(
    db,
    {
      partnerId: partner,
      shippingOrderId: null,
      state: 'posted',
      invoiceDate: '2026-03-01',
      currency: 'USD',
      lines: [{ description: 'Freight', quantity: 1, unitPriceCents: 50_000, taxRate: 0 }],
    },
    now,
  );
  return { partner, user, loan, document: document.id, invoice };
}

describe.each(ENGINES)('shares on $engine', ({ engine, available }) => {
  it.skipIf(!available)('open what they name until they expire, and keep only the token’s hash', async () => {
    const db = await open(engine);
    const { partner, user, loan, document, invoice } = await records(db);
    const file = await share(db, { kind: 'loan_document', loanId: loan.id, documentId: document }, user, now);
    expect(file.expiresAt).toBe(at(SHARE_DAYS).toISOString());
    const stored = await db.selectFrom('shares').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(file.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(file.token);
    expect(await findSharedDocument(db, file.token, at(SHARE_DAYS - 1))).toMatchObject({
      filename: 'agreement.pdf',
      expiresAt: file.expiresAt,
    });
    expect(await findSharedDocument(db, file.token, at(SHARE_DAYS))).toBeNull();
    expect(await findSharedRecord(db, file.token, now)).toBeNull();

    const statement = await share(
      db,
      { kind: 'statement', customerId: partner, dateFrom: '2026-03-01', dateTo: '2026-03-31' },
      user,
      now,
    );
    expect(await findSharedRecord(db, statement.token, now)).toMatchObject({
      kind: 'statement',
      statement: {
        date_from: '2026-03-01',
        date_to: '2026-03-31',
        total_invoiced: 500,
        closing_balance: 500,
      },
    });
    const invoiceShare = await share(db, { kind: 'invoice', invoiceId: invoice.id }, user, now);
    expect(await findSharedRecord(db, invoiceShare.token, now)).toMatchObject({
      kind: 'invoice',
      invoice: { name: invoice.name, amount_due: 500 },
    });
    const loanShare = await share(db, { kind: 'loan', loanId: loan.id }, user, now);
    expect(await findSharedRecord(db, loanShare.token, now)).toMatchObject({
      kind: 'loan',
      loan: { name: loan.name, documents: [{ filename: 'agreement.pdf' }] },
    });
    expect(await findSharedDocument(db, loanShare.token, now)).toBeNull();
    await db.deleteFrom('invoices').where('id', '=', invoice.id).execute();
    expect(await findSharedRecord(db, invoiceShare.token, now)).toBeNull();

    // Made once every share above has expired: they are dropped.
    await share(db, { kind: 'loan', loanId: loan.id }, user, at(SHARE_DAYS));
    expect(await db.selectFrom('shares').select('expires_at').execute()).toEqual([
      { expires_at: at(2 * SHARE_DAYS).toISOString() },
    ]);
  });

  it.skipIf(!available)(
    'list the live shares newest first with names and periods, and revoke them once',
    async () => {
      const db = await open(engine);
      const { partner, user, loan, document } = await records(db);
      const first = await share(
        db,
        { kind: 'loan_document', loanId: loan.id, documentId: document },
        user,
        now,
      );
      await share(db, { kind: 'loan_document', loanId: loan.id, documentId: document }, user, at(1));
      await share(
        db,
        { kind: 'statement', customerId: partner, dateFrom: '2026-01-01', dateTo: '2026-01-31' },
        user,
        now,
      );
      const listed = (await listLiveShares(db, EVERY_CUSTOMER, 'loan_document', loan.id, at(2)))!;
      expect(listed.map((share) => [share.created_at, share.document_name, share.created_by])).toEqual([
        [at(1).toISOString(), 'agreement.pdf', 'Layla Mansour'],
        [now.toISOString(), 'agreement.pdf', 'Layla Mansour'],
      ]);
      expect(await listLiveShares(db, EVERY_CUSTOMER, 'statement', partner, now)).toMatchObject([
        { kind: 'statement', document_id: null, date_from: '2026-01-01', date_to: '2026-01-31' },
      ]);
      expect(await sharePartner(db, EVERY_CUSTOMER, 'loan_document', loan.id)).toBe(partner);
      expect(await sharePartner(db, EVERY_CUSTOMER, 'statement', partner)).toBe(partner);
      expect(await sharePartner(db, EVERY_CUSTOMER, 'invoice', 99_999)).toBeNull();

      const oldest = listed[1]!;
      expect(await findShareById(db, EVERY_CUSTOMER, oldest.id)).toEqual({
        kind: 'loan_document',
        target_id: loan.id,
      });
      await revokeShare(db, EVERY_CUSTOMER, oldest.id, user, at(2));
      await revokeShare(db, EVERY_CUSTOMER, oldest.id, user, at(3));
      const row = await db
        .selectFrom('shares')
        .select(['revoked_at', 'revoked_by_user_id'])
        .where('id', '=', oldest.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ revoked_at: at(2).toISOString(), revoked_by_user_id: user });
      expect(await findSharedDocument(db, first.token, at(2))).toBeNull();
      expect(
        (await listLiveShares(db, EVERY_CUSTOMER, 'loan_document', loan.id, at(2)))!.map((share) => share.id),
      ).not.toContain(oldest.id);
    },
  );
});
