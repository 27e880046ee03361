import { ORIGIN_NAMES, ORIGINS, type Origin, type Service } from '../app/catalog';
import { detailCodesIn } from '../app/request-details';
import type { RoleName } from '@contract';
import type { CheckedAttachment } from './attachments';
import type { Database } from './data/database';
import { lockKey } from './data/dialect';
import { hashPassword } from './passwords';
import { demoPdf } from './pdf';
import { createShippingRequest, reviewShippingRequest } from './requests';
import { seedInvoices } from './seedInvoices';
import { seedLoans } from './seedLoans';
import { seedContainers, seedDrivers, seedOrders, seedSuppliers } from './seedShipping';
import { insertPartner, type CustomerProfile, type NewPartner } from './partners';
import { insertAccount } from './users';
import { addDays, dayOf } from './numbers';
import { saveRate, type RateValues } from './rates';

/** Password of every demo account (docs and the start banner say so). */
export const DEMO_PASSWORD = 'demo1234';

export type DemoPartnerKey = 'staff' | 'nileStar' | 'jadeHarbor';

export const demoPartners: Record<DemoPartnerKey, NewPartner> = {
  staff: {
    name: 'Harbour Freight Staff',
    email: 'operations@example.com',
    phone: '+971 4 881 2200',
    street: 'Jebel Ali Free Zone, South 2',
    city: 'Dubai',
    country: 'United Arab Emirates',
    companyName: 'Harbour Freight',
    isStaff: true,
  },
  nileStar: {
    name: 'Nile Star Trading',
    email: 'client@example.com',
    phone: '+20 2 2735 4410',
    street: '14 Corniche El Nil',
    city: 'Cairo',
    country: 'Egypt',
    companyName: 'Nile Star Trading LLC',
  },
  jadeHarbor: {
    name: 'Jade Harbor Imports',
    email: 'client2@example.com',
    phone: '+86 20 8335 1288',
    street: '88 Huangpu Avenue West',
    city: 'Guangzhou',
    country: 'China',
    companyName: 'Jade Harbor Imports Co., Ltd.',
  },
};

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleName;
  partner: DemoPartnerKey;
}

export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@example.com', firstName: 'Amina', lastName: 'Haddad', role: 'admin', partner: 'staff' },
  {
    email: 'agent@example.com',
    firstName: 'Omar',
    lastName: 'Farouk',
    role: 'warehouse_agent',
    partner: 'staff',
  },
  {
    email: 'client@example.com',
    firstName: 'Layla',
    lastName: 'Mansour',
    role: 'client',
    partner: 'nileStar',
  },
  { email: 'client2@example.com', firstName: 'Chen', lastName: 'Wei', role: 'client', partner: 'jadeHarbor' },
];

/** What the steps have created so far, for the steps after them (orders need a customer, ...). */
export interface SeedContext {
  /** The transaction the demo data is written in. */
  database: Database;
  now: Date;
  partners: Map<DemoPartnerKey, number>;
  /** user id and partner id by demo e-mail */
  users: Map<string, { userId: number; partnerId: number }>;
  /** precomputed, so that the transaction waits for no hashing */
  passwordHashes: Map<string, string>;
}

export type SeedStep = (context: SeedContext) => void | Promise<void>;

