/**
 * Demo suppliers, drivers, containers and shipping orders with their timelines (seed steps). Times are
 * relative to the seeding time and drawn from a seeded generator: the same data on every first start,
 * and a timeline that fits each order's status (its last milestone passed, the next one not yet).
 */
import type { Category, ContainerType, Origin } from '../app/catalog';
import { MILESTONES, type Milestone, type OrderStatus } from '@contract';
import { createContainer, type ContainerSize, type ContainerStatus } from './containers';
import { DAY_MS, daysBefore, demoRandom, type DemoRandom } from './demo';
import { createDriver, type DriverInput } from './drivers';
import { dayOf, toCents } from './numbers';
import { addOrderDocument, insertShippingOrder, type InvoiceStatus } from './orders';
import { demoPdf } from './pdf';
import type { SeedContext } from './seed';
import { createSupplier, type SupplierInput } from './suppliers';
import { addTrackingEvent } from './tracking';

type DemoCustomer = 'client@example.com' | 'client2@example.com';
const NILE = 'client@example.com';
const JADE = 'client2@example.com';

export const demoSuppliers: readonly (SupplierInput & { origin: Origin })[] = [
  {
    name: 'Shenzhen Bright Electronics Co., Ltd.',
    contact: 'Zhang Wei',
    phone: '+86 755 2683 4410',
    email: 'sales@brightelec.example',
    address: "Building 5, Bao'an Industrial Park, Xixiang",
    location: 'Shenzhen, China',
    active: true,
    origin: 'china',
  },
  {
    name: 'Guangzhou Sunrise Furniture Co., Ltd.',
    contact: 'Liu Yang',
    phone: '+86 20 3628 7715',
    email: 'export@sunrise-furniture.example',
    address: '168 Panyu Avenue North',
    location: 'Guangzhou, China',
    active: true,
    origin: 'china',
  },
  {
    name: 'Yiwu Starlight Toys Factory',
    contact: 'Chen Jing',
    phone: '+86 579 8552 1093',
    email: 'info@starlight-toys.example',
    address: 'District 2, International Trade City',
    location: 'Yiwu, China',
    active: true,
    origin: 'china',
  },
  {
    name: 'Al Fajr Auto Spare Parts Trading LLC',
    contact: 'Rashid Al Nuaimi',
    phone: '+971 4 266 3390',
    email: 'sales@alfajr-auto.example',
    address: 'Al Quoz Industrial Area 3, Warehouse 12',
    location: 'Dubai, United Arab Emirates',
    active: true,
    origin: 'dubai',
  },
  {
    name: 'Saigon Craft Rattan Co.',
    contact: 'Nguyen Van Minh',
    phone: '+84 28 3744 2210',
    email: 'export@saigoncraft.example',
    address: 'Lot B4, Tan Thuan Export Processing Zone, District 7',
    location: 'Ho Chi Minh City, Vietnam',
    active: true,
    origin: 'vietnam',
  },
  {
    name: 'Hanoi Footwear JSC',
    contact: 'Pham Thi Lan',
    phone: '+84 24 3856 1178',
    email: 'sales@hanoifootwear.example',
    address: 'Km 12, Highway 5, Gia Lam',
    location: 'Hanoi, Vietnam',
    // No longer ships: kept for the orders it supplied.
    active: false,
    origin: 'vietnam',
  },
  {
    name: 'Morbi Ceramic Tiles Pvt. Ltd.',
    contact: 'Rajesh Patel',
    phone: '+91 2822 240 615',
    email: 'export@morbiceramic.example',
    address: '8-A National Highway, Lalpar',
    location: 'Morbi, India',
    active: true,
    origin: 'india',
  },
  {
    name: 'Tiruppur Knitwear Exports',
    contact: 'Lakshmi Narayanan',
    phone: '+91 421 247 3380',
    email: 'orders@tiruppurknit.example',
    address: '52 Avinashi Road, Kumar Nagar',
    location: 'Tiruppur, India',
    active: true,
    origin: 'india',
  },
];

