/**
 * Demo invoices and payments (seed step, after the orders). Every order the demo data has invoiced
 * gets an invoice in the order's invoice status and for its total; each customer also gets a few
 * invoices of its own (storage, advisory, insurance) so that every state, overdue ones included,
 * shows for both. Dates are relative to the seeding time and drawn from a seeded generator: the same
 * data on every first start.
 */
import { ORIGIN_NAMES, type Origin } from '../app/catalog';
import type { InvoiceState } from '@contract';
import { DAY_MS, daysBefore, demoRandom, type DemoRandom } from './demo';
import {
  addInvoicePayment,
  insertInvoice,
  lineAmounts,
  type NewInvoiceLine,
  type PaymentMethod,
} from './invoices';
import { addDays, dayOf } from './numbers';
import type { InvoiceStatus } from './orders';
import type { SeedContext } from './seed';

type DemoCustomer = 'client@example.com' | 'client2@example.com';
const NILE: DemoCustomer = 'client@example.com';
const JADE: DemoCustomer = 'client2@example.com';

/** The VAT on services (clearance, handling, insurance, storage) in each customer's country; freight is zero-rated. */
const SERVICE_TAX: Record<DemoCustomer, readonly number[]> = {
  [NILE]: [0, 5],
  [JADE]: [0, 3, 5],
};

interface StandaloneInvoice {
  customer: DemoCustomer;
  /** Days before the seeding time it was issued. */
  daysAgo: number;
  /** Partly paid and paid come of payments made after it was posted. */
  state: InvoiceState;
  lines: readonly [description: string, quantity: number, unitPrice: number, taxRate: number][];
}

/**
 * Invoices of no order, so that each customer has every state: paid, partly paid and unpaid ones,
 * overdue ones (unpaid 30 days after issue), a cancelled one and a draft (staff only).
 */
export const demoStandaloneInvoices: readonly StandaloneInvoice[] = [
  {
    customer: NILE,
    daysAgo: 75,
    state: 'posted',
    lines: [
      ['Warehouse storage, Cairo warehouse (pallet-days)', 240, 1.5, 5],
      ['Pallet handling in and out', 24, 6, 5],
    ],
  },
  {
    customer: NILE,
    daysAgo: 48,
    state: 'partially_paid',
    lines: [
      ['Customs advisory: HS classification of 14 items', 14, 35, 5],
      ['Certificate of origin legalisation', 2, 85, 0],
    ],
  },
  {
    customer: NILE,
    daysAgo: 210,
    state: 'paid',
    lines: [
      ['Warehouse storage, Cairo warehouse (pallet-days)', 180, 1.5, 5],
      ['Re-palletising damaged cartons', 6, 22.5, 5],
    ],
  },
  {
    customer: NILE,
    daysAgo: 130,
    state: 'cancelled',
    lines: [['Re-delivery after a failed delivery attempt', 1, 145, 5]],
  },
  {
    customer: NILE,
    daysAgo: 8,
    state: 'posted',
    lines: [
      ['Warehouse storage, Cairo warehouse (pallet-days)', 96, 1.5, 5],
      ['Stock count and report', 1, 60, 5],
    ],
  },
  {
    customer: NILE,
    daysAgo: 2,
    state: 'draft',
    lines: [
      ['Annual cargo insurance cover (open policy)', 1, 1250, 0],
      ['Policy administration', 1, 45, 5],
    ],
  },
  {
    customer: JADE,
    daysAgo: 82,
    state: 'posted',
    lines: [
      ['Warehouse storage, Guangzhou warehouse (pallet-days)', 150, 1.2, 3],
      ['Labelling and re-packing', 40, 1.8, 3],
    ],
  },
  {
    customer: JADE,
    daysAgo: 44,
    state: 'partially_paid',
    lines: [
      ['Import licence application for food products', 1, 420, 0],
      ['Laboratory sampling and testing', 3, 95, 5],
    ],
  },
  {
    customer: JADE,
    daysAgo: 14,
    state: 'partially_paid',
    lines: [
      ['Warehouse storage, Guangzhou warehouse (pallet-days)', 120, 1.2, 3],
      ['Cross-docking', 12, 9.5, 3],
    ],
  },
  {
    customer: JADE,
    daysAgo: 160,
    state: 'paid',
    lines: [
      ['Customs advisory: tariff review', 1, 380, 5],
      ['Translation of certificates', 4, 30, 0],
    ],
  },
  {
    customer: JADE,
    daysAgo: 300,
    state: 'paid',
    lines: [['Warehouse storage, Guangzhou warehouse (pallet-days)', 200, 1.2, 3]],
  },
  {
    customer: JADE,
    daysAgo: 5,
    state: 'posted',
    lines: [
      ['Container inspection at Nansha', 1, 180, 5],
      ['Photo report', 1, 25, 5],
    ],
  },
  {
    customer: JADE,
    daysAgo: 95,
    state: 'cancelled',
    lines: [['Fumigation certificate (not needed after all)', 1, 95, 0]],
  },
  {
    customer: JADE,
    daysAgo: 1,
    state: 'draft',
    lines: [['Warehouse storage, Guangzhou warehouse (pallet-days)', 60, 1.2, 3]],
  },
];

