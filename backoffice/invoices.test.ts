import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceDetail,
  invoicesAnswer,
  loanDetail,
  SHARE_DAYS,
  shareAnswer,
  sharedRecord,
  shippingOrderDetail,
  statement,
  type Invoice,
} from '@contract';
import { EVERY_CUSTOMER } from './access';
import { addInvoicePayment, insertInvoice, type NewInvoiceLine } from './invoices';
import { addDays, dayOf } from './numbers';
import { insertShippingOrder } from './orders';
import { insertPartner, updateContactDetails } from './partners';
import { createShare } from './shares';
import {
  signInDemoAccounts,
  startTestBackoffice,
  type CallOptions,
  type DemoAccount,
  type TestBackoffice,
} from './testing';

type Who = DemoAccount;

let bo: TestBackoffice;
const sessions: Record<Who, string> = { admin: '', agent: '', client: '', client2: '' };
const partners: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };
const users: Record<Who, number> = { admin: 0, agent: 0, client: 0, client2: 0 };

beforeAll(async () => {
  bo = await startTestBackoffice();
  const demo = await signInDemoAccounts(bo);
  Object.assign(sessions, demo.sessions);
  Object.assign(partners, demo.partners);
  Object.assign(users, demo.users);
});
afterAll(async () => {
  await bo?.dispose();
});
afterEach(() => {
  bo.clock.offsetMs = 0;
});

const notFound = { error: 'Not found', code: 'not_found' };
const forbidden = { error: 'You are not allowed to do this', code: 'forbidden' };
const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => dayOf(new Date());
const sum = (values: readonly number[]) =>
  Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;

