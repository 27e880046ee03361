import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { App } from './app';
import { openStore, type Database } from './data/database';
import { createRouter, type CallHandlers, type RouterOptions } from './http';
import { idempotencyStore } from './idempotency';
import { createMailer, defaultSender } from './mail';
import { startMailQueue } from './mailQueue';
import { startScheduler } from './reminders';
import { authHandlers } from './routes/auth';
import { contactHandlers } from './routes/contacts';
import { customerHandlers } from './routes/customers';
import { fleetHandlers } from './routes/fleet';
import { healthHandlers } from './routes/health';
import { sharedStateHandlers } from './routes/sharedState';
import { invoiceHandlers } from './routes/invoices';
import { loanHandlers } from './routes/loans';
import { quoteHandlers } from './routes/quotes';
import { rateHandlers } from './routes/rates';
import { orderHandlers } from './routes/orders';
import { containerHandlers } from './routes/containers';
import { historyHandlers } from './routes/history';
import { notificationHandlers } from './routes/notifications';
import { conversationHandlers } from './routes/conversations';
import { pictureHandlers } from './routes/pictures';
import { profileHandlers } from './routes/profile';
import { twoFactorHandlers } from './routes/twoFactor';
import { requestHandlers } from './routes/requests';
import { shareHandlers } from './routes/shares';
import { userHandlers } from './routes/users';
import { warehouseHandlers } from './routes/warehouse';
import { seedDemoData } from './seed';
import { DEFAULT_COMPANY_NAME } from './settings';
import { createSealer, sealingKey } from './sealing';
import { sealStoredSecrets } from './twoFactor';
import { findSession } from './sessions';
import { backofficeLog } from './log';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;

export interface BackofficeOptions {
  dataDir: string;
  /** 0 picks any free port. */
  port?: number;
  host?: string;
  portalUrl?: string;
  smtpUrl?: string;
  /** Unset: the company's name at no-reply@example.com. */
  mailFrom?: string;
  /** The company the mails and the two-step issuer name (`COMPANY_NAME`, default Harbour Freight). */
  companyName?: string;
  /** `postgres://…`: keep the data in PostgreSQL instead of the SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** Startup and seeding messages on stdout. */
  log?: boolean;
  /** One line per request on stdout. */
  logRequests?: boolean;
  /** Body limit of calls whose contract sets none (1 MB). */
  bodyLimit?: number;
  /** Replaces the contract's body limit of these calls (tests use small ones). */
  bodyLimits?: RouterOptions['bodyLimits'];
  now?: () => Date;
  /** Bytes of attachments each customer may keep (`BACKOFFICE_STORAGE_QUOTA_MB`, default 200 MB). */
  storageQuotaBytes?: number;
  /** 32 bytes in base64 (`BACKOFFICE_SECRET_KEY`); without it, `secret.key` in the data directory. */
  secretKey?: string;
  /** How often the mail queue sends what is due (2 s). */
  mailIntervalMs?: number;
  /** How often reminders are swept and digests made (15 minutes). */
  schedulerIntervalMs?: number;
}

export interface Backoffice {
  url: string;
  port: number;
  database: Database;
  close(): Promise<void>;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** How long a stop waits for connections still busy before cutting them. */
const CLOSE_GRACE_MS = 5000;

export async function startBackoffice(options: BackofficeOptions): Promise<Backoffice> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  // The data directory holds the sealing key and the mail outbox on either engine (and the SQLite file).
  mkdirSync(options.dataDir, { recursive: true });
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const { database } = store;
  const sealer = createSealer(sealingKey(options.dataDir, options.secretKey));
  let mailer: App['mailer'] | undefined;
  try {
    await sealStoredSecrets(database, sealer);
    if ((await seedDemoData(database, now())) && options.log) {
      backofficeLog().info('first start: demo accounts created (password demo1234)');
    }
    const companyName = options.companyName ?? DEFAULT_COMPANY_NAME;
    mailer = await createMailer({
      outboxDir: path.join(options.dataDir, 'outbox'),
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? defaultSender(companyName),
      now,
    });
    const app: App = {
      database,
      mailer,
      now,
      portalUrl: (options.portalUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
      companyName,
      version: readVersion(),
      storageQuotaBytes: options.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES,
      sealer,
    };
    const handlers: CallHandlers = {
      ...authHandlers(app),
      ...userHandlers(app),
      ...contactHandlers(app),
      ...customerHandlers(app),
      ...requestHandlers(app),
      ...orderHandlers(app),
      ...containerHandlers(app),
      ...historyHandlers(app),
      ...notificationHandlers(app),
      ...conversationHandlers(app),
      ...fleetHandlers(app),
      ...loanHandlers(app),
      ...quoteHandlers(app),
      ...rateHandlers(app),
      ...invoiceHandlers(app),
      ...shareHandlers(app),
      ...warehouseHandlers(app),
      ...profileHandlers(app),
      ...pictureHandlers(app),
      ...twoFactorHandlers(app),
      ...healthHandlers(app),
      ...sharedStateHandlers(app),
    };
    const router = createRouter(handlers, {
      resolveSession: (token) => findSession(database, token, now()),
      database,
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      bodyLimits: options.bodyLimits,
      idempotency: idempotencyStore(database, now),
      log: options.logRequests ?? false,
    });

    const server = createServer((request, response) => void router(request, response));
    // Idle connections stay open longer than clients keep them for reuse, so a client never sends on a
    // socket the server has just closed (ECONNRESET).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8069, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    // Mails are sent from the queue the notifications fill (ADR 058), reminders and digests on a clock.
    const mailQueue = startMailQueue(app, options.mailIntervalMs ?? 2000);
    const scheduler = startScheduler(app, options.schedulerIntervalMs ?? 15 * 60_000);

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          // A connection still busy after the grace (a client still sending a refused body) is cut.
          setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        });
        await scheduler.stop();
        await mailQueue.stop();
        await mailer?.close();
        await store.close();
      })();
      return closing;
    };
    return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, database, close };
  } catch (error) {
    await mailer?.close();
    await store.close();
    throw error;
  }
}