interface InvoicedOrder {
  id: number;
  name: string;
  partner_id: number;
  origin: Origin;
  cbm: number;
  container_type: string;
  invoice_status: Exclude<InvoiceStatus, 'not_invoiced'>;
  total_invoice_cents: number;
  created_at: string;
}

/**
 * The lines of an order's invoice adding up, tax included, to the order's total exactly: customs
 * clearance, then handling and cargo insurance on some, each taxed at the service rate; the ocean
 * freight (zero-rated) takes what is left.
 */
function orderLines(random: DemoRandom, order: InvoicedOrder, taxRate: number): NewInvoiceLine[] {
  const total = order.total_invoice_cents;
  const dollars = (share: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.round((total * share) / 100))) * 100;
  const services: NewInvoiceLine[] = [
    {
      description: `Customs clearance and brokerage at destination (${order.name})`,
      quantity: 1,
      unitPriceCents: dollars(random.between(0.06, 0.1), 60, 260),
      taxRate,
    },
  ];
  if (random.next() < 0.7)
    services.push({
      description: 'Handling and delivery to the customer’s warehouse',
      quantity: 1,
      unitPriceCents: dollars(random.between(0.03, 0.06), 35, 180),
      taxRate,
    });
  if (random.next() < 0.4)
    services.push({
      description: 'Cargo insurance (0.3% of the declared value)',
      quantity: 1,
      unitPriceCents: dollars(random.between(0.01, 0.02), 10, 90),
      taxRate,
    });
  const servicesCents = services.reduce((sum, line) => {
    const { subtotal, tax } = lineAmounts(line);
    return sum + subtotal + tax;
  }, 0);
  const freight = total - servicesCents;
  if (freight <= 0) throw new Error(`Seed invoice of ${order.name}: the services exceed the total`);
  const load =
    order.container_type === 'full_container_load' ? 'full container load' : `${order.cbm} CBM groupage`;
  return [
    {
      description: `Ocean freight from ${ORIGIN_NAMES[order.origin]}, ${load}`,
      quantity: 1,
      unitPriceCents: freight,
      taxRate: 0,
    },
    ...services,
  ];
}

const METHODS: readonly PaymentMethod[] = [
  'bank_transfer',
  'bank_transfer',
  'bank_transfer',
  'card',
  'cheque',
  'cash',
];

function referenceOf(random: DemoRandom, method: PaymentMethod): string | null {
  switch (method) {
    case 'bank_transfer':
      return `TRF-${random.int(10_000_000, 99_999_999)}`;
    case 'card':
      return `Card ending ${random.int(1000, 9999)}`;
    case 'cheque':
      return `Cheque ${random.int(100_000, 999_999)}`;
    case 'cash':
      return null;
  }
}

interface PlannedInvoice {
  partnerId: number;
  orderId: number | null;
  state: InvoiceState;
  invoiceDate: string;
  lines: NewInvoiceLine[];
}

/** A moment on that day, not after the seeding time. */
function onDay(day: string, now: Date): Date {
  const moment = new Date(`${day}T09:30:00Z`);
  return moment > now ? now : moment;
}

/**
 * The payments that bring an invoice to its state: all of it in one or two payments when paid, a
 * quarter to two thirds when partly paid, between its date and today (mostly before the due date).
 */
