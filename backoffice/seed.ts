import type { RoleName } from '../app/services/backoffice/contract';
import type { Db } from './db';
import { hashPassword } from './passwords';
import { countUsers, createAccount, createPartner, type NewPartner } from './users';

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
  db: Db;
  now: Date;
  partners: Map<DemoPartnerKey, number>;
  /** user id and partner id by demo e-mail */
  users: Map<string, { userId: number; partnerId: number }>;
  /** precomputed, since a step runs inside a synchronous transaction */
  passwordHashes: Map<string, string>;
}

export type SeedStep = (context: SeedContext) => void;

function seedAccounts(context: SeedContext): void {
  for (const [key, partner] of Object.entries(demoPartners) as [DemoPartnerKey, NewPartner][]) {
    context.partners.set(key, createPartner(context.db, partner, context.now));
  }
  for (const account of demoAccounts) {
    const partnerId = context.partners.get(account.partner);
    const passwordHash = context.passwordHashes.get(account.email);
    if (partnerId === undefined || passwordHash === undefined)
      throw new Error(`Seed data for ${account.email}`);
    const created = createAccount(
      context.db,
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

/**
 * The demo data, in order. Later demo data (orders, loans, invoices) is a step appended here. It only
 * runs on a database with no users: data an existing database must gain belongs in a migration.
 */
export const seedSteps: SeedStep[] = [seedAccounts];

/** Fills an empty database with the demo data; returns false (touching nothing) if it has users. */
export async function seedDemoData(
  db: Db,
  now: Date,
  steps: readonly SeedStep[] = seedSteps,
): Promise<boolean> {
  if (countUsers(db) > 0) return false;
  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));
  const context: SeedContext = {
    db,
    now,
    partners: new Map(),
    users: new Map(),
    passwordHashes: new Map(demoAccounts.map((account, index) => [account.email, hashes[index] ?? ''])),
  };
  return db
    .transaction(() => {
      // Another process may have seeded while the passwords were hashed.
      if (countUsers(db) > 0) return false;
      for (const step of steps) step(context);
      return true;
    })
    .immediate();
}
