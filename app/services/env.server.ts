// The portal's settings, read once from the environment and checked (README "Settings").
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  BACKOFFICE_URL: z.string().url().default('http://127.0.0.1:8069'),
  SESSION_SECRET: z.string().min(32).optional(),
  DATA_DIR: z.string().default('./data'),
  CHROME_PATH: z.string().default('/usr/bin/chromium'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Where Chromium, rendering a document, may load the portal's styles and fonts (loopback). */
  PORTAL_INTERNAL_URL: z.string().url().optional(),
  RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  RENDER_CONCURRENCY: z.coerce.number().int().positive().optional(),
  ANALYTICS_SCRIPT_URL: z.string().url().optional(),
  /** Writes (the spec's 60 s). */
  BACKOFFICE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Reads: a hung back office answers every page within this, not the writes' minute. */
  BACKOFFICE_READ_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The largest data answer the portal reads from the back office (file answers: see the client). */
  BACKOFFICE_MAX_ANSWER_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** Registrations one client address may send in an hour (each may mail someone); see throttle.server.ts. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
});

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string };

/** Reads SESSION_SECRET, or the one generated earlier into DATA_DIR, or generates and keeps one. */
function sessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  console.warn(
    `SESSION_SECRET is not set: generated one into ${file}. Set SESSION_SECRET when running several copies.`,
  );
  return secret;
}

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid settings: ${problems}`);
  }
  cached = {
    ...parsed.data,
    SESSION_SECRET: sessionSecret(parsed.data.DATA_DIR, parsed.data.SESSION_SECRET),
  };
  return cached;
}