async function list(who: Who, query: CallOptions['query'] = {}, customer: Who | number = who) {
  const result = await bo.call('listCustomerInvoices', {
    query: { customer_id: typeof customer === 'number' ? customer : partners[customer], ...query },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return invoicesAnswer.parse(result.body);
}

async function detail(id: number, who: Who = 'agent') {
  const result = await bo.call('getInvoice', { params: { id }, session: sessions[who] });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return invoiceDetail.parse(result.body);
}

async function statementOf(who: Who, customer: number, date_from: string, date_to: string) {
  const result = await bo.call('getCustomerStatement', {
    query: { customer_id: customer, date_from, date_to },
    session: sessions[who],
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return statement.parse(result.body);
}

async function shareCount(): Promise<number> {
  const row = await bo.backoffice.database
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Reads a shared record the way anyone holding the link does: no cookie at all. */
function open(token: string) {
  return bo.call('getSharedRecord', { params: { token } });
}

async function opened(token: string) {
  const result = await open(token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return sharedRecord.parse(result.body);
}

function tampered(token: string, at = 10): string {
  const char = token[at]!;
  return token.slice(0, at) + (char === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

/** One invoice of the customer's in a state, from the database. */
function invoiceOf(who: 'client' | 'client2', state: string): Promise<{ id: number; name: string }> {
  return bo.backoffice.database
    .selectFrom('invoices')
    .select(['id', 'name'])
    .where('partner_id', '=', partners[who])
    .where('state', '=', state)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** A customer without invoices or an account, for hand-made data. */
function newCustomer(name: string): Promise<number> {
  return insertPartner(
    bo.backoffice.database,
    {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      city: 'Alexandria',
      country: 'Egypt',
    },
    new Date(),
  );
}

const line = (unitPrice: number, taxRate = 0, description = 'Service'): NewInvoiceLine => ({
  description,
  quantity: 1,
  unitPriceCents: Math.round(unitPrice * 100),
  taxRate,
});

function invoiceFor(
  partnerId: number,
  invoiceDate: string,
  lines: NewInvoiceLine[],
  state: 'draft' | 'posted' | 'cancelled' = 'posted',
  shippingOrderId: number | null = null,
) {
  return insertInvoice(
    bo.backoffice.database,
    { partnerId, shippingOrderId, state, invoiceDate, currency: 'USD', lines },
    new Date(`${invoiceDate}T09:00:00Z`),
  );
}

function pay(invoiceId: number, date: string, amount: number) {
  return addInvoicePayment(
    bo.backoffice.database,
    invoiceId,
    { date, amountCents: Math.round(amount * 100), method: 'bank_transfer', reference: `TRF-${date}` },
    new Date(`${date}T10:00:00Z`),
  );
}

describe('the seeded invoices', () => {
  it('give both customers paid, partly paid, unpaid, overdue and cancelled invoices, and drafts for staff', async () => {
    for (const [who, least] of [
      ['client', 15],
      ['client2', 5],
    ] as const) {
      const own = await list(who, { limit: 100 });
      expect(own.total, who).toBeGreaterThanOrEqual(least);
      const states = own.invoices.map((invoice) => invoice.state);
      for (const state of ['paid', 'partially_paid', 'posted'] as const)
        expect(states.filter((one) => one === state).length, `${who} ${state}`).toBeGreaterThanOrEqual(2);
      expect(states, who).toContain('cancelled');
      expect(states, who).not.toContain('draft');
      expect(own.counts.overdue, who).toBeGreaterThanOrEqual(1);
      const staff = await list('agent', { limit: 100 }, who);
      expect(
        staff.invoices.filter((invoice) => invoice.state === 'draft').length,
        who,
      ).toBeGreaterThanOrEqual(1);
      expect(staff.total).toBe(
        own.total + staff.invoices.filter((invoice) => invoice.state === 'draft').length,
      );
      expect(new Set(own.invoices.map((invoice) => invoice.partner_id))).toEqual(new Set([partners[who]]));
    }
  });

  it("agree with their orders: an invoiced order's invoice has its invoice status and its total", async () => {
    const rows = await bo.backoffice.database
      .selectFrom('shipping_orders as o')
      .leftJoin('invoices as i', 'i.shipping_order_id', 'o.id')
      .select((eb) => [
        'o.id',
        'o.invoice_status',
        'o.total_invoice_cents',
        'o.partner_id',
        eb.fn.count<number>('i.id').as('invoices'),
        eb.fn.max('i.state').as('state'),
        eb.fn.max('i.amount_total_cents').as('total'),
        eb.fn.max('i.partner_id').as('invoice_partner'),
      ])
      .groupBy(['o.id', 'o.invoice_status', 'o.total_invoice_cents', 'o.partner_id'])
      .execute();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      if (row.invoice_status === 'not_invoiced') {
        expect(row.invoices, `order ${row.id}`).toBe(0);
        continue;
      }
      expect(row, `order ${row.id}`).toMatchObject({
        invoices: 1,
        state: row.invoice_status,
        total: row.total_invoice_cents,
        invoice_partner: row.partner_id,
      });
    }
    // And through the API: the order's figures are its invoice's.
    const invoice = (await list('client', { filter: 'paid' })).invoices.find((one) => one.shipping_order_id)!;
    const order = await bo.call('getShippingOrder', {
      params: { id: invoice.shipping_order_id! },
      session: sessions.client,
    });
    expect(shippingOrderDetail.parse(order.body)).toMatchObject({
      name: invoice.shipping_order_name,
      invoice_status: 'paid',
      total_invoice: invoice.amount_total,
    });
  });

  it('add up: lines, tax, payments, what is due and the state all fit, numbered by year, due in 30 days', async () => {
    for (const who of ['client', 'client2'] as const) {
      for (const invoice of (await list('agent', { limit: 100 }, who)).invoices) {
        const full = await detail(invoice.id);
        expect(full.name).toMatch(new RegExp(`^INV-${full.invoice_date.slice(0, 4)}-\\d{4}$`));
        expect(full.due_date).toBe(addDays(full.invoice_date, 30));
        expect(full.invoice_date <= today()).toBe(true);
        expect(full.lines.length).toBeGreaterThanOrEqual(1);
        for (const one of full.lines) expect(one.subtotal).toBeCloseTo(one.quantity * one.unit_price, 2);
        expect(full.amount_untaxed).toBeCloseTo(sum(full.lines.map((one) => one.subtotal)), 2);
        const tax = sum(full.lines.map((one) => Math.round(one.subtotal * one.tax_rate) / 100));
        expect(full.amount_tax).toBeCloseTo(tax, 2);
        expect(full.amount_tax).toBeLessThanOrEqual(full.amount_untaxed * 0.05 + 0.01);
        expect(full.amount_total).toBeCloseTo(full.amount_untaxed + full.amount_tax, 2);
        const paid = sum(full.payments.map((payment) => payment.amount));
        expect(full.amount_paid).toBeCloseTo(paid, 2);
        for (const payment of full.payments) {
          expect(payment.name).toMatch(/^PAY-\d{4}-\d{4}$/);
          expect(payment.date >= full.invoice_date && payment.date <= today()).toBe(true);
        }
        const expected: Record<Invoice['state'], [paid: boolean, due: number]> = {
          draft: [false, full.amount_total],
          posted: [false, full.amount_total],
          partially_paid: [true, full.amount_total - paid],
          paid: [true, 0],
          cancelled: [false, 0],
        };
        const [hasPayments, due] = expected[full.state];
        expect(full.payments.length > 0, full.name).toBe(hasPayments);
        expect(full.amount_due, full.name).toBeCloseTo(due, 2);
        if (full.state === 'paid') expect(paid).toBeCloseTo(full.amount_total, 2);
        if (full.state === 'partially_paid') expect(paid).toBeLessThan(full.amount_total);
        expect(full.overdue).toBe(
          (full.state === 'posted' || full.state === 'partially_paid') && full.due_date < today(),
        );
        if (full.shipping_order_id !== null) {
          expect(full.lines.length).toBeGreaterThanOrEqual(2);
          expect(full.lines.length).toBeLessThanOrEqual(4);
        }
      }
    }
  });
});

describe('GET /shipping/customer_invoices', () => {
  it("answers a client its own customer's invoices only: another partner is 404", async () => {
    const own = await list('client');
    expect(own.invoices.every((invoice) => invoice.partner_id === partners.client)).toBe(true);
    expect(own.invoices[0]).toMatchObject({
      partner_name: 'Nile Star Trading',
      partner_email: 'client@example.com',
      partner_address: '14 Corniche El Nil, Cairo, Egypt',
    });
    for (const customer_id of [partners.client2, partners.admin, 99999]) {
      const result = await bo.call('listCustomerInvoices', {
        query: { customer_id },
        session: sessions.client,
      });
      expect(result.status, String(customer_id)).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it("lets staff read any customer's invoices, but 404 for the staff's own partner or an unknown one", async () => {
    for (const who of ['admin', 'agent'] as const) {
      const jade = await list(who, {}, 'client2');
      expect(jade.invoices.every((invoice) => invoice.partner_id === partners.client2)).toBe(true);
      for (const customer_id of [partners.admin, 99999]) {
        const result = await bo.call('listCustomerInvoices', {
          query: { customer_id },
          session: sessions[who],
        });
        expect(result.status).toBe(404);
      }
    }
  });

  it('hides drafts from clients, in the list, the counts and the search', async () => {
    const draft = await invoiceOf('client', 'draft');
    const own = await list('client', { limit: 100 });
    expect(own.invoices.map((invoice) => invoice.id)).not.toContain(draft.id);
    expect((await list('client', { search: draft.name })).total).toBe(0);
    const staff = await list('admin', { search: draft.name }, 'client');
    expect(staff.invoices.map((invoice) => invoice.id)).toEqual([draft.id]);
    expect(staff.counts.show_all).toBe(1);
  });

  it('lists newest invoice date first, filters by tab with the counts of every tab, and pages', async () => {
    const all = await list('client', { limit: 100 });
    const keys = all.invoices.map((invoice) => [invoice.invoice_date, invoice.id] as const);
    const sorted = [...keys].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    const unpaid = (invoice: Invoice) => invoice.state === 'posted' || invoice.state === 'partially_paid';
    const tabs = {
      show_all: () => true,
      unpaid,
      paid: (invoice: Invoice) => invoice.state === 'paid',
      overdue: (invoice: Invoice) => unpaid(invoice) && invoice.due_date < today(),
    };
    const counts = Object.fromEntries(
      Object.entries(tabs).map(([tab, test]) => [tab, all.invoices.filter(test).length]),
    );
    expect(all.counts).toEqual(counts);
    expect(all.total).toBe(counts.show_all);
    for (const [tab, test] of Object.entries(tabs) as [keyof typeof tabs, (invoice: Invoice) => boolean][]) {
      const one = await list('client', { filter: tab, limit: 100 });
      expect(
        one.invoices.map((invoice) => invoice.id),
        tab,
      ).toEqual(all.invoices.filter(test).map((invoice) => invoice.id));
      expect(one.total).toBe(counts[tab]);
      expect(one.counts).toEqual(counts);
    }
    expect(all.invoices.filter(tabs.overdue).every((invoice) => invoice.overdue)).toBe(true);

    const page = await list('client', { limit: 5, offset: 5 });
    expect(page.total).toBe(all.total);
    expect(page.invoices.map((invoice) => invoice.id)).toEqual(all.invoices.slice(5, 10).map((i) => i.id));
    const past = await list('client', { limit: 5, offset: all.total });
    expect(past.invoices).toEqual([]);
    expect(past.total).toBe(all.total);
    // Without a limit, the default list limit (100) applies.
    expect((await list('client')).invoices).toHaveLength(Math.min(all.total, 100));
  });

  it('searches the invoice number and the order number, ignoring case, keeping the customer’s totals', async () => {
    const all = await list('client', { limit: 100 });
    const one = all.invoices[3]!;
    const byName = await list('client', { search: one.name.toLowerCase() });
    expect(byName.invoices.map((invoice) => invoice.id)).toEqual([one.id]);
    expect(byName.counts.show_all).toBe(1);
    expect(byName.totals).toEqual(all.totals);
    const withOrder = all.invoices.find((invoice) => invoice.shipping_order_name)!;
    const byOrder = await list('client', { search: withOrder.shipping_order_name!.toLowerCase() });
    expect(byOrder.invoices.map((invoice) => invoice.id)).toEqual([withOrder.id]);
    expect((await list('client', { search: 'no-such-invoice' })).total).toBe(0);
    // Plain text: `%` and `_` are themselves.
    expect((await list('client', { search: '%' })).total).toBe(0);
  });

  it('totals every invoice owed for (neither draft nor cancelled): invoiced, paid, due and overdue', async () => {
    for (const who of ['client', 'client2'] as const) {
      const all = await list('agent', { limit: 100 }, who);
      const owed = all.invoices.filter(
        (invoice) => invoice.state !== 'draft' && invoice.state !== 'cancelled',
      );
      expect(all.totals).toEqual({
        currency: 'USD',
        amount_total: sum(owed.map((invoice) => invoice.amount_total)),
        amount_paid: sum(owed.map((invoice) => invoice.amount_paid)),
        amount_due: sum(owed.map((invoice) => invoice.amount_due)),
        overdue: sum(owed.filter((invoice) => invoice.overdue).map((invoice) => invoice.amount_due)),
      });
      expect(all.totals.overdue).toBeGreaterThan(0);
      expect((await list(who, { filter: 'paid', search: 'INV' })).totals).toEqual(all.totals);
    }
    const none = await list('admin', {}, await newCustomer('No Invoices Yet'));
    expect(none).toEqual({
      invoices: [],
      total: 0,
      counts: { show_all: 0, unpaid: 0, paid: 0, overdue: 0 },
      totals: { currency: 'USD', amount_total: 0, amount_paid: 0, amount_due: 0, overdue: 0 },
    });
  });

  it('needs a session', async () => {
    const result = await bo.call('listCustomerInvoices', { query: { customer_id: partners.client } });
    expect(result.status).toBe(401);
  });
});

describe('GET /staff/invoice', () => {
  it('is staff work: 403 for a client, even for its own invoice', async () => {
    for (const who of ['client', 'client2'] as const) {
      const result = await bo.call('findStaffInvoice', {
        query: { invoice_name: (await invoiceOf(who, 'paid')).name },
        session: sessions[who],
      });
      expect(result.status).toBe(403);
      expect(result.body).toEqual(forbidden);
    }
  });

  it("finds any customer's invoice by its number, ignoring case, drafts too; 404 for none", async () => {
    for (const [who, state] of [
      ['client2', 'partially_paid'],
      ['client', 'draft'],
    ] as const) {
      const { id, name } = await invoiceOf(who, state);
      for (const invoice_name of [name, name.toLowerCase(), `  ${name}  `]) {
        const result = await bo.call('findStaffInvoice', {
          query: { invoice_name },
          session: sessions.agent,
        });
        expect(result.status, invoice_name).toBe(200);
        expect(result.body).toEqual(await detail(id));
      }
    }
    for (const invoice_name of ['INV-1999-0001', 'INV-2026']) {
      const result = await bo.call('findStaffInvoice', { query: { invoice_name }, session: sessions.admin });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    const malformed = await bo.call('findStaffInvoice', {
      query: { invoice_name: 'INV 2026/1' },
      session: sessions.admin,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'invoice_name' }] });
  });
});

describe('GET /invoices/:id', () => {
  it('answers the invoice with its lines and payments', async () => {
    const { id } = await invoiceOf('client', 'partially_paid');
    const invoice = await detail(id, 'client');
    expect(invoice.state).toBe('partially_paid');
    expect(invoice.payments.length).toBeGreaterThan(0);
    expect(invoice.payments.every((payment) => payment.invoice_id === id)).toBe(true);
    expect(invoice.amount_due).toBeGreaterThan(0);
    expect(await detail(id, 'admin')).toEqual(invoice);
  });

  it("answers 404 for another customer's invoice, a draft for a client, and an unknown one", async () => {
    const refused: [Who, number][] = [
      ['client', (await invoiceOf('client2', 'paid')).id],
      ['client2', (await invoiceOf('client', 'paid')).id],
      ['client', (await invoiceOf('client', 'draft')).id],
      ['client2', (await invoiceOf('client2', 'draft')).id],
      ['client', 99999],
      ['admin', 99999],
    ];
    for (const [who, id] of refused) {
      const result = await bo.call('getInvoice', { params: { id }, session: sessions[who] });
      expect(result.status, `${who} ${id}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect((await detail((await invoiceOf('client', 'draft')).id, 'agent')).state).toBe('draft');
  });
});

describe('payments', () => {
  it("move an invoice from posted to partly paid and paid, and its order's invoice status with it", async () => {
    const customer = await newCustomer('Payments Test Trading');
    const orderId = await insertShippingOrder(
      bo.backoffice.database,
      {
        partnerId: customer,
        requestId: null,
        status: 'in_transit',
        category: 'footwear',
        containerType: 'groupage',
        cbm: 4,
        origin: 'vietnam',
        supplierId: null,
        shippingMark: null,
        invoiceStatus: 'not_invoiced',
        totalInvoiceCents: 0,
        loanId: null,
        containerId: null,
        expectedArrival: null,
      },
      new Date(),
    );
    const orderOf = async () =>
      shippingOrderDetail.parse(
        (await bo.call('getShippingOrder', { params: { id: orderId }, session: sessions.admin })).body,
      );
    const day = today();
    const { id } = await invoiceFor(customer, day, [line(800), line(200, 5)], 'posted', orderId);
    expect(await orderOf()).toMatchObject({ invoice_status: 'posted', total_invoice: 1010 });
    expect(await detail(id)).toMatchObject({ state: 'posted', amount_total: 1010, amount_due: 1010 });

    expect(await pay(id, day, 400)).toMatchObject({ invoice_id: id, amount: 400, method: 'bank_transfer' });
    expect(await detail(id)).toMatchObject({ state: 'partially_paid', amount_paid: 400, amount_due: 610 });
    expect(await orderOf()).toMatchObject({ invoice_status: 'partially_paid', total_invoice: 1010 });

    // More than what is due is refused, and changes nothing.
    expect(await pay(id, day, 610.01)).toBe('overpaid');
    expect(await detail(id)).toMatchObject({ state: 'partially_paid', amount_paid: 400 });

    expect(await pay(id, day, 610)).toMatchObject({ amount: 610 });
    const paid = await detail(id);
    expect(paid).toMatchObject({ state: 'paid', amount_paid: 1010, amount_due: 0, overdue: false });
    expect(paid.payments.map((payment) => payment.amount)).toEqual([400, 610]);
    expect(await orderOf()).toMatchObject({ invoice_status: 'paid', total_invoice: 1010 });
    expect(await pay(id, day, 0.01)).toBe('overpaid');

    const draft = await invoiceFor(customer, day, [line(50)], 'draft');
    const cancelled = await invoiceFor(customer, day, [line(50)], 'cancelled');
    expect(await pay(draft.id, day, 10)).toBe('not_payable');
    expect(await pay(cancelled.id, day, 10)).toBe('not_payable');
    expect(await pay(99999, day, 10)).toBe('not_found');
    const payments = await bo.backoffice.database
      .selectFrom('invoice_payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invoice_id', 'in', [draft.id, cancelled.id])
      .executeTakeFirstOrThrow();
    expect(payments.n).toBe(0);
  });

  it('make an invoice overdue only while unpaid after its due date', async () => {
    const customer = await newCustomer('Overdue Test Trading');
    const issued = addDays(today(), -31);
    const { id } = await invoiceFor(customer, issued, [line(100)]);
    expect(await detail(id)).toMatchObject({ due_date: addDays(issued, 30), overdue: true, amount_due: 100 });
    await pay(id, today(), 60);
    expect(await detail(id)).toMatchObject({ state: 'partially_paid', overdue: true, amount_due: 40 });
    expect((await list('admin', { filter: 'overdue' }, customer)).totals).toMatchObject({
      amount_due: 40,
      overdue: 40,
    });
    await pay(id, today(), 40);
    expect(await detail(id)).toMatchObject({ state: 'paid', overdue: false });
    // Due today is not overdue yet.
    const dueToday = await invoiceFor(customer, addDays(today(), -30), [line(10)]);
    expect(await detail(dueToday.id)).toMatchObject({ due_date: today(), overdue: false });
  });
});

describe('GET /shipping/customer_statement', () => {
  let customer = 0;
  let names: Record<'a' | 'b' | 'c' | 'd' | 'e', string>;

  beforeAll(async () => {
    customer = await newCustomer('Statement Test Trading');
    const a = await invoiceFor(customer, '2026-01-10', [line(900), line(100)]);
    const b = await invoiceFor(customer, '2026-02-01', [line(500)]);
    const c = await invoiceFor(customer, '2026-02-02', [line(300)], 'draft');
    const d = await invoiceFor(customer, '2026-02-03', [line(200)], 'cancelled');
    const e = await invoiceFor(customer, '2026-03-15', [line(200), line(50)]);
    await pay(a.id, '2026-01-20', 400);
    await pay(a.id, '2026-02-05', 100);
    await pay(e.id, '2026-03-15', 250);
    names = { a: a.name, b: b.name, c: c.name, d: d.name, e: e.name };
  });

  it('opens with what was owed before the period, lists its invoices and payments in date order, and closes', async () => {
    const result = await statementOf('admin', customer, '2026-02-01', '2026-03-15');
    expect(result).toMatchObject({
      partner_id: customer,
      partner_name: 'Statement Test Trading',
      partner_email: 'statement.test.trading@example.com',
      partner_phone: null,
      partner_address: 'Alexandria, Egypt',
      date_from: '2026-02-01',
      date_to: '2026-03-15',
      currency: 'USD',
      // INV a (1000) less its payment of 2026-01-20 (400); drafts and cancelled ones never count.
      opening_balance: 600,
      total_invoiced: 750,
      total_paid: 350,
      closing_balance: 1000,
    });
    expect(
      result.lines.map((one) => [one.date, one.kind, one.invoice_name, one.debit, one.credit, one.balance]),
    ).toEqual([
      ['2026-02-01', 'invoice', null, 500, 0, 1100],
      ['2026-02-05', 'payment', names.a, 0, 100, 1000],
      // On one day, the invoice before its payment.
      ['2026-03-15', 'invoice', null, 250, 0, 1250],
      ['2026-03-15', 'payment', names.e, 0, 250, 1000],
    ]);
    expect(result.lines.filter((one) => one.kind === 'invoice').map((one) => one.reference)).toEqual([
      names.b,
      names.e,
    ]);
    expect(result.lines.find((one) => one.kind === 'payment')!.reference).toMatch(/^PAY-2026-\d{4}$/);
    expect(JSON.stringify(result)).not.toContain(names.c);
    expect(JSON.stringify(result)).not.toContain(names.d);
  });

  it('includes both ends of the period, and balances follow from earlier periods', async () => {
    const before = await statementOf('admin', customer, '2026-01-01', '2026-01-31');
    expect(before).toMatchObject({
      opening_balance: 0,
      total_invoiced: 1000,
      total_paid: 400,
      closing_balance: 600,
    });
    const day = await statementOf('admin', customer, '2026-03-15', '2026-03-15');
    expect(day).toMatchObject({
      opening_balance: 1000,
      total_invoiced: 250,
      total_paid: 250,
      closing_balance: 1000,
    });
    expect(day.lines).toHaveLength(2);
    const empty = await statementOf('admin', customer, '2025-01-01', '2025-12-31');
    expect(empty).toMatchObject({ opening_balance: 0, lines: [], closing_balance: 0 });
    const later = await statementOf('admin', customer, '2026-04-01', '2026-12-31');
    expect(later).toMatchObject({ opening_balance: 1000, lines: [], closing_balance: 1000 });
  });

  it("closes, over all time, on what the customer's invoices still owe", async () => {
    for (const who of ['client', 'client2'] as const) {
      const whole = await statementOf(who, partners[who], '2000-01-01', addDays(today(), 1));
      const { totals } = await list(who);
      expect(whole.opening_balance).toBe(0);
      expect(whole.closing_balance).toBeCloseTo(totals.amount_due, 2);
      expect(whole.total_invoiced).toBeCloseTo(totals.amount_total, 2);
      expect(whole.total_paid).toBeCloseTo(totals.amount_paid, 2);
      const dates = whole.lines.map((one) => one.date);
      expect(dates).toEqual([...dates].sort());
      expect(whole.lines.at(-1)!.balance).toBeCloseTo(whole.closing_balance, 2);
    }
  });

  it('is scoped like the invoices: a client its own customer, staff any (404 otherwise)', async () => {
    expect((await statementOf('agent', partners.client2, '2026-01-01', '2026-12-31')).partner_id).toBe(
      partners.client2,
    );
    const refused: [Who, number][] = [
      ['client', partners.client2],
      ['client', customer],
      ['client2', partners.client],
      ['admin', partners.admin],
      ['admin', 99999],
    ];
    for (const [who, customer_id] of refused) {
      const result = await bo.call('getCustomerStatement', {
        query: { customer_id, date_from: '2026-01-01', date_to: '2026-12-31' },
        session: sessions[who],
      });
      expect(result.status, `${who} ${customer_id}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
  });

  it('refuses a period ending before it starts, and dates that are not calendar dates (400)', async () => {
    const refused: [string, string, string][] = [
      ['2026-03-01', '2026-02-28', 'date_to'],
      ['2026-02-30', '2026-03-31', 'date_from'],
      ['2026-01-01', '31/12/2026', 'date_to'],
    ];
    for (const [date_from, date_to, path] of refused) {
      const result = await bo.call('getCustomerStatement', {
        query: { customer_id: partners.client, date_from, date_to },
        session: sessions.client,
      });
      expect(result.status, `${date_from} ${date_to}`).toBe(400);
      const body = result.body as { code: string; issues: { path: string }[] };
      expect(body.code).toBe('bad_request');
      expect(new Set(body.issues.map((issue) => issue.path))).toEqual(new Set([path]));
    }
  });
});

describe('shares of invoices, statements, clearance receipts and loans', () => {
  const shareOf = async (
    name: 'shareInvoice' | 'shareStatement' | 'shareClearanceReceipt' | 'shareLoan',
    options: CallOptions,
  ) => {
    const result = await bo.call(name, options);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return shareAnswer.parse(result.body);
  };
  const orderOf = async (who: 'client' | 'client2') => {
    const order = await bo.backoffice.database
      .selectFrom('shipping_orders')
      .select('id')
      .where('partner_id', '=', partners[who])
      .where('status', '=', 'cleared')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return order.id;
  };
  const loanOf = async (who: 'client' | 'client2') => {
    const loan = await bo.backoffice.database
      .selectFrom('loans')
      .select('name')
      .where('partner_id', '=', partners[who])
      .where('state', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return loan.name;
  };

  it('refuse to share a draft, even for the staff who can read it', async () => {
    const draft = await invoiceOf('client', 'draft');
    const before = await shareCount();
    for (const session of [sessions.admin, sessions.agent]) {
      expect((await bo.call('getInvoice', { params: { id: draft.id }, session })).status).toBe(200);
      const result = await bo.call('shareInvoice', { params: { id: draft.id }, session });
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ error: 'A draft invoice cannot be shared', code: 'conflict' });
    }
    expect(await shareCount()).toBe(before);
  });

  it('share an invoice: anyone with the link reads it as getInvoice answers it, until it expires', async () => {
    const { id } = await invoiceOf('client', 'partially_paid');
    const before = Date.now();
    const { token, expires_at } = await shareOf('shareInvoice', { params: { id }, session: sessions.client });
    const expires = Date.parse(expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + SHARE_DAYS * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + SHARE_DAYS * DAY_MS);
    const row = await bo.backoffice.database
      .selectFrom('shares')
      .select(['kind', 'target_id', 'sub_id', 'params_json', 'created_by_user_id'])
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirst();
    expect(row).toEqual({
      kind: 'invoice',
      target_id: id,
      sub_id: null,
      params_json: null,
      created_by_user_id: users.client,
    });
    expect(await opened(token)).toEqual({ kind: 'invoice', expires_at, invoice: await detail(id, 'client') });
    // A session changes nothing.
    const withSession = await bo.call('getSharedRecord', { params: { token }, session: sessions.client2 });
    expect(withSession.body).toEqual(await opened(token));

    bo.clock.offsetMs = (SHARE_DAYS - 1) * DAY_MS;
    expect((await open(token)).status).toBe(200);
    bo.clock.offsetMs = (SHARE_DAYS + 1) * DAY_MS;
    const expired = await open(token);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(notFound);
  });

  it("share an invoice only where it may be read: another customer's, a client's draft or an unknown one is 404", async () => {
    const before = await shareCount();
    const refused: [Who, number][] = [
      ['client', (await invoiceOf('client2', 'paid')).id],
      ['client2', (await invoiceOf('client', 'posted')).id],
      ['client', (await invoiceOf('client', 'draft')).id],
      ['admin', 99999],
    ];
    for (const [who, id] of refused) {
      const result = await bo.call('shareInvoice', { params: { id }, session: sessions[who] });
      expect(result.status, `${who} ${id}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await shareCount()).toBe(before);
    // Staff may share any customer's invoice (not a draft: see the test above).
    const { token } = await shareOf('shareInvoice', {
      params: { id: (await invoiceOf('client2', 'posted')).id },
      session: sessions.agent,
    });
    expect((await opened(token)).kind).toBe('invoice');
    expect(
      (await bo.call('shareInvoice', { params: { id: (await invoiceOf('client', 'paid')).id } })).status,
    ).toBe(401);
  });

  it('share a statement: the link keeps the period and works the statement out when opened', async () => {
    const customer = await newCustomer('Shared Statement Trading');
    const first = await invoiceFor(customer, '2026-02-10', [line(300)]);
    const period = { customer_id: customer, date_from: '2026-02-01', date_to: '2026-02-28' };
    const { token, expires_at } = await shareOf('shareStatement', { body: period, session: sessions.admin });
    const row = await bo.backoffice.database
      .selectFrom('shares')
      .select(['kind', 'target_id', 'params_json'])
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'statement', target_id: customer });
    expect(JSON.parse(row.params_json ?? 'null')).toEqual({ date_from: '2026-02-01', date_to: '2026-02-28' });
    const shared = await opened(token);
    expect(shared).toEqual({
      kind: 'statement',
      expires_at,
      statement: await statementOf('admin', customer, '2026-02-01', '2026-02-28'),
    });
    await pay(first.id, '2026-02-20', 120);
    const later = await opened(token);
    expect(later.kind === 'statement' && later.statement.closing_balance).toBe(180);

    const own = await shareOf('shareStatement', {
      body: { customer_id: partners.client, date_from: '2026-01-01', date_to: '2026-06-30' },
      session: sessions.client,
    });
    expect(await opened(own.token)).toMatchObject({
      kind: 'statement',
      statement: await statementOf('client', partners.client, '2026-01-01', '2026-06-30'),
    });
  });

  it('share a statement only of a customer in scope, and only of a real period (400)', async () => {
    const before = await shareCount();
    for (const [who, customer_id] of [
      ['client', partners.client2],
      ['client2', partners.client],
      ['admin', partners.admin],
      ['admin', 99999],
    ] as [Who, number][]) {
      const result = await bo.call('shareStatement', {
        body: { customer_id, date_from: '2026-01-01', date_to: '2026-01-31' },
        session: sessions[who],
      });
      expect(result.status, `${who} ${customer_id}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    for (const [date_from, date_to, path] of [
      ['2026-02-01', '2026-01-31', 'date_to'],
      ['2026-13-01', '2026-12-31', 'date_from'],
    ]) {
      const result = await bo.call('shareStatement', {
        body: { customer_id: partners.client, date_from, date_to },
        session: sessions.client,
      });
      expect(result.status, `${date_from} ${date_to}`).toBe(400);
      expect(result.body).toMatchObject({
        code: 'bad_request',
        issues: expect.arrayContaining([expect.objectContaining({ path })]),
      });
    }
    expect(await shareCount()).toBe(before);
  });

  it('share an order’s clearance receipt: the link answers the order as getShippingOrder does', async () => {
    const id = await orderOf('client');
    const { token, expires_at } = await shareOf('shareClearanceReceipt', {
      params: { id },
      session: sessions.client,
    });
    const order = await bo.call('getShippingOrder', { params: { id }, session: sessions.client });
    expect(await opened(token)).toEqual({ kind: 'clearance_receipt', expires_at, order: order.body });
    const staff = await shareOf('shareClearanceReceipt', {
      params: { id: await orderOf('client2') },
      session: sessions.agent,
    });
    expect((await opened(staff.token)).kind).toBe('clearance_receipt');
    const before = await shareCount();
    for (const [who, orderId] of [
      ['client', await orderOf('client2')],
      ['client2', id],
      ['admin', 99999],
    ] as [Who, number][]) {
      const result = await bo.call('shareClearanceReceipt', {
        params: { id: orderId },
        session: sessions[who],
      });
      expect(result.status, `${who} ${orderId}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await shareCount()).toBe(before);
  });

  it('share a loan: the link answers the loan as getLoan does', async () => {
    const number = await loanOf('client');
    const { token, expires_at } = await shareOf('shareLoan', {
      params: { number },
      session: sessions.client,
    });
    const loan = await bo.call('getLoan', { params: { number }, session: sessions.client });
    expect(await opened(token)).toEqual({ kind: 'loan', expires_at, loan: loanDetail.parse(loan.body) });
    const staff = await shareOf('shareLoan', {
      params: { number: await loanOf('client2') },
      session: sessions.admin,
    });
    expect((await opened(staff.token)).kind).toBe('loan');
    const before = await shareCount();
    for (const [who, loanNumber] of [
      ['client', await loanOf('client2')],
      ['client2', number],
      ['admin', 'LN-1999-0001'],
    ] as [Who, string][]) {
      const result = await bo.call('shareLoan', { params: { number: loanNumber }, session: sessions[who] });
      expect(result.status, `${who} ${loanNumber}`).toBe(404);
      expect(result.body).toEqual(notFound);
    }
    expect(await shareCount()).toBe(before);
  });

  it('answer the same 404 for a tampered, unknown or expired token, a record since removed, and a file share', async () => {
    const { token } = await shareOf('shareInvoice', {
      params: { id: (await invoiceOf('client', 'posted')).id },
      session: sessions.client,
    });
    const unknown = Buffer.alloc(32, 9).toString('base64url');
    for (const refused of [tampered(token), tampered(token, 0), tampered(token, token.length - 1), unknown]) {
      const result = await open(refused);
      expect(result.status, refused).toBe(404);
      expect(result.body).toEqual(notFound);
    }

    // A share whose expiry has passed, made straight with the function (as if 8 days ago).
    const db = bo.backoffice.database;
    const old = (await createShare(
      db,
      EVERY_CUSTOMER,
      { kind: 'invoice', invoiceId: (await invoiceOf('client', 'paid')).id },
      users.client,
      new Date(Date.now() - (SHARE_DAYS + 1) * DAY_MS),
    ))!;
    expect((await open(old.token)).status).toBe(404);

    // The record removed after it was shared.
    const customer = await newCustomer('Removed Invoice Trading');
    const gone = await invoiceFor(customer, today(), [line(75)]);
    const goneShare = await shareOf('shareInvoice', { params: { id: gone.id }, session: sessions.admin });
    expect((await open(goneShare.token)).status).toBe(200);
    await db.deleteFrom('invoices').where('id', '=', gone.id).execute();
    expect((await open(goneShare.token)).body).toEqual(notFound);

    // A file's share opens no record, and a record's share no file.
    const document = await db
      .selectFrom('loan_documents as d')
      .innerJoin('loans as l', 'l.id', 'd.loan_id')
      .select(['l.name as number', 'd.id'])
      .where('l.partner_id', '=', partners.client)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const file = await bo.call('shareLoanDocument', {
      params: { number: document.number, document_id: document.id },
      session: sessions.client,
    });
    const fileToken = shareAnswer.parse(file.body).token;
    expect((await open(fileToken)).body).toEqual(notFound);
    expect((await bo.call('getSharedDocument', { params: { token: fileToken } })).status).toBe(200);
    const loan = await shareOf('shareLoan', {
      params: { number: await loanOf('client') },
      session: sessions.client,
    });
    const statementShare = await shareOf('shareStatement', {
      body: { customer_id: partners.client, date_from: '2026-01-01', date_to: '2026-01-31' },
      session: sessions.client,
    });
    for (const recordToken of [token, loan.token, statementShare.token]) {
      const result = await bo.call('getSharedDocument', { params: { token: recordToken } });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(notFound);
    }

    const malformed = await open('short');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'bad_request', issues: [{ path: 'token' }] });
  });
});

describe('an issued invoice', () => {
  /** A customer of its own with an address, so that changing it touches no other test's data. */
  async function movingCustomer(name: string): Promise<number> {
    const id = await newCustomer(name);
    await updateContactDetails(bo.backoffice.database, EVERY_CUSTOMER, id, {
      name,
      phone: '+20 2 555 0101',
      street: '14 Corniche El Nil',
      city: 'Cairo',
      country: 'Egypt',
      companyName: null,
    });
    return id;
  }

  const renamed = {
    name: 'Jade Harbor Imports',
    phone: '+86 21 5555 0199',
    street: '88 Bund Road',
    city: 'Shanghai',
    country: 'China',
    companyName: null,
  };

  it('keeps the name and address it was posted with, in its read and its shared link', async () => {
    const partnerId = await movingCustomer('Delta Papyrus Traders');
    const { id } = await invoiceFor(partnerId, today(), [line(100)]);
    const { token } = (await createShare(
      bo.backoffice.database,
      EVERY_CUSTOMER,
      { kind: 'invoice', invoiceId: id },
      users.agent,
      new Date(),
    ))!;
    const billTo = {
      partner_name: 'Delta Papyrus Traders',
      partner_phone: '+20 2 555 0101',
      partner_address: '14 Corniche El Nil, Cairo, Egypt',
      partner_email: 'delta.papyrus.traders@example.com',
    };
    expect(await detail(id)).toMatchObject(billTo);

    await updateContactDetails(bo.backoffice.database, EVERY_CUSTOMER, partnerId, renamed);
    await bo.backoffice.database
      .updateTable('partners')
      .set({ email: 'jade@example.com' })
      .where('id', '=', partnerId)
      .execute();

    expect(await detail(id)).toMatchObject(billTo);
    const shared = await opened(token);
    expect(shared.kind === 'invoice' && shared.invoice).toMatchObject(billTo);
    // Lists and the statement of the customer name it as it is now; the invoice as it was.
    expect((await list('agent', {}, partnerId)).invoices[0]).toMatchObject(billTo);
    expect((await statementOf('agent', partnerId, today(), today())).partner_name).toBe(
      'Jade Harbor Imports',
    );
  });

  it('follows the customer while it is a draft, and keeps a cancelled one as issued', async () => {
    const partnerId = await movingCustomer('Aswan Date Growers');
    const draft = await invoiceFor(partnerId, today(), [line(40)], 'draft');
    const cancelled = await invoiceFor(partnerId, today(), [line(50)], 'cancelled');
    await updateContactDetails(bo.backoffice.database, EVERY_CUSTOMER, partnerId, renamed);
    expect(await detail(draft.id)).toMatchObject({
      partner_name: 'Jade Harbor Imports',
      partner_address: '88 Bund Road, Shanghai, China',
      partner_phone: '+86 21 5555 0199',
    });
    expect(await detail(cancelled.id)).toMatchObject({
      partner_name: 'Aswan Date Growers',
      partner_address: '14 Corniche El Nil, Cairo, Egypt',
    });
  });
});