export const demoDrivers: readonly DriverInput[] = [
  {
    name: 'Mahmoud Adel',
    phone: '+20 100 731 2284',
    licence_number: 'EG-DL-2871034',
    vehicle_plate: 'QTR 4821',
    origin: null,
    active: true,
  },
  {
    name: 'Hassan Ibrahim',
    phone: '+20 122 408 5516',
    licence_number: 'EG-DL-3310478',
    vehicle_plate: 'NBS 7715',
    origin: null,
    active: true,
  },
  {
    name: 'Rashid Al Balushi',
    phone: '+971 50 318 2207',
    licence_number: 'DXB-1184732',
    vehicle_plate: 'Dubai K 48213',
    origin: 'dubai',
    active: true,
  },
  {
    name: 'Imran Qureshi',
    phone: '+971 55 602 9143',
    licence_number: 'DXB-2093318',
    vehicle_plate: 'Dubai L 20917',
    origin: 'dubai',
    active: false,
  },
  {
    name: 'Li Jun',
    phone: '+86 138 2651 0934',
    licence_number: '440301198805123417',
    vehicle_plate: 'Yue B 7K2Q9',
    origin: 'china',
    active: true,
  },
  {
    name: 'Wang Hao',
    phone: '+86 139 2744 6618',
    licence_number: '440306199107224818',
    vehicle_plate: 'Yue B 3M8T1',
    origin: 'china',
    active: true,
  },
  {
    name: 'Nguyen Van Hung',
    phone: '+84 903 417 582',
    licence_number: '790123456789',
    vehicle_plate: '51C-482.17',
    origin: 'vietnam',
    active: true,
  },
  {
    name: 'Suresh Kumar',
    phone: '+91 98201 44736',
    licence_number: 'MH04 20110034512',
    vehicle_plate: 'MH 43 BK 2291',
    origin: 'india',
    active: true,
  },
];

interface DemoContainer {
  name: string;
  size: ContainerSize;
  status: ContainerStatus;
  origin: Origin;
  destination: string;
  /** Days before the seeding time it sailed (negative: it is to sail then); null while open. */
  departedDaysAgo: number | null;
  /** Days at sea to its destination. */
  transitDays: number;
}

export const demoContainers: readonly DemoContainer[] = [
  {
    name: 'MSCU 482913-7',
    size: '40ft_hc',
    status: 'loading',
    origin: 'china',
    destination: 'Port Said, Egypt',
    departedDaysAgo: null,
    transitDays: 24,
  },
  {
    name: 'CMAU 731204-5',
    size: '40ft',
    status: 'loading',
    origin: 'dubai',
    destination: 'Port Said, Egypt',
    departedDaysAgo: null,
    transitDays: 11,
  },
  {
    name: 'TGHU 550862-1',
    size: '20ft',
    status: 'sealed',
    origin: 'vietnam',
    destination: 'Port Said, Egypt',
    departedDaysAgo: -3,
    transitDays: 27,
  },
  {
    name: 'MSKU 906377-2',
    size: '40ft_hc',
    status: 'departed',
    origin: 'china',
    destination: 'Port Said, Egypt',
    departedDaysAgo: 10,
    transitDays: 24,
  },
  {
    name: 'OOLU 218845-9',
    size: '40ft',
    status: 'arrived',
    origin: 'india',
    destination: 'Port Said, Egypt',
    departedDaysAgo: 30,
    transitDays: 16,
  },
  {
    name: 'HLXU 674120-3',
    size: '20ft',
    status: 'departed',
    origin: 'vietnam',
    destination: 'Nansha, Guangzhou, China',
    departedDaysAgo: 3,
    transitDays: 5,
  },
  {
    name: 'TCLU 305518-6',
    size: '40ft',
    status: 'planned',
    origin: 'vietnam',
    destination: 'Port Said, Egypt',
    departedDaysAgo: null,
    transitDays: 27,
  },
];

interface DemoOrder {
  customer: DemoCustomer;
  status: OrderStatus;
  origin: Origin;
  category: Category;
  type: ContainerType;
  cbm: number;
  /** The name of the demo container it travels in. */
  container?: string;
  /** Backed by the customer's latest loan issued before the order. */
  financed?: boolean;
  /** Held up on the way (a `delayed` event). */
  delayed?: boolean;
  /** A commercial invoice, and a bill of lading once it has sailed. */
  documents?: boolean;
}

