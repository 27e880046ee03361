// The reference back office as a process: its settings checked (settings.ts), then the server.
import { createBackofficeLog, setBackofficeLog, backofficeLog } from './log';
import { readBackofficeSettings } from './settings';

const checked = readBackofficeSettings();
if (!checked.ok) {
  // Said to the person starting it, before anything runs: what is wrong and what it must be.
  process.stderr.write(
    'The back office cannot start, its settings are wrong (README "Settings"):\n' +
      checked.problems.map((problem) => `  - ${problem}\n`).join(''),
  );
  process.exit(1);
}
const settings = checked.settings;
setBackofficeLog(createBackofficeLog(settings.LOG_LEVEL));
const log = backofficeLog();

// Loaded once the settings are known good: a refusal comes before the database layer is even read.
const { startBackoffice } = await import('./server');
const backoffice = await startBackoffice({
  dataDir: settings.DATA_DIR,
  port: settings.BACKOFFICE_PORT,
  portalUrl: settings.PORTAL_URL,
  smtpUrl: settings.SMTP_URL,
  mailFrom: settings.MAIL_FROM,
  companyName: settings.COMPANY_NAME,
  databaseUrl: settings.DATABASE_URL,
  log: true,
  // One line per request at level info (LOG_LEVEL=warn leaves them out).
  logRequests: true,
  secretKey: settings.BACKOFFICE_SECRET_KEY,
  storageQuotaBytes: Math.floor(settings.BACKOFFICE_STORAGE_QUOTA_MB * 1024 * 1024),
});
log.info(`back office listening on ${backoffice.url}`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Connections still busy after a few seconds must not keep the process alive.
  setTimeout(() => process.exit(1), 5000).unref();
  backoffice.close().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