function paymentsOf(
  random: DemoRandom,
  state: InvoiceState,
  totalCents: number,
  invoiceDate: string,
  today: string,
): { date: string; amountCents: number }[] {
  if ((state !== 'paid' && state !== 'partially_paid') || totalCents === 0) return [];
  const target = state === 'paid' ? totalCents : Math.round(totalCents * random.between(0.25, 0.67));
  const split = target > 50_000 && random.next() < 0.45;
  const amounts = split ? [Math.round(target * random.between(0.3, 0.6))] : [];
  amounts.push(target - (amounts[0] ?? 0));
  let day = invoiceDate;
  return amounts.map((amountCents) => {
    const next = addDays(day, random.int(3, 24));
    day = next < today ? next : today;
    return { date: day, amountCents };
  });
}

/**
 * The demo invoices, oldest first (so their numbers follow their dates), then their payments in date
 * order (the same for the payment numbers); each payment moves its invoice (and its order) from
 * posted to partly paid or paid.
 */
export async function seedInvoices(context: SeedContext): Promise<void> {
  const random = demoRandom(20_260_301);
  const { database, now } = context;
  const today = dayOf(now);
  const partnerOf = (customer: DemoCustomer) => {
    const user = context.users.get(customer);
    if (!user) throw new Error(`Seed data for ${customer}`);
    return user.partnerId;
  };
  const taxOf = new Map([NILE, JADE].map((customer) => [partnerOf(customer), SERVICE_TAX[customer]]));

  const orders = await database
    .selectFrom('shipping_orders')
    .select([
      'id',
      'name',
      'partner_id',
      'origin',
      'cbm',
      'container_type',
      'invoice_status',
      'total_invoice_cents',
      'created_at',
    ])
    .where('invoice_status', '<>', 'not_invoiced')
    .orderBy('created_at')
    .orderBy('id')
    .$narrowType<Pick<InvoicedOrder, 'origin' | 'invoice_status'>>()
    .execute();
  const planned: PlannedInvoice[] = orders.map((order) => {
    // Drafts are being prepared now; the others were issued a few days after the booking.
    const created = dayOf(new Date(Date.parse(order.created_at) + random.between(1, 4) * DAY_MS));
    const invoiceDate =
      order.invoice_status === 'draft'
        ? dayOf(daysBefore(now, random.int(0, 2)))
        : [created, today].sort()[0]!;
    return {
      partnerId: order.partner_id,
      orderId: order.id,
      state: order.invoice_status,
      invoiceDate,
      lines: orderLines(random, order, random.pick(taxOf.get(order.partner_id) ?? [0])),
    };
  });
  for (const invoice of demoStandaloneInvoices) {
    planned.push({
      partnerId: partnerOf(invoice.customer),
      orderId: null,
      state: invoice.state,
      invoiceDate: dayOf(daysBefore(now, invoice.daysAgo)),
      lines: invoice.lines.map(([description, quantity, unitPrice, taxRate]) => ({
        description,
        quantity,
        unitPriceCents: Math.round(unitPrice * 100),
        taxRate,
      })),
    });
  }
  planned.sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));

  const payments: { invoiceId: number; date: string; amountCents: number }[] = [];
  for (const plan of planned) {
    // Partly paid and paid are reached by the payments below.
    const issuedAs = plan.state === 'draft' || plan.state === 'cancelled' ? plan.state : 'posted';
    const { id } = await insertInvoice(
      database,
      {
        partnerId: plan.partnerId,
        shippingOrderId: plan.orderId,
        state: issuedAs,
        invoiceDate: plan.invoiceDate,
        currency: 'USD',
        lines: plan.lines,
        quiet: true,
      },
      onDay(plan.invoiceDate, now),
    );
    const total = plan.lines.reduce((sum, line) => {
      const { subtotal, tax } = lineAmounts(line);
      return sum + subtotal + tax;
    }, 0);
    for (const payment of paymentsOf(random, plan.state, total, plan.invoiceDate, today))
      payments.push({ invoiceId: id, ...payment });
  }
  payments.sort((a, b) => a.date.localeCompare(b.date) || a.invoiceId - b.invoiceId);
  for (const payment of payments) {
    const method = random.pick(METHODS);
    const outcome = await addInvoicePayment(
      database,
      payment.invoiceId,
      {
        date: payment.date,
        amountCents: payment.amountCents,
        method,
        reference: referenceOf(random, method),
      },
      onDay(payment.date, now),
    );
    if (typeof outcome === 'string')
      throw new Error(`Seed payment on invoice ${payment.invoiceId}: ${outcome}`);
  }
}