const FCL: ContainerType = 'full_container_load';
const [MSCU, CMAU, TGHU, MSKU, OOLU, HLXU, TCLU] = demoContainers.map((container) => container.name);

type Flag = 'financed' | 'delayed' | 'documents';
/** status, origin, category, container type, CBM, the container it travels in, flags */
type OrderLine = [OrderStatus, Origin, Category, ContainerType, number, (string | null)?, ...Flag[]];

function ordersOf(customer: DemoCustomer, lines: readonly OrderLine[]): DemoOrder[] {
  return lines.map(([status, origin, category, type, cbm, container, ...flags]) => ({
    customer,
    status,
    origin,
    category,
    type,
    cbm,
    container: container ?? undefined,
    financed: flags.includes('financed'),
    delayed: flags.includes('delayed'),
    documents: flags.includes('documents'),
  }));
}

export const demoOrders: readonly DemoOrder[] = [
  // Nile Star Trading: 44 orders in every status, to Egypt.
  ...ordersOf(NILE, [
    ['draft', 'china', 'electronics_accessories', 'groupage', 6.5],
    ['draft', 'india', 'building_construction_material', FCL, 33],
    ['draft', 'vietnam', 'furniture_home_decor', 'groupage', 9, TCLU],
    ['confirmed', 'china', 'electronics_accessories', 'groupage', 12.4, MSCU],
    ['confirmed', 'china', 'toys_games', 'housebill', 5.2, MSCU],
    ['confirmed', 'china', 'clothing_apparel', 'groupage', 18, MSCU, 'financed'],
    ['confirmed', 'dubai', 'cosmetics_personal_care', 'groupage', 7.5, CMAU],
    ['confirmed', 'dubai', 'automotive_parts', 'groupage', 14, CMAU],
    ['confirmed', 'vietnam', 'furniture_home_decor', 'groupage', 11, TGHU],
    ['confirmed', 'vietnam', 'footwear', 'groupage', 8.6, TGHU],
    [
      'in_transit',
      'china',
      'electronics_accessories',
      'groupage',
      15,
      MSKU,
      'financed',
      'delayed',
      'documents',
    ],
    ['in_transit', 'china', 'home_bathroom_fixtures', 'groupage', 21, MSKU],
    [
      'in_transit',
      'china',
      'machinery_industrial_equipment',
      'groupage',
      24.5,
      MSKU,
      'financed',
      'documents',
    ],
    ['in_transit', 'china', 'sports_fitness_equipment', FCL, 58],
    ['in_transit', 'india', 'agricultural_products', FCL, 33, null, 'financed'],
    ['in_transit', 'vietnam', 'childrens_fashion', 'housebill', 4.2],
    ['in_transit', 'dubai', 'eyewear_watches', 'housebill', 2.1],
    ['in_transit', 'china', 'stationery_office_supplies', 'groupage', 6.8, null, 'delayed'],
    ['arrived', 'india', 'building_construction_material', 'groupage', 22, OOLU, 'financed', 'documents'],
    ['arrived', 'india', 'medical_supplies', 'groupage', 9.5, OOLU],
    ['arrived', 'china', 'furniture_home_decor', FCL, 67],
    ['arrived', 'vietnam', 'food_beverages', 'groupage', 12],
    ['cleared', 'india', 'food_beverages', 'groupage', 14, OOLU],
    ['cleared', 'china', 'electronics_accessories', FCL, 58, null, 'financed', 'documents'],
    ['cleared', 'dubai', 'jewelry_accessories', 'housebill', 1.5],
    ['cleared', 'vietnam', 'books_educational_materials', 'groupage', 7],
    ['delivered', 'india', 'clothing_apparel', 'groupage', 10, OOLU, 'documents'],
    ['delivered', 'china', 'electronics_accessories', FCL, 67, null, 'financed', 'documents'],
    ['delivered', 'china', 'toys_games', 'groupage', 8.2],
    ['delivered', 'china', 'home_bathroom_fixtures', 'groupage', 16.5, null, 'financed'],
    ['delivered', 'dubai', 'automotive_parts', 'groupage', 11],
    ['delivered', 'dubai', 'cosmetics_personal_care', 'housebill', 3.4],
    ['delivered', 'vietnam', 'furniture_home_decor', FCL, 58, null, 'financed'],
    ['delivered', 'vietnam', 'footwear', 'groupage', 9.8],
    ['delivered', 'india', 'building_construction_material', FCL, 33, null, 'financed'],
    ['delivered', 'india', 'agricultural_products', 'groupage', 13],
    ['delivered', 'china', 'machinery_industrial_equipment', FCL, 33, null, 'financed'],
    ['delivered', 'china', 'sports_fitness_equipment', 'groupage', 7.7],
    ['delivered', 'vietnam', 'childrens_fashion', 'housebill', 2.6],
    ['delivered', 'china', 'eyewear_watches', 'housebill', 1.8],
    ['delivered', 'india', 'medical_supplies', 'groupage', 6.4],
    ['cancelled', 'china', 'toys_games', 'groupage', 5],
    ['cancelled', 'dubai', 'cosmetics_personal_care', 'housebill', 2.5, CMAU],
    ['cancelled', 'india', 'other', 'groupage', 3],
  ]),
  // Jade Harbor Imports: 10 orders, to Guangzhou.
  ...ordersOf(JADE, [
    ['draft', 'vietnam', 'toys_games', 'housebill', 3.5],
    ['confirmed', 'india', 'food_beverages', FCL, 33],
    ['confirmed', 'dubai', 'cosmetics_personal_care', 'groupage', 4],
    ['in_transit', 'vietnam', 'toys_games', 'groupage', 6, HLXU],
    ['in_transit', 'vietnam', 'furniture_home_decor', 'groupage', 14, HLXU, 'financed', 'documents'],
    ['arrived', 'india', 'agricultural_products', 'groupage', 8],
    ['cleared', 'dubai', 'jewelry_accessories', 'housebill', 1.2],
    ['delivered', 'vietnam', 'footwear', 'groupage', 9, null, 'financed'],
    ['delivered', 'india', 'clothing_apparel', 'groupage', 11],
    ['cancelled', 'vietnam', 'other', 'housebill', 2],
  ]),
];

