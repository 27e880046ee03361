/**
 * Partner scoping inside the data functions, on both engines: every finder of one customer's record
 * finds customer A's with A's scope and with EVERY_CUSTOMER, and nothing with customer B's scope.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { customerInScope, EVERY_CUSTOMER, type PartnerScope } from './access';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import {
  customerStatement,
  findInvoiceById,
  findInvoiceByName,
  insertInvoice,
  invoiceTotals,
  listInvoices,
} from './invoices';
import { addLoanDocument, findLoanById, findLoanByNumber, findLoanDocument, insertLoan } from './loans';
import {
  addOrderDocument,
  findOrderDocument,
  findShippingOrder,
  insertShippingOrder,
  orderPartner,
} from './orders';
import {
  findContactImage,
  findCustomer,
  getContactDetails,
  setContactImage,
  updateContactDetails,
} from './partners';
import { createShippingRequest, findAttachment, findShippingRequest } from './requests';
import {
  createShare,
  findShareById,
  listLiveShares,
  revokeShare,
  sharePartner,
  type ShareTarget,
} from './shares';
import { addTrackingEvent, listTracking } from './tracking';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-scoping-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-03-10T09:00:00.000Z');
const today = '2026-03-10';
const pdf = (name: string) => ({
  filename: name,
  mimetype: 'application/pdf',
  data: Buffer.from('%PDF-1.4'),
});

async function partner(db: Database, name: string, code: string): Promise<number> {
  const { id } = await db
    .insertInto('partners')
    .values({ name, referral_code: code, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Customer A with one record of every kind (and a user), and customer B with none. */
