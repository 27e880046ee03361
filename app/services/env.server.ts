// The portal's settings for the Remix app: the one schema of server/settings.js (README "Settings"),
// read once; plus the secret generated into DATA_DIR when SESSION_SECRET is unset.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BROWSER_SETTINGS, readPortalSettings, type PortalSettings } from '../../server/settings.js';
import { logger } from '../../server/logger.js';

export type Env = PortalSettings & { BACKOFFICE_URL: string; SESSION_SECRET: string };

/** The back office `npm start` runs beside the portal when BACKOFFICE_URL is unset. */
const REFERENCE_BACKOFFICE_URL = 'http://127.0.0.1:8069';

/** Reads SESSION_SECRET, or the one generated earlier into DATA_DIR, or generates and keeps one. */
function sessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  logger.warn(
    { file },
    'SESSION_SECRET is not set: generated one into DATA_DIR. Set SESSION_SECRET when running several copies.',
  );
  return secret;
}

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const checked = readPortalSettings();
  if (!checked.ok) throw new Error(`Invalid settings: ${checked.problems.join(' ')}`);
  const settings = checked.settings;
  cached = {
    ...settings,
    BACKOFFICE_URL: settings.BACKOFFICE_URL ?? REFERENCE_BACKOFFICE_URL,
    SESSION_SECRET: sessionSecret(settings.DATA_DIR, settings.SESSION_SECRET),
  };
  return cached;
}

export type BrowserSettings = Pick<Env, (typeof BROWSER_SETTINGS)[number]>;

/** The only settings a page may carry to the browser (server/settings.js `BROWSER_SETTINGS`). */
export function browserSettings(): BrowserSettings {
  const settings = env();
  return Object.fromEntries(BROWSER_SETTINGS.map((name) => [name, settings[name]])) as BrowserSettings;
}