export async function seedSuppliers(context: SeedContext): Promise<void> {
  for (const { origin: _origin, ...supplier } of demoSuppliers) {
    if ((await createSupplier(context.database, supplier, daysBefore(context.now, 400))) === 'name_taken')
      throw new Error(`Seed data for ${supplier.name}`);
  }
}

export async function seedDrivers(context: SeedContext): Promise<void> {
  for (const [index, driver] of demoDrivers.entries()) {
    const created = await createDriver(context.database, driver, daysBefore(context.now, 300 - index * 20));
    if (created === 'licence_taken') throw new Error(`Seed data for ${driver.name}`);
  }
}

export async function seedContainers(context: SeedContext): Promise<void> {
  for (const container of demoContainers) {
    const departed = container.departedDaysAgo;
    await createContainer(
      context.database,
      {
        ...container,
        departureDate: departed === null ? null : dayOf(daysBefore(context.now, departed)),
      },
      daysBefore(context.now, (departed ?? 0) + 12),
    );
  }
}

// ---- Orders and their timelines ----

/** The usual course of a shipment (MILESTONES without `delayed`). */
const COURSE: readonly Milestone[] = MILESTONES.filter((milestone) => milestone !== 'delayed');
const DEPARTED = COURSE.indexOf('departed_origin');

/** How many milestones of the course an order in this status has passed. */
function milestonesPassed(status: OrderStatus, container: DemoContainer | undefined): number {
  switch (status) {
    case 'draft':
      return 0;
    case 'cancelled':
      return 1;
    case 'confirmed':
      // In a container still being filled the goods are at the warehouse; in a closed one, loaded.
      return container?.status === 'sealed' ? 3 : container ? 2 : 1;
    case 'in_transit':
      return 4;
    case 'arrived':
      return 5;
    case 'cleared':
      return 6;
    case 'delivered':
      return 8;
  }
}