async function seedAccounts(context: SeedContext): Promise<void> {
  for (const [key, partner] of Object.entries(demoPartners) as [DemoPartnerKey, NewPartner][]) {
    context.partners.set(key, await insertPartner(context.database, partner, context.now));
  }
  for (const account of demoAccounts) {
    const partnerId = context.partners.get(account.partner);
    const passwordHash = context.passwordHashes.get(account.email);
    if (partnerId === undefined || passwordHash === undefined)
      throw new Error(`Seed data for ${account.email}`);
    const created = await insertAccount(
      context.database,
      {
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        roles: [account.role],
        partner: partnerId,
      },
      context.now,
    );
    context.users.set(account.email, created);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoRequest {
  customer: string;
  name: string;
  service: Service;
  description: string;
  expectedRevenue: number;
  daysAgo: number;
  attachments?: CheckedAttachment[];
  review?: { status: 'approved' | 'rejected'; by: string; note: string; daysAgo: number };
}

function demoRequests(): DemoRequest[] {
  const packingList = demoPdf([
    'Packing list',
    'Shipper: Shenzhen Bright Electronics Co., Ltd.',
    'Consignee: Nile Star Trading LLC, Cairo',
    '1. USB-C chargers 65 W - 120 cartons - 1,440 pcs',
    '2. Bluetooth earphones - 80 cartons - 4,000 pcs',
    '3. Phone cases, assorted - 60 cartons - 6,000 pcs',
    'Total: 260 cartons, gross weight 6,850 kg, 27.6 CBM',
  ]);
  return [
    {
      customer: 'client@example.com',
      name: 'electronics and accessories',
      service: 'shipping',
      description:
        'Category: electronics and accessories\nContainer type: Full Container Load\nOrigin: China\n' +
        'CBMs required: 28\n\nChargers, earphones and phone cases from our supplier in Shenzhen, ready ' +
        'for pick-up at the factory. Please ship to Alexandria and handle customs clearance.',
      expectedRevenue: 4850,
      daysAgo: 3,
      attachments: [{ filename: 'packing-list.pdf', mimetype: 'application/pdf', data: packingList }],
    },
    {
      customer: 'client@example.com',
      name: 'Request For Quotation',
      service: 'quotation',
      description:
        'Category: furniture and home decor\nContainer type: Groupage\nOrigin: Vietnam\nCBMs required: 12\n\n' +
        'Please quote door-to-door from Ho Chi Minh City to Cairo for rattan chairs and side tables, ' +
        'about 3.2 tonnes, ready in four weeks.',
      expectedRevenue: 1900,
      daysAgo: 16,
      review: {
        status: 'approved',
        by: 'agent@example.com',
        note: 'Rates sent by e-mail; valid 30 days.',
        daysAgo: 15,
      },
    },
    {
      customer: 'client@example.com',
      name: 'Trade Finance',
      service: 'trade_finance',
      description:
        'We would like financing for a 40 ft container of ceramic tiles from India (supplier in Morbi), ' +
        'invoice value USD 38,000, with payment to the supplier before shipment and repayment over 90 days.',
      expectedRevenue: 2600,
      daysAgo: 27,
      review: {
        status: 'rejected',
        by: 'agent@example.com',
        note: 'Please attach the pro-forma invoice and resubmit.',
        daysAgo: 25,
      },
    },
    {
      customer: 'client2@example.com',
      name: 'toys and games',
      service: 'shipping',
      description:
        'Category: toys and games\nContainer type: Housebill\nOrigin: Vietnam\nCBMs required: 6\n\n' +
        'Wooden toys and board games from Hanoi to Guangzhou, 42 cartons, labels in Chinese already applied.',
      expectedRevenue: 1250,
      daysAgo: 5,
    },
    {
      customer: 'client2@example.com',
      name: 'Request For Quotation',
      service: 'quotation',
      description:
        'Category: food and beverages\nContainer type: Full Container Load\nOrigin: India\nCBMs required: 33\n\n' +
        'Reefer rates please for basmati rice and spices, Nhava Sheva to Nansha, monthly from next quarter.',
      expectedRevenue: 3400,
      daysAgo: 20,
      review: {
        status: 'approved',
        by: 'admin@example.com',
        note: 'Quotation QT-2291 sent; reefer space confirmed for the first sailing.',
        daysAgo: 19,
      },
    },
  ];
}

/** The origin named on a description's "Origin: China" line (as the portal's request forms write it). */
export function originNamedIn(description: string): Origin | null {
  const name = /^Origin: (.+)$/m.exec(description)?.[1]?.trim();
  return ORIGINS.find((origin) => ORIGIN_NAMES[origin] === name) ?? null;
}

async function seedRequests(context: SeedContext): Promise<void> {
  const at = (daysAgo: number, hour: number) => {
    const day = new Date(context.now.getTime() - daysAgo * DAY_MS);
    day.setUTCHours(hour, 0, 0, 0);
    // A time of day after now still belongs to the past.
    return day > context.now ? new Date(day.getTime() - DAY_MS) : day;
  };
  for (const request of demoRequests()) {
    const customer = context.users.get(request.customer);
    if (!customer) throw new Error(`Seed data for ${request.customer}`);
    const id = await createShippingRequest(
      context.database,
      {
        partnerId: customer.partnerId,
        emailFrom: request.customer,
        name: request.name,
        service: request.service,
        origin: originNamedIn(request.description),
        // The codes of the lines the portal's forms write (as it sends them beside the lines).
        details: detailCodesIn(request.description),
        description: request.description,
        expectedRevenue: request.expectedRevenue,
        attachments: request.attachments ?? [],
        quiet: true,
      },
      at(request.daysAgo, 9),
    );
    if (!request.review) continue;
    const reviewer = context.users.get(request.review.by);
    if (!reviewer) throw new Error(`Seed data for ${request.review.by}`);
    await reviewShippingRequest(
      context.database,
      {
        id,
        status: request.review.status,
        note: request.review.note,
        reviewerId: reviewer.userId,
        quiet: true,
      },
      at(request.review.daysAgo, 14),
    );
  }
}

/** The customer directory's fields of the demo customers (their contact persons' IDs and birthdays). */
export const demoCustomerProfiles: Record<Exclude<DemoPartnerKey, 'staff'>, CustomerProfile> = {
  nileStar: {
    nationalId: '28703120102345',
    gender: 'female',
    dateOfBirth: '1987-03-12',
    clientType: 'company',
    businessIndustry: 'Consumer electronics',
  },
  jadeHarbor: {
    nationalId: '44010619820915031X',
    gender: 'male',
    dateOfBirth: '1982-09-15',
    clientType: 'company',
    businessIndustry: 'Home furnishings',
  },
};

/** Customers staff added without a portal account, so the directory has more than one page. */
export const demoCustomersWithoutAccount: readonly (NewPartner & { daysAgo: number })[] = [
  {
    name: 'Karim El-Sayed',
    email: 'karim.elsayed@example.com',
    phone: '+20 100 482 7315',
    nationalId: '27911042101372',
    gender: 'male',
    dateOfBirth: '1979-11-04',
    clientType: 'individual',
    businessIndustry: 'Automotive parts',
    street: '27 Al Haram Street',
    city: 'Giza',
    country: 'Egypt',
    daysAgo: 64,
  },
  {
    name: 'Al Noor Pharma Distribution',
    email: 'procurement@alnoor-pharma.example',
    phone: '+20 3 4871 2290',
    nationalId: '28406210201568',
    gender: 'female',
    dateOfBirth: '1984-06-21',
    clientType: 'company',
    businessIndustry: 'Medical supplies',
    street: '112 Fouad Street',
    city: 'Alexandria',
    country: 'Egypt',
    companyName: 'Al Noor Pharma Distribution S.A.E.',
    daysAgo: 58,
  },
  {
    name: 'Desert Rose General Trading',
    email: 'orders@desertrose.example',
    phone: '+971 4 355 8120',
    nationalId: '784-1986-4829153-2',
    gender: 'female',
    dateOfBirth: '1986-05-09',
    clientType: 'company',
    businessIndustry: 'Cosmetics and personal care',
    street: 'Al Ras, Deira, Office 304',
    city: 'Dubai',
    country: 'United Arab Emirates',
    companyName: 'Desert Rose General Trading LLC',
    daysAgo: 51,
  },
  {
    name: 'Fatima Al Mazrouei',
    email: 'fatima.mazrouei@example.com',
    phone: '+971 50 614 2275',
    nationalId: '784-1990-3378412-6',
    gender: 'female',
    dateOfBirth: '1990-02-14',
    clientType: 'individual',
    businessIndustry: 'Jewelry and accessories',
    street: 'Al Khalidiyah, Street 32, Villa 7',
    city: 'Abu Dhabi',
    country: 'United Arab Emirates',
    daysAgo: 47,
  },
  {
    name: 'Ningbo Seaview Hardware',
    email: 'export@seaview-hardware.example',
    phone: '+86 574 8765 3021',
    nationalId: '330203197508220417',
    gender: 'male',
    dateOfBirth: '1975-08-22',
    clientType: 'company',
    businessIndustry: 'Building and construction material',
    street: '456 Zhongshan East Road',
    city: 'Ningbo',
    country: 'China',
    companyName: 'Ningbo Seaview Hardware Co., Ltd.',
    daysAgo: 40,
  },
  {
    name: 'Li Mei',
    email: 'li.mei@example.com',
    phone: '+86 138 1762 4490',
    nationalId: '310104199103070621',
    gender: 'female',
    dateOfBirth: '1991-03-07',
    clientType: 'individual',
    businessIndustry: "Children's fashion",
    street: '318 Caoxi North Road',
    city: 'Shanghai',
    country: 'China',
    daysAgo: 36,
  },
  {
    name: 'Saigon Lotus Furniture',
    email: 'sales@saigonlotus.example',
    phone: '+84 28 3824 6617',
    nationalId: '079085001234',
    gender: 'male',
    dateOfBirth: '1985-10-18',
    clientType: 'company',
    businessIndustry: 'Furniture and home decor',
    street: '75 Nguyen Hue Boulevard, District 1',
    city: 'Ho Chi Minh City',
    country: 'Vietnam',
    companyName: 'Saigon Lotus Furniture JSC',
    daysAgo: 31,
  },
  {
    name: 'Tran Thi Thu Ha',
    email: 'thuha.tran@example.com',
    phone: '+84 912 338 406',
    nationalId: '001192004567',
    gender: 'female',
    dateOfBirth: '1992-07-25',
    clientType: 'individual',
    businessIndustry: 'Coffee and tea',
    street: '18 Hang Bai Street, Hoan Kiem',
    city: 'Hanoi',
    country: 'Vietnam',
    daysAgo: 24,
  },
  {
    name: 'Mumbai Spice Exports',
    email: 'trade@mumbaispice.example',
    phone: '+91 22 2261 7734',
    nationalId: '4821 7730 1956',
    gender: 'male',
    dateOfBirth: '1981-12-02',
    clientType: 'company',
    businessIndustry: 'Agricultural products',
    street: 'Plot 14, APMC Market, Vashi',
    city: 'Navi Mumbai',
    country: 'India',
    companyName: 'Mumbai Spice Exports Pvt. Ltd.',
    daysAgo: 18,
  },
  {
    name: 'Priya Raghavan',
    email: 'priya.raghavan@example.com',
    phone: '+91 98450 21763',
    nationalId: '6013 2259 8471',
    gender: 'female',
    dateOfBirth: '1993-04-11',
    clientType: 'individual',
    businessIndustry: 'Stationery and office supplies',
    street: '42 100 Feet Road, Indiranagar',
    city: 'Bengaluru',
    country: 'India',
    daysAgo: 12,
  },
  {
    name: 'Savannah Fresh Exports',
    email: 'logistics@savannahfresh.example',
    phone: '+254 20 445 9120',
    nationalId: '28451907',
    gender: 'male',
    dateOfBirth: '1988-01-30',
    clientType: 'company',
    businessIndustry: 'Horticulture and fresh produce',
    street: 'Mombasa Road, Godown 9',
    city: 'Nairobi',
    country: 'Kenya',
    companyName: 'Savannah Fresh Exports Ltd',
    daysAgo: 7,
  },
  {
    name: 'Wanjiru Kamau',
    email: 'wanjiru.kamau@example.com',
    phone: '+254 722 318 604',
    nationalId: '33718264',
    gender: 'female',
    dateOfBirth: '1995-09-03',
    clientType: 'individual',
    businessIndustry: 'Sports and fitness equipment',
    street: 'Moi Avenue, Biashara Building, 2nd floor',
    city: 'Mombasa',
    country: 'Kenya',
    daysAgo: 2,
  },
];

async function seedCustomers(context: SeedContext): Promise<void> {
  for (const [key, profile] of Object.entries(demoCustomerProfiles) as [DemoPartnerKey, CustomerProfile][]) {
    const partnerId = context.partners.get(key);
    if (partnerId === undefined) throw new Error(`Seed data for ${key}`);
    await context.database
      .updateTable('partners')
      .set({
        national_id: profile.nationalId ?? null,
        gender: profile.gender ?? null,
        date_of_birth: profile.dateOfBirth ?? null,
        client_type: profile.clientType ?? null,
        business_industry: profile.businessIndustry ?? null,
      })
      .where('id', '=', partnerId)
      .execute();
  }
  for (const { daysAgo, ...customer } of demoCustomersWithoutAccount) {
    await insertPartner(context.database, customer, new Date(context.now.getTime() - daysAgo * DAY_MS));
  }
}

/**
 * Rates for a few lanes, valid from a month before the seeding day for a year, so that a quotation
 * request on them is priced at once (others wait for staff's quote).
 */
export const demoRates: readonly Omit<RateValues, 'validFrom' | 'validTo'>[] = [
  {
    origin: 'vietnam',
    destination: 'port_said',
    containerType: 'groupage',
    price: 78,
    minimum: 350,
    currency: 'USD',
  },
  {
    origin: 'vietnam',
    destination: 'port_said',
    containerType: 'housebill',
    price: 92,
    minimum: 250,
    currency: 'USD',
  },
  {
    origin: 'china',
    destination: 'port_said',
    containerType: 'groupage',
    price: 88,
    minimum: 400,
    currency: 'USD',
  },
  {
    origin: 'india',
    destination: 'jebel_ali',
    containerType: 'full_container_load',
    price: 1850,
    minimum: 0,
    currency: 'USD',
  },
  {
    origin: 'china',
    destination: 'nansha',
    containerType: 'full_container_load',
    price: 1400,
    minimum: 0,
    currency: 'USD',
  },
];

async function seedRates(context: SeedContext): Promise<void> {
  const day = dayOf(context.now);
  for (const rate of demoRates) {
    const saved = await saveRate(
      context.database,
      { ...rate, validFrom: addDays(day, -30), validTo: addDays(day, 335) },
      context.now,
    );
    if (saved === 'overlaps' || saved === 'not_found')
      throw new Error(`Seed rate ${rate.origin}-${rate.destination}`);
  }
}

/** Whether the database has any user (the demo data is for an empty one). */
async function hasUsers(db: Database): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The demo data, in order. Later demo data (orders, loans, invoices) is a step appended here. It only
 * runs on a database with no users: data an existing database must gain belongs in a migration.
 */
export const seedSteps: SeedStep[] = [
  seedAccounts,
  seedRequests,
  seedCustomers,
  seedSuppliers,
  seedDrivers,
  seedContainers,
  // Loans before orders: financed orders point at them.
  seedLoans,
  seedOrders,
  // Invoices after orders: an order's invoice takes its invoice status and total.
  seedInvoices,
  seedRates,
];

/**
 * Fills an empty database with the demo data, all of it or nothing; returns false (touching nothing)
 * if it has users.
 */
export async function seedDemoData(
  database: Database,
  now: Date,
  steps: readonly SeedStep[] = seedSteps,
): Promise<boolean> {
  if (await hasUsers(database)) return false;
  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));
  return database.transaction().execute(async (trx) => {
    // Back offices starting together on one database seed it in turn: the second finds the first's.
    await lockKey(trx, 'demo-data');
    // Another process may have seeded while the passwords were hashed.
    if (await hasUsers(trx)) return false;
    const context: SeedContext = {
      database: trx,
      now,
      partners: new Map(),
      users: new Map(),
      passwordHashes: new Map(demoAccounts.map((account, index) => [account.email, hashes[index] ?? ''])),
    };
    for (const step of steps) await step(context);
    return true;
  });
}
