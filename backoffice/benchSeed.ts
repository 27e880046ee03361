/**
 * Data for `npm run bench`: three extra customers with 100, 1 000 and 10 000 shipping orders and as
 * many loans (bench-100@example.com, bench-1000@…, bench-10000@…, password demo1234), added to a
 * fresh reference database after the demo data. Run: `tsx backoffice/benchSeed.ts <DATA_DIR>` (with
 * `DATABASE_URL` set, into that PostgreSQL database).
 */
import { CATEGORIES, CONTAINER_TYPES, ORIGINS } from '../app/catalog';
import { ORDER_STATUSES } from '@contract';
import { openStore, type Database } from './data/database';
import { insertLoan } from './loans';
import { insertShippingOrder } from './orders';
import { hashPassword } from './passwords';
import { seedDemoData } from './seed';
import { readBackofficeSettings } from './settings';
import { insertAccount } from './users';

export const BENCH_SIZES = [100, 1_000, 10_000] as const;
export const benchEmail = (size: number) => `bench-${size}@example.com`;

const LOAN_STATES = ['requested', 'approved', 'denied', 'repaid'] as const;

export async function seedBenchData(database: Database, now: Date): Promise<void> {
  const passwordHash = await hashPassword('demo1234');
  for (const size of BENCH_SIZES) {
    const { partnerId } = await insertAccount(
      database,
      {
        email: benchEmail(size),
        passwordHash,
        firstName: 'Bench',
        lastName: String(size),
        roles: ['client'],
        partner: { name: `Bench Customer ${size}`, email: benchEmail(size) },
      },
      now,
    );
    await database.transaction().execute(async (trx) => {
      for (let index = 0; index < size; index += 1) {
        const created = new Date(now.getTime() - (size - index) * 60_000);
        await insertShippingOrder(
          trx,
          {
            partnerId,
            requestId: null,
            status: ORDER_STATUSES[index % ORDER_STATUSES.length]!,
            category: CATEGORIES[index % CATEGORIES.length]!,
            containerType: CONTAINER_TYPES[index % CONTAINER_TYPES.length]!,
            cbm: 1 + (index % 40),
            origin: ORIGINS[index % ORIGINS.length]!,
            supplierId: null,
            shippingMark: `BENCH-${index}`,
            invoiceStatus: 'not_invoiced',
            totalInvoiceCents: 100_000 + index,
            loanId: null,
            containerId: null,
            expectedArrival: null,
          },
          created,
        );
        await insertLoan(
          trx,
          {
            partnerId,
            requestId: null,
            state: LOAN_STATES[index % LOAN_STATES.length]!,
            principalCents: 1_000_000 + index * 100,
            currency: 'USD',
            interestRate: 10,
            termMonths: 12,
            issueDate: null,
            staffNote: null,
            decidedBy: null,
            decidedAt: null,
          },
          created,
        );
      }
    });
  }
}

if (process.argv[1]?.endsWith('benchSeed.ts')) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('Usage: tsx backoffice/benchSeed.ts <DATA_DIR>');
  const settings = readBackofficeSettings();
  if (!settings.ok) throw new Error(settings.problems.join(' '));
  const store = await openStore({ dataDir, databaseUrl: settings.settings.DATABASE_URL });
  const now = new Date();
  await seedDemoData(store.database, now);
  await seedBenchData(store.database, now);
  await store.close();
  console.info(`[bench] seeded ${BENCH_SIZES.join(', ')} orders and loans into ${dataDir}`);
}