const ORIGIN_PLACES: Record<Origin, readonly [string, string, string]> = {
  china: ['Shenzhen', 'Shenzhen consolidation warehouse', 'Yantian Port, Shenzhen'],
  dubai: ['Dubai', 'Jebel Ali warehouse', 'Jebel Ali Port'],
  vietnam: ['Ho Chi Minh City', 'Ho Chi Minh City warehouse', 'Cat Lai Port, Ho Chi Minh City'],
  india: ['Mumbai', 'Nhava Sheva warehouse', 'Nhava Sheva Port'],
};

interface Destination {
  places: readonly [string, string, string, string];
  /** Days at sea from each origin. */
  transit: Record<Origin, number>;
  markPrefix: string;
}

const DESTINATIONS: Record<DemoCustomer, Destination> = {
  [NILE]: {
    places: ['Port Said East Port', 'Port Said customs', 'Cairo warehouse', 'Cairo'],
    transit: { china: 24, dubai: 11, vietnam: 27, india: 16 },
    markPrefix: 'NST',
  },
  [JADE]: {
    places: ['Nansha Port, Guangzhou', 'Nansha customs, Guangzhou', 'Guangzhou warehouse', 'Guangzhou'],
    transit: { china: 3, dubai: 17, vietnam: 5, india: 13 },
    markPrefix: 'JHI',
  },
};

const VESSELS = [
  'MSC Aurora',
  'CMA CGM Tage',
  'Maersk Essen',
  'Ever Gentle',
  'COSCO Shipping Leo',
  'ONE Minato',
];

function placeOf(milestone: Milestone, origin: Origin, destination: Destination): string {
  const [city, warehouse, port] = ORIGIN_PLACES[origin];
  const [arrivalPort, customs, store, town] = destination.places;
  const places: Record<Milestone, string> = {
    booking_confirmed: city,
    cargo_received: warehouse,
    container_loaded: port,
    departed_origin: port,
    arrived_destination: arrivalPort,
    customs_cleared: customs,
    out_for_delivery: store,
    delivered: town,
    delayed: 'Suez Canal anchorage',
  };
  return places[milestone];
}

function noteOf(milestone: Milestone, order: DemoOrder, vessel: string): string {
  const notes: Record<Milestone, string> = {
    booking_confirmed: 'Booking confirmed; pick-up arranged with the supplier',
    cargo_received: `${Math.max(1, Math.round(order.cbm * 4))} cartons received, checked and labelled`,
    container_loaded: order.container ? `Loaded into ${order.container}` : 'Loaded into the container',
    departed_origin: `On board ${vessel}`,
    arrived_destination: 'Discharged from the vessel',
    customs_cleared: 'Released by customs; duties paid',
    out_for_delivery: 'On the truck to the customer',
    delivered: 'Delivered and signed for',
    delayed: 'Waiting for a canal transit slot; about two days late',
  };
  return notes[milestone];
}

/** Days from the order's creation to each milestone of the course. */
function courseOffsets(random: DemoRandom, transitDays: number): number[] {
  const gaps = [
    random.between(0.1, 0.5),
    random.between(2, 5),
    random.between(1, 3),
    random.between(1, 2),
    transitDays + random.between(-1, 1),
    random.between(2, 4),
    random.between(1, 2),
    random.between(0.2, 0.5),
  ];
  let sum = 0;
  return gaps.map((gap) => (sum += gap));
}

/**
 * When the order was created, so that its timeline fits its status: in a container, the container's
 * sailing (or, closed, its loading a day ago) sets it; otherwise the last milestone passed lies before
 * now and the next one after.
 */
function creationDaysAgo(
  random: DemoRandom,
  order: DemoOrder,
  container: DemoContainer | undefined,
  offsets: readonly number[],
  passed: number,
): number {
  const sailed = container?.status === 'departed' || container?.status === 'arrived';
  if (sailed && container.departedDaysAgo !== null)
    return container.departedDaysAgo + (offsets[DEPARTED] ?? 0);
  if (container?.status === 'sealed') return random.between(0.5, 1.5) + (offsets[2] ?? 0);
  const last = passed === 0 ? 0 : (offsets[passed - 1] ?? 0);
  const next = offsets[passed] ?? last;
  if (order.status === 'draft') return random.between(0.5, 8);
  if (order.status === 'delivered') return last + random.between(2, 260);
  // Taken out of a container still being filled: lately.
  if (order.status === 'cancelled') return last + random.between(5, container ? 10 : 120);
  return last + random.between(0.1, 0.9) * (next - last);
}

