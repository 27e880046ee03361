// The portal's settings (README "Settings"): every environment variable the portal, its server and its
// start script read is declared, checked and given its default here, once, before anything starts.
// Plain JavaScript, so that server.js and scripts/start.mjs use it as they are; the Remix app reads it
// through app/services/env.server.ts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** An unset or blank variable takes the default: `PORT=` in a shell means "not set". */
const unsetWhenBlank = (/** @type {unknown} */ value) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** @type {WeakMap<z.ZodTypeAny, { expected: string; secret: boolean }>} */
const expectations = new WeakMap();

/**
 * A setting: its schema and what it must be, said in the message that refuses a bad value.
 * @template {z.ZodTypeAny} T
 * @param {T} schema
 * @param {string} expected
 * @param {{ secret?: boolean }} [options] secret: the refusal never repeats the value.
 */
function setting(schema, expected, { secret = false } = {}) {
  const checked = z.preprocess(unsetWhenBlank, schema);
  expectations.set(checked, { expected, secret });
  return checked;
}

/** @param {string[]} protocols */
const urlWith = (protocols) =>
  z.string().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol));
const httpUrl = urlWith(['http:', 'https:']);
const whole = (/** @type {number} */ min, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max);

/** A name shown in titles, mail subjects and headers: one line, no control characters. */
const companyName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^\P{Cc}+$/u)
  .default('Harbour Freight');

export const LOG_LEVELS = /** @type {const} */ ([
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]);

export const portalSettingsSchema = z.object({
  NODE_ENV: setting(
    z.enum(['production', 'development', 'test']).default('development'),
    'one of production, development, test',
  ),
  PORT: setting(whole(1, 65535).default(3000), 'a port number (1 to 65535)'),
  HOST: setting(z.string().default('127.0.0.1'), 'an address to listen on'),
  /** Unset: the reference back office on 127.0.0.1:8069, which `npm start` starts. */
  BACKOFFICE_URL: setting(httpUrl.optional(), 'an http:// or https:// URL'),
  SESSION_SECRET: setting(z.string().trim().min(32).optional(), 'at least 32 characters', {
    secret: true,
  }),
  DATA_DIR: setting(z.string().default('./data'), 'a directory'),
  /** How many proxies stand in front, or their addresses (security.js reads it). */
  TRUST_PROXY: setting(z.string().optional(), 'a number of proxies or their addresses'),
  /** Unset: one per core (server/cluster.js). */
  WEB_CONCURRENCY: setting(whole(1, 1024).optional(), 'a number of processes (1 or more)'),
  SHUTDOWN_GRACE_MS: setting(whole(0).default(25_000), 'a number of milliseconds'),
  CONNECTIONS_PER_ADDRESS: setting(whole(0).default(64), 'a number of connections (0: no limit)'),
  CHROME_PATH: setting(z.string().default('/usr/bin/chromium'), 'the path of a Chromium executable'),
  /** Where Chromium, rendering a document, may load the portal's styles and fonts (loopback). */
  PORTAL_INTERNAL_URL: setting(httpUrl.optional(), 'an http:// or https:// URL'),
  RENDER_TIMEOUT_MS: setting(whole(1).default(20_000), 'a number of milliseconds'),
  RENDER_CONCURRENCY: setting(whole(1).optional(), 'a number of documents (1 or more)'),
  /** Writes (the spec's 60 s). */
  BACKOFFICE_TIMEOUT_MS: setting(whole(1).default(60_000), 'a number of milliseconds'),
  /** Reads: a hung back office answers every page within this, not the writes' minute. */
  BACKOFFICE_READ_TIMEOUT_MS: setting(whole(1).default(10_000), 'a number of milliseconds'),
  /** The largest data answer the portal reads from the back office (file answers: see the client). */
  BACKOFFICE_MAX_ANSWER_BYTES: setting(whole(1).default(16 * 1024 * 1024), 'a number of bytes'),
  /** Registrations one client address may send in an hour (each may mail someone); throttle.server.ts. */
  REGISTRATIONS_PER_HOUR: setting(whole(1).default(10), 'a number of registrations (1 or more)'),
  ANALYTICS_SCRIPT_URL: setting(httpUrl.optional(), 'an http:// or https:// URL'),
  /**
   * The company the product is named by (ADR 060): the screens' brand and titles, the legal pages, the
   * documents; the back office reads the same variable for its mails and the two-step issuer.
   */
  COMPANY_NAME: setting(companyName, 'a company name of 1 to 80 characters, on one line'),
  /** The demo modules (sample content: blog, chats, shop, …): `off` removes their routes and links. */
  DEMO_MODULES: setting(z.enum(['on', 'off']).default('on'), 'on or off'),
  /** Unset: info; in the unit tests (NODE_ENV=test), warn (server/logger.js). */
  LOG_LEVEL: setting(z.enum(LOG_LEVELS).optional(), `one of ${LOG_LEVELS.join(', ')}`),
});

