import path from 'node:path';
import { startBackoffice } from './server';

function portFromEnv(value: string | undefined): number {
  const port = Number(value ?? 8069);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[backoffice] BACKOFFICE_PORT must be a port number, not "${value}"`);
    process.exit(1);
  }
  return port;
}

/** Megabytes (MiB) of attachments per customer; unset: the default of 200. */
function quotaFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb < 0) {
    console.error(`[backoffice] BACKOFFICE_STORAGE_QUOTA_MB must be a number of megabytes, not "${value}"`);
    process.exit(1);
  }
  return Math.floor(mb * 1024 * 1024);
}

const backoffice = await startBackoffice({
  dataDir: path.resolve(process.env.DATA_DIR || './data'),
  port: portFromEnv(process.env.BACKOFFICE_PORT),
  portalUrl: process.env.PORTAL_URL || 'http://127.0.0.1:3000',
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  log: true,
  logRequests: process.env.BACKOFFICE_LOG_REQUESTS === '1',
  secretKey: process.env.BACKOFFICE_SECRET_KEY || undefined,
  storageQuotaBytes: quotaFromEnv(process.env.BACKOFFICE_STORAGE_QUOTA_MB),
});
console.info(`back office listening on ${backoffice.url}`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Connections still busy after a few seconds must not keep the process alive.
  setTimeout(() => process.exit(1), 5000).unref();
  backoffice.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[backoffice] error while stopping:', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