const RATE_PER_CBM: Record<Origin, number> = { china: 95, dubai: 70, vietnam: 105, india: 85 };
const FULL_CONTAINER_RATE: Record<Origin, number> = { china: 3600, dubai: 2400, vietnam: 3900, india: 3100 };
const HANDLING = 350;

function invoiceOf(random: DemoRandom, order: DemoOrder): { status: InvoiceStatus; cents: number } {
  const freight =
    order.type === FCL
      ? FULL_CONTAINER_RATE[order.origin] * (order.cbm > 33 ? 1.8 : 1)
      : RATE_PER_CBM[order.origin] * order.cbm;
  const cents = toCents(freight + HANDLING);
  const statuses: Record<OrderStatus, readonly InvoiceStatus[]> = {
    draft: ['not_invoiced'],
    confirmed: ['not_invoiced', 'draft'],
    in_transit: ['posted', 'partially_paid'],
    arrived: ['posted', 'partially_paid', 'paid'],
    cleared: ['posted', 'partially_paid', 'paid'],
    delivered: ['paid', 'paid', 'paid', 'paid', 'partially_paid'],
    cancelled: ['cancelled', 'not_invoiced'],
  };
  const status = random.pick(statuses[order.status]);
  return { status, cents: status === 'not_invoiced' ? 0 : cents };
}

function orderDocuments(name: string, order: DemoOrder, supplier: string, customer: string, sailed: boolean) {
  const invoice = {
    filename: `commercial-invoice-${name}.pdf`,
    mimetype: 'application/pdf',
    data: demoPdf([
      `Commercial invoice - ${name}`,
      `Seller: ${supplier}`,
      `Buyer: ${customer}`,
      `Goods: ${order.category.replace(/_/g, ' ')}, ${order.cbm} CBM`,
      'Terms: FOB, payment 30 days',
    ]),
  };
  const billOfLading = {
    filename: `bill-of-lading-${name}.pdf`,
    mimetype: 'application/pdf',
    data: demoPdf([
      `Bill of lading - ${name}`,
      `Shipper: ${supplier}`,
      `Consignee: ${customer}`,
      `Port of loading: ${ORIGIN_PLACES[order.origin][2]}`,
      `Port of discharge: ${DESTINATIONS[order.customer].places[0]}`,
      `Container: ${order.container ?? 'full container load'}`,
    ]),
  };
  return sailed ? [billOfLading, invoice] : [invoice];
}

interface PlannedOrder {
  order: DemoOrder;
  container: DemoContainer | undefined;
  createdAt: Date;
  events: { milestone: Milestone; time: Date }[];
  expectedArrival: string | null;
  vessel: string;
  invoice: { status: InvoiceStatus; cents: number };
  supplierName: string;
}

function planOrder(random: DemoRandom, order: DemoOrder, now: Date): PlannedOrder {
  const container = demoContainers.find((candidate) => candidate.name === order.container);
  const destination = DESTINATIONS[order.customer];
  const offsets = courseOffsets(random, container?.transitDays ?? destination.transit[order.origin]);
  const passed = milestonesPassed(order.status, container);
  const createdAt = daysBefore(now, creationDaysAgo(random, order, container, offsets, passed));
  const at = (days: number) => new Date(createdAt.getTime() + days * DAY_MS);
  const events = COURSE.slice(0, passed).map((milestone, index) => ({
    milestone,
    time: at(offsets[index] ?? 0),
  }));
  const departed = offsets[DEPARTED] ?? 0;
  const arrival = offsets[DEPARTED + 1] ?? 0;
  // Held up on the way: part of the way from the departure to the arrival, or to now when still at sea.
  const departedAt = at(departed).getTime();
  const reached = Math.min(at(arrival).getTime(), now.getTime() - DAY_MS / 2);
  if (order.delayed && reached > departedAt)
    events.push({ milestone: 'delayed', time: new Date(departedAt + (reached - departedAt) * 0.6) });
  events.sort((a, b) => a.time.getTime() - b.time.getTime());
  const open = order.status !== 'draft' && order.status !== 'cancelled';
  return {
    order,
    container,
    createdAt,
    events,
    expectedArrival: open ? dayOf(at(arrival + (order.delayed ? 2 : 0))) : null,
    vessel: `${random.pick(VESSELS)}, voyage ${random.int(100, 999)}W`,
    invoice: invoiceOf(random, order),
    supplierName: random.pick(demoSuppliers.filter((supplier) => supplier.origin === order.origin)).name,
  };
}