/** @typedef {z.infer<typeof portalSettingsSchema>} PortalSettings */

/**
 * The values the browser may see, and only these: the root loader hands them to every page (public).
 * A secret or an internal address added here would reach every visitor.
 */
export const BROWSER_SETTINGS = /** @type {const} */ (['ANALYTICS_SCRIPT_URL', 'COMPANY_NAME']);

/** The value as a refusal may repeat it: never a secret, never a URL's password. */
function shown(/** @type {unknown} */ value, /** @type {boolean} */ secret) {
  const text = String(value);
  if (secret) return `a value of ${text.length} characters`;
  try {
    const url = new URL(text);
    if (url.password) url.password = '***';
    return JSON.stringify(url.password ? url.href : text);
  } catch {
    return JSON.stringify(text);
  }
}

/**
 * Reads and checks `env` against a settings schema: the settings, or one clear line per bad value
 * ("PORT must be a port number (1 to 65535), got "abc"").
 * @template {z.AnyZodObject} S
 * @param {S} schema
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true; settings: z.infer<S> } | { ok: false; problems: string[] }}
 */
export function checkSettings(schema, env) {
  const parsed = schema.safeParse(env);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  const problems = names.map((name) => {
    const { expected = 'valid', secret = false } = expectations.get(schema.shape[name]) ?? {};
    return `${name} must be ${expected}, got ${shown(env[name], secret)}.`;
  });
  return { ok: false, problems };
}

/**
 * Why the portal must not start with these settings, or null. Without SESSION_SECRET the portal makes
 * one and keeps it in DATA_DIR, which every portal process of the machine reads (shareSessionSecret);
 * several machines need SESSION_SECRET, the same on each (README), which no process can check.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function sessionSecretProblem(env) {
  const secret = env.SESSION_SECRET?.trim();
  if (secret !== undefined && secret !== '' && secret.length < 32) {
    return 'SESSION_SECRET is too short: use at least 32 characters (for example `openssl rand -base64 48`).';
  }
  return null;
}

/** The file in DATA_DIR holding the secret made when SESSION_SECRET is not set (app/services/env.server.ts). */
export const SESSION_SECRET_FILE = 'session-secret';

/**
 * Before several portal processes start without SESSION_SECRET: makes the secret they will all read
 * from DATA_DIR, once, unless it is there already (each process making its own at its first request
 * could race, and their cookies would not pass from one to the other). Returns why they must not
 * start, or null: the secret cannot be kept in DATA_DIR, so each would sign with one of its own.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function shareSessionSecret(env) {
  if (env.SESSION_SECRET?.trim()) return null;
  const file = path.resolve(env.DATA_DIR || './data', SESSION_SECRET_FILE);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // 'wx': a secret already kept is never replaced (signed-in users would be signed out).
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') {
      return (
        `SESSION_SECRET is not set, and the secret the portal processes would share cannot be kept in ` +
        `${file} (${/** @type {Error} */ (error).message}). Set SESSION_SECRET (at least 32 characters, ` +
        'the same for every process and machine), or a DATA_DIR the portal may write, and start again.'
      );
    }
  }
  return null;
}

/**
 * The portal's settings, or every reason they are refused. The process's environment unless given:
 * the one place the portal reads it.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ ok: true; settings: PortalSettings } | { ok: false; problems: string[] }}
 */
export function readPortalSettings(env = process.env) {
  return checkSettings(portalSettingsSchema, env);
}

/**
 * For a process's start: the settings, or the reasons on stderr and exit code 1 (nothing has started).
 * @template T
 * @param {{ ok: true; settings: T } | { ok: false; problems: string[] }} checked
 * @param {string} who what refuses to start ("portal", "back office")
 * @returns {T}
 */
export function settingsOrExit(checked, who) {
  if (checked.ok) return checked.settings;
  process.stderr.write(
    `The ${who} cannot start, its settings are wrong (README "Settings"):\n` +
      checked.problems.map((problem) => `  - ${problem}\n`).join(''),
  );
  process.exit(1);
}