async function records(db: Database) {
  const a = await partner(db, 'Nile Star Trading', 'NILE0001');
  const b = await partner(db, 'Delta Papyrus Traders', 'DELT0001');
  const { id: user } = await db
    .insertInto('users')
    .values({
      email: 'layla@example.com',
      password_hash: 'x',
      first_name: 'Layla',
      partner_id: a,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = await createShippingRequest(
    db,
    {
      partnerId: a,
      emailFrom: 'layla@example.com',
      name: 'Electronics',
      service: null,
      origin: null,
      description: 'Chargers',
      expectedRevenue: 1000,
      attachments: [pdf('packing-list.pdf')],
    },
    now,
  );
  const attachment = await db
    .selectFrom('request_attachments')
    .select('id')
    .where('request_id', '=', request)
    .executeTakeFirstOrThrow();
  const order = await insertShippingOrder(
    db,
    {
      partnerId: a,
      requestId: request,
      status: 'confirmed',
      category: 'footwear',
      containerType: 'groupage',
      cbm: 2,
      origin: 'china',
      supplierId: null,
      shippingMark: null,
      invoiceStatus: 'not_invoiced',
      totalInvoiceCents: 0,
      loanId: null,
      containerId: null,
      expectedArrival: null,
    },
    now,
  );
  const orderDocument = await addOrderDocument(db, order, pdf('bill-of-lading.pdf'), now);
  const received = {
    milestone: 'cargo_received',
    place: 'Ningbo',
    eventTime: now.toISOString(),
    note: null,
  } as const;
  await addTrackingEvent(db, order, received, user, now);
  const loan = await insertLoan(
    db,
    {
      partnerId: a,
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
  await addLoanDocument(db, loan.id, pdf('agreement.pdf'), now);
  const loanDocument = await db
    .selectFrom('loan_documents')
    .select('id')
    .where('loan_id', '=', loan.id)
    .executeTakeFirstOrThrow();
  const invoice = await insertInvoice(
    db,
    {
      partnerId: a,
      shippingOrderId: order,
      state: 'posted',
      invoiceDate: '2026-03-01',
      currency: 'USD',
      lines: [{ description: 'Freight', quantity: 1, unitPriceCents: 50_000, taxRate: 0 }],
    },
    now,
  );
  await setContactImage(db, EVERY_CUSTOMER, a, {
    mimetype: 'image/png',
    data: Buffer.from('\x89PNG\r\n\x1a\n'),
  });
  return {
    a,
    b,
    user,
    request,
    attachment: attachment.id,
    order,
    orderDocument,
    loan,
    loanDocument: loanDocument.id,
    invoice,
  };
}

describe.each(ENGINES)('partner scoping on $engine', ({ engine, available }) => {
  it.skipIf(!available)(
    'finds customer A’s record with A’s scope and every customer’s, and not with B’s',
    async () => {
      const db = await open(engine);
      const r = await records(db);
      const period = ['2026-03-01', '2026-03-31'] as const;
      const finders: Record<string, (scope: PartnerScope) => Promise<unknown>> = {
        findShippingRequest: (scope) => findShippingRequest(db, scope, r.request),
        findAttachment: (scope) => findAttachment(db, scope, r.request, r.attachment),
        findShippingOrder: (scope) => findShippingOrder(db, scope, r.order),
        orderPartner: (scope) => orderPartner(db, scope, r.order),
        findOrderDocument: (scope) => findOrderDocument(db, scope, r.order, r.orderDocument),
        listTracking: async (scope) => (await listTracking(db, scope, r.order))[0] ?? null,
        findLoanByNumber: (scope) => findLoanByNumber(db, scope, r.loan.name),
        findLoanById: (scope) => findLoanById(db, scope, r.loan.id),
        findLoanDocument: (scope) => findLoanDocument(db, scope, r.loan.id, r.loanDocument),
        findInvoiceById: (scope) => findInvoiceById(db, scope, r.invoice.id),
        findInvoiceByName: (scope) => findInvoiceByName(db, scope, r.invoice.name.toLowerCase()),
        customerStatement: (scope) => customerStatement(db, scope, r.a, ...period),
        invoiceTotals: async (scope) => {
          const totals = await invoiceTotals(db, scope, r.a, today);
          return totals.amount_total > 0 ? totals : null;
        },
        listInvoices: async (scope) => {
          const filter = { scope, partnerId: r.a, withDrafts: true, tab: 'show_all' as const };
          const { invoices, totals } = await listInvoices(db, { ...filter, limit: 10, offset: 0 }, today);
          return invoices.length > 0 || totals.amount_total > 0 ? invoices : null;
        },
        getContactDetails: (scope) => getContactDetails(db, scope, r.a),
        findContactImage: (scope) => findContactImage(db, scope, r.a),
        findCustomer: (scope) => findCustomer(db, scope, r.a),
        customerInScope: (scope) =>
          customerInScope(
            db,
            { id: r.user, partnerId: scope ?? 0, roles: scope === null ? ['admin'] : [] },
            r.a,
          ),
        'sharePartner (invoice)': (scope) => sharePartner(db, scope, 'invoice', r.invoice.id),
        'sharePartner (statement)': (scope) => sharePartner(db, scope, 'statement', r.a),
        'sharePartner (clearance receipt)': (scope) => sharePartner(db, scope, 'clearance_receipt', r.order),
        'sharePartner (loan)': (scope) => sharePartner(db, scope, 'loan', r.loan.id),
        'sharePartner (loan document)': (scope) => sharePartner(db, scope, 'loan_document', r.loan.id),
        listLiveShares: (scope) => listLiveShares(db, scope, 'invoice', r.invoice.id, now),
      };
      for (const [name, find] of Object.entries(finders)) {
        expect(await find(r.a), `${name} with A’s scope`).toBeTruthy();
        expect(await find(EVERY_CUSTOMER), `${name} for every customer`).toBeTruthy();
        expect(await find(r.b), `${name} with B’s scope`).toBeNull();
      }
    },
  );

  it.skipIf(!available)('shares and revokes customer A’s records with A’s scope only', async () => {
    const db = await open(engine);
    const r = await records(db);
    const targets: ShareTarget[] = [
      { kind: 'invoice', invoiceId: r.invoice.id },
      { kind: 'statement', customerId: r.a, dateFrom: '2026-03-01', dateTo: '2026-03-31' },
      { kind: 'clearance_receipt', orderId: r.order },
      { kind: 'loan', loanId: r.loan.id },
      { kind: 'loan_document', loanId: r.loan.id, documentId: r.loanDocument },
    ];
    for (const target of targets) {
      expect(await createShare(db, r.b, target, r.user, now), target.kind).toBeNull();
      expect(await createShare(db, r.a, target, r.user, now), target.kind).not.toBeNull();
      expect(await createShare(db, EVERY_CUSTOMER, target, r.user, now), target.kind).not.toBeNull();
    }
    // Another loan's document, or none, is not shared even in scope.
    const wrongDocument = {
      kind: 'loan_document',
      loanId: r.loan.id,
      documentId: r.loanDocument + 1,
    } as const;
    expect(await createShare(db, r.a, wrongDocument, r.user, now)).toBeNull();
    expect(await db.selectFrom('shares').select('id').execute()).toHaveLength(2 * targets.length);

    const { id } = await db.selectFrom('shares').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect(await findShareById(db, r.b, id)).toBeNull();
    expect(await findShareById(db, r.a, id)).toEqual({ kind: 'invoice', target_id: r.invoice.id });
    expect(await findShareById(db, EVERY_CUSTOMER, id)).toEqual({ kind: 'invoice', target_id: r.invoice.id });
    const revoked = () =>
      db.selectFrom('shares').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await revokeShare(db, r.b, id, r.user, now)).toBe(false);
    expect(await revoked()).toEqual({ revoked_at: null });
    expect(await revokeShare(db, r.a, id, r.user, now)).toBe(true);
    expect(await revoked()).toEqual({ revoked_at: now.toISOString() });
  });

  it.skipIf(!available)('writes customer A’s contact details and picture with A’s scope only', async () => {
    const db = await open(engine);
    const r = await records(db);
    const contact = {
      name: 'Changed',
      phone: null,
      street: null,
      city: null,
      country: null,
      companyName: null,
    };
    const picture = { mimetype: 'image/png' as const, data: Buffer.from('\x89PNG\r\n\x1a\nB') };
    expect(await updateContactDetails(db, r.b, r.a, contact)).toBe(false);
    expect(await setContactImage(db, r.b, r.a, picture)).toBe(false);
    expect((await getContactDetails(db, EVERY_CUSTOMER, r.a))?.name).not.toBe('Changed');
    expect((await findContactImage(db, EVERY_CUSTOMER, r.a))?.data.equals(picture.data)).toBe(false);
    expect(await updateContactDetails(db, r.a, r.a, contact)).toBe(true);
    expect(await setContactImage(db, r.a, r.a, picture)).toBe(true);
    expect((await getContactDetails(db, EVERY_CUSTOMER, r.a))?.name).toBe('Changed');
    expect((await findContactImage(db, EVERY_CUSTOMER, r.a))?.data.equals(picture.data)).toBe(true);
    expect(await updateContactDetails(db, EVERY_CUSTOMER, r.a, { ...contact, name: 'Staff' })).toBe(true);
  });
});
