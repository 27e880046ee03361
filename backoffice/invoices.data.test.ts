/**
 * Invoices on both engines: numbers found ignoring case, sums and counts of cents as numbers, the
 * customer's totals and statement (text dates in order), orders following their invoice, and payments
 * that race for what is due.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERY_CUSTOMER } from './access';
import type { Database } from './data/database';
import { ENGINES, openTestStore } from './data/test-engines';
import {
  addInvoicePayment,
  customerStatement,
  findInvoiceById,
  findInvoiceByName,
  insertInvoice,
  invoiceDetail,
  invoiceTotals,
  listInvoices,
  type NewInvoice,
} from './invoices';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof ENGINES)[number]['engine']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-invoices-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const opened = await openTestStore(engine, dir);
  cleanups.push(opened.dispose);
  return opened.store.database;
}

const now = new Date('2026-03-10T09:00:00.000Z');
const today = '2026-03-10';

async function customer(db: Database, name: string, code: string): Promise<number> {
  const { id } = await db
    .insertInto('partners')
    .values({ name, referral_code: code, city: 'Cairo', country: 'Egypt', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function order(db: Database, partnerId: number, name: string): Promise<number> {
  const { id } = await db
    .insertInto('shipping_orders')
    .values({
      name,
      partner_id: partnerId,
      status: 'in_transit',
      category: 'footwear',
      container_type: 'groupage',
      cbm: 2,
      origin: 'china',
      created_at: '2026-03-01T00:00:00.000Z',
      updated_at: '2026-03-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const invoice = (partnerId: number, invoiceDate: string, more: Partial<NewInvoice> = {}): NewInvoice => ({
  partnerId,
  shippingOrderId: null,
  state: 'posted',
  invoiceDate,
  currency: 'USD',
  lines: [
    { description: 'Freight', quantity: 1, unitPriceCents: 100_000, taxRate: 0 },
    { description: 'Handling', quantity: 3, unitPriceCents: 3_333, taxRate: 5 },
  ],
  ...more,
});

const pay = (db: Database, id: number, date: string, amountCents: number) =>
  addInvoicePayment(db, id, { date, amountCents, method: 'bank_transfer', reference: null }, now);

describe.each(ENGINES)('invoices on $engine', ({ engine, available }) => {
  it.skipIf(!available)(
    'number and find invoices by number ignoring case, and give back the number of one refused',
    async () => {
      const db = await open(engine);
      const nile = await customer(db, 'Nile Star Trading', 'NILE0001');
      const jade = await customer(db, 'Jade Harbor', 'JADE0001');
      const jadeOrder = await order(db, jade, 'SO-2026-0001');
      const first = await insertInvoice(db, invoice(nile, '2026-03-01'), now);
      expect(first.name).toBe('INV-2026-0001');
      // Another customer's order: refused, and the number is not used up.
      await expect(
        insertInvoice(db, invoice(nile, '2026-03-01', { shippingOrderId: jadeOrder }), now),
      ).rejects.toThrow(/not partner/);
      expect((await insertInvoice(db, invoice(nile, '2026-03-02'), now)).name).toBe('INV-2026-0002');
      expect(await findInvoiceByName(db, EVERY_CUSTOMER, 'inv-2026-0001')).toMatchObject({
        id: first.id,
        amount_untaxed_cents: 109_999,
        amount_tax_cents: 500,
        amount_total_cents: 110_499,
        paid_cents: 0,
        due_date: '2026-03-31',
        partner_name: 'Nile Star Trading',
      });
      expect(await findInvoiceByName(db, EVERY_CUSTOMER, 'INV-2026-0009')).toBeNull();
    },
  );

  it.skipIf(!available)(
    'list with counts per tab and totals in numbers, and move the order with payments',
    async () => {
      const db = await open(engine);
      const nile = await customer(db, 'Nile Star Trading', 'NILE0002');
      const shipment = await order(db, nile, 'SO-2026-0042');
      const billed = await insertInvoice(db, invoice(nile, '2026-01-05', { shippingOrderId: shipment }), now);
      const overdue = await insertInvoice(db, invoice(nile, '2026-02-01'), now);
      await insertInvoice(db, invoice(nile, '2026-03-01', { state: 'draft' }), now);
      await insertInvoice(db, invoice(nile, '2026-03-02', { state: 'cancelled' }), now);
      const recent = await insertInvoice(db, invoice(nile, '2026-03-05'), now);
      const orderRow = () =>
        db
          .selectFrom('shipping_orders')
          .select(['invoice_status', 'total_invoice_cents', 'updated_at'])
          .where('id', '=', shipment)
          .executeTakeFirstOrThrow();
      expect(await orderRow()).toEqual({
        invoice_status: 'posted',
        total_invoice_cents: 110_499,
        updated_at: now.toISOString(),
      });

      expect(await pay(db, billed.id, '2026-01-20', 110_499)).toMatchObject({
        name: 'PAY-2026-0001',
        amount: 1104.99,
      });
      expect((await orderRow()).invoice_status).toBe('paid');
      expect(await pay(db, overdue.id, '2026-02-10', 10_499)).toMatchObject({ amount: 104.99 });
      expect(await pay(db, recent.id, '2026-03-06', 1)).toMatchObject({ amount: 0.01 });

      const filter = {
        scope: EVERY_CUSTOMER,
        partnerId: nile,
        withDrafts: true,
        tab: 'show_all' as const,
        limit: 10,
        offset: 0,
      };
      const all = await listInvoices(db, filter, today);
      expect(all.counts).toEqual({ show_all: 5, unpaid: 2, paid: 1, overdue: 1 });
      expect(all.invoices.map((one) => one.invoice_date)).toEqual([
        '2026-03-05',
        '2026-03-02',
        '2026-03-01',
        '2026-02-01',
        '2026-01-05',
      ]);
      expect(all.totals).toEqual({
        currency: 'USD',
        amount_total: 3314.97,
        amount_paid: 1209.99,
        amount_due: 2104.98,
        overdue: 1000,
      });
      const forClient = await listInvoices(db, { ...filter, withDrafts: false, tab: 'overdue' }, today);
      expect(forClient).toMatchObject({ total: 1, counts: { show_all: 4, unpaid: 2, paid: 1, overdue: 1 } });
      expect(forClient.invoices.map((one) => [one.name, one.state, one.overdue, one.amount_due])).toEqual([
        [overdue.name, 'partially_paid', true, 1000],
      ]);
      const byOrder = await listInvoices(db, { ...filter, search: 'so-2026-0042' }, today);
      expect(byOrder.invoices.map((one) => [one.id, one.shipping_order_name])).toEqual([
        [billed.id, 'SO-2026-0042'],
      ]);
      const page = await listInvoices(db, { ...filter, limit: 2, offset: 3 }, today);
      expect(page.invoices.map((one) => one.invoice_date)).toEqual(['2026-02-01', '2026-01-05']);
      expect(await invoiceTotals(db, EVERY_CUSTOMER, nile + 1, today)).toEqual({
        currency: 'USD',
        amount_total: 0,
        amount_paid: 0,
        amount_due: 0,
        overdue: 0,
      });
    },
  );

  it.skipIf(!available)('accept one of two payments that each fit what is due but not together', async () => {
    const db = await open(engine);
    const nile = await customer(db, 'Nile Star Trading', 'NILE0003');
    const { id } = await insertInvoice(db, invoice(nile, '2026-03-01'), now);
    const outcomes = await Promise.all([pay(db, id, today, 80_000), pay(db, id, today, 80_000)]);
    expect(outcomes.filter((outcome) => outcome === 'overpaid')).toHaveLength(1);
    expect(await findInvoiceById(db, EVERY_CUSTOMER, id)).toMatchObject({
      state: 'partially_paid',
      paid_cents: 80_000,
    });
    const detail = await invoiceDetail(db, (await findInvoiceById(db, EVERY_CUSTOMER, id))!, today);
    expect(detail.payments.map((payment) => payment.amount)).toEqual([800]);
    expect(detail.lines.map((line) => [line.description, line.subtotal])).toEqual([
      ['Freight', 1000],
      ['Handling', 99.99],
    ]);
  });

  it.skipIf(!available)(
    'work out a statement from text dates: opening balance, lines by date (invoices first), closing',
    async () => {
      const db = await open(engine);
      const nile = await customer(db, 'Nile Star Trading', 'NILE0004');
      const line = (unitPriceCents: number) => [
        { description: 'Service', quantity: 1, unitPriceCents, taxRate: 0 },
      ];
      const a = await insertInvoice(db, invoice(nile, '2026-01-10', { lines: line(100_000) }), now);
      const b = await insertInvoice(db, invoice(nile, '2026-02-01', { lines: line(50_000) }), now);
      await insertInvoice(db, invoice(nile, '2026-02-02', { lines: line(30_000), state: 'draft' }), now);
      const e = await insertInvoice(db, invoice(nile, '2026-02-28', { lines: line(25_000) }), now);
      await pay(db, a.id, '2026-01-20', 40_000);
      await pay(db, a.id, '2026-02-05', 10_000);
      await pay(db, e.id, '2026-02-28', 25_000);
      const statement = await customerStatement(db, EVERY_CUSTOMER, nile, '2026-02-01', '2026-02-28');
      expect(statement).toMatchObject({
        partner_name: 'Nile Star Trading',
        partner_address: 'Cairo, Egypt',
        currency: 'USD',
        opening_balance: 600,
        total_invoiced: 750,
        total_paid: 350,
        closing_balance: 1000,
      });
      expect(
        statement!.lines.map((one) => [one.date, one.kind, one.reference, one.invoice_name, one.balance]),
      ).toEqual([
        ['2026-02-01', 'invoice', b.name, null, 1100],
        ['2026-02-05', 'payment', 'PAY-2026-0002', a.name, 1000],
        ['2026-02-28', 'invoice', e.name, null, 1250],
        ['2026-02-28', 'payment', 'PAY-2026-0003', e.name, 1000],
      ]);
      expect(await customerStatement(db, EVERY_CUSTOMER, nile + 1000, '2026-01-01', '2026-01-31')).toBeNull();
    },
  );
});