/**
 * The demo orders, oldest first (so their numbers and shipping marks follow their dates), each with
 * its timeline recorded by the warehouse agent; financed ones are backed by the customer's latest
 * loan issued before them; a few carry documents.
 */
export async function seedOrders(context: SeedContext): Promise<void> {
  const random = demoRandom(20_260_214);
  const db = context.database;
  const agent = context.users.get('agent@example.com');
  if (!agent) throw new Error('Seed data for agent@example.com');
  const idOf = async (table: 'suppliers' | 'containers', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst())?.id;
  const planned = demoOrders.map((order) => planOrder(random, order, context.now));
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const marks = new Map<string, number>();
  for (const plan of planned) {
    const { order } = plan;
    const customer = context.users.get(order.customer);
    if (!customer) throw new Error(`Seed data for ${order.customer}`);
    const loan = order.financed
      ? await db
          .selectFrom('loans')
          .select('id')
          .where('partner_id', '=', customer.partnerId)
          .where('state', 'in', ['approved', 'repaid'])
          .where('issue_date', '<=', dayOf(plan.createdAt))
          // issue_date is set on every approved or repaid loan: no nulls to order.
          .orderBy('issue_date', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const year = plan.createdAt.getUTCFullYear();
    const markKey = `${DESTINATIONS[order.customer].markPrefix}/${year}`;
    const mark = (marks.get(markKey) ?? 0) + 1;
    marks.set(markKey, mark);
    const id = await insertShippingOrder(
      db,
      {
        partnerId: customer.partnerId,
        requestId: null,
        // An order with a timeline starts confirmed and is moved on by its events (the timeline's
        // rules, as staff meet them); its status is then set as planned (a cancellation, say).
        status: plan.events.length > 0 ? 'confirmed' : order.status,
        category: order.category,
        containerType: order.type,
        cbm: order.cbm,
        origin: order.origin,
        supplierId: (await idOf('suppliers', plan.supplierName)) ?? null,
        shippingMark: order.status === 'draft' ? null : `${markKey}/${String(mark).padStart(3, '0')}`,
        invoiceStatus: plan.invoice.status,
        totalInvoiceCents: plan.invoice.cents,
        loanId: loan?.id ?? null,
        containerId: order.container ? ((await idOf('containers', order.container)) ?? null) : null,
        expectedArrival: plan.expectedArrival,
      },
      plan.createdAt,
    );
    for (const event of plan.events) {
      const added = await addTrackingEvent(
        db,
        id,
        {
          milestone: event.milestone,
          place: placeOf(event.milestone, order.origin, DESTINATIONS[order.customer]),
          eventTime: event.time.toISOString(),
          note: noteOf(event.milestone, order, plan.vessel),
          quiet: true,
        },
        agent.userId,
        event.time,
      );
      if (typeof added === 'string')
        throw new Error(`The demo timeline of ${order.status} breaks a rule: ${added}`);
    }
    if (plan.events.length > 0) {
      await db.updateTable('shipping_orders').set({ status: order.status }).where('id', '=', id).execute();
    }
    if (order.documents) {
      const { name } = await db
        .selectFrom('shipping_orders')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const customerName = (
        await db
          .selectFrom('partners')
          .select('name')
          .where('id', '=', customer.partnerId)
          .executeTakeFirstOrThrow()
      ).name;
      const sailed = plan.events.some((event) => event.milestone === 'departed_origin');
      for (const file of orderDocuments(name, order, plan.supplierName, customerName, sailed))
        await addOrderDocument(db, id, file, plan.events.at(-1)?.time ?? plan.createdAt);
    }
  }
}
