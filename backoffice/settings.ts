// The reference back office's settings (README "Settings"): every environment variable it reads is
// declared, checked and given its default here, once, before it starts.
import path from 'node:path';
import { z } from 'zod';

/** An unset or blank variable takes the default: `BACKOFFICE_PORT=` in a shell means "not set". */
const unsetWhenBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** What each setting must be, said in the message that refuses a bad value; a secret is never repeated. */
const expectations = new WeakMap<z.ZodTypeAny, { expected: string; secret: boolean }>();

function setting<T extends z.ZodTypeAny>(schema: T, expected: string, { secret = false } = {}) {
  const checked = z.preprocess(unsetWhenBlank, schema);
  expectations.set(checked, { expected, secret });
  return checked;
}

const urlWith = (protocols: string[]) =>
  z.string().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol));

/** The company's name when COMPANY_NAME is unset (the portal's default is the same: server/settings.js). */
export const DEFAULT_COMPANY_NAME = 'Harbour Freight';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const backofficeSettingsSchema = z.object({
  DATA_DIR: setting(
    z
      .string()
      .default('./data')
      .transform((dir) => path.resolve(dir)),
    'a directory',
  ),
  BACKOFFICE_PORT: setting(z.coerce.number().int().min(0).max(65535).default(8069), 'a port number'),
  /** Base of the links in the mails (password reset). */
  PORTAL_URL: setting(
    urlWith(['http:', 'https:']).default('http://127.0.0.1:3000'),
    'an http:// or https:// URL',
  ),
  SMTP_URL: setting(urlWith(['smtp:', 'smtps:']).optional(), 'an smtp:// or smtps:// URL', { secret: true }),
  MAIL_FROM: setting(z.string().optional(), 'a sender address'),
  /** The company the mails and the two-step issuer name: the portal reads the same variable (ADR 060). */
  COMPANY_NAME: setting(
    z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^\P{Cc}+$/u)
      .default(DEFAULT_COMPANY_NAME),
    'a company name of 1 to 80 characters, on one line',
  ),
  /** 32 bytes in base64, sealing two-step secrets at rest; unset: `secret.key` in DATA_DIR. */
  BACKOFFICE_SECRET_KEY: setting(
    z
      .string()
      .trim()
      .refine((key) => Buffer.from(key, 'base64').length === 32)
      .optional(),
    '32 bytes in base64 (for example `openssl rand -base64 32`)',
    { secret: true },
  ),
  BACKOFFICE_STORAGE_QUOTA_MB: setting(
    z.coerce.number().min(0).finite().default(200),
    'a number of megabytes',
  ),
  /** Unset: the embedded SQLite file in DATA_DIR. */
  DATABASE_URL: setting(
    urlWith(['postgres:', 'postgresql:']).optional(),
    'a postgres:// or postgresql:// URL',
    {
      secret: true,
    },
  ),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS).default('info'), `one of ${LOG_LEVELS.join(', ')}`),
});

export type BackofficeSettings = z.infer<typeof backofficeSettingsSchema>;

/** The value as a refusal may repeat it: a secret by its length only (a URL may hold a password). */
function shown(value: unknown, secret: boolean): string {
  const text = String(value);
  if (!secret) return JSON.stringify(text);
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0];
  return scheme ? `a ${scheme}… value` : `a value of ${text.length} characters`;
}

/**
 * The back office's settings, or one clear line per bad value ("BACKOFFICE_PORT must be a port
 * number, got "abc"). The process's environment unless given: the one place the back office reads it.
 */
export function readBackofficeSettings(
  env: Record<string, string | undefined> = process.env,
): { ok: true; settings: BackofficeSettings } | { ok: false; problems: string[] } {
  const parsed = backofficeSettingsSchema.safeParse(env);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  return {
    ok: false,
    problems: names.map((name) => {
      const field = backofficeSettingsSchema.shape[name as keyof BackofficeSettings];
      const { expected = 'valid', secret = false } = expectations.get(field) ?? {};
      return `${name} must be ${expected}, got ${shown(env[name], secret)}.`;
    }),
  };
}
