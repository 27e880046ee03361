/** Helpers for the back office's own tests: a server in a fresh temp dir and contract-checked calls. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  backofficeUser,
  BACKOFFICE_SESSION_COOKIE,
  callPath,
  calls,
  errorAnswer,
  type CallName,
} from '@contract';
import { createTestDatabase } from './data/test-engines';
import { startBackoffice, type Backoffice, type BackofficeOptions } from './server';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** The session token, sent as the `bo_session` cookie. */
  session?: string;
  /** More request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  createdAt: string;
  /** Notification mails: the HTML part, the unsubscribe link, what they tell, their language. */
  html?: string;
  unsubscribe?: string;
  kind?: string;
  lang?: string;
}

export interface TestBackoffice {
  readonly backoffice: Backoffice;
  readonly dataDir: string;
  /** Added to the real time on the server's clock. */
  clock: { offsetMs: number };
  /** Calls `name` as the contract describes it; throws if the answer does not match the contract. */
  call(name: CallName, options?: CallOptions): Promise<CallResult>;
  /** Signs in and returns the session token. */
  login(email: string, password?: string): Promise<string>;
  outbox(): Promise<OutboxMessage[]>;
  /** Stops the server and starts a new one on the same data directory. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function sessionTokenFrom(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const match = new RegExp(`^${BACKOFFICE_SESSION_COOKIE}=([^;]*)`).exec(cookie);
    if (match) return match[1] ?? '';
  }
  return null;
}

/**
 * The engine the back-office tests run on: SQLite, or PostgreSQL when the run sets
 * `BACKOFFICE_TEST_ENGINE=postgres` (the second pass of `npm test`, vite.config.ts).
 */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.BACKOFFICE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

export async function startTestBackoffice(options: Partial<BackofficeOptions> = {}): Promise<TestBackoffice> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'backoffice-test-'));
  // On PostgreSQL, a database of its own (dropped with the back office), as the data directory on SQLite.
  const database = testEngine() === 'postgres' ? await createTestDatabase() : null;
  const clock = { offsetMs: 0 };
  const start = () =>
    startBackoffice({
      dataDir,
      databaseUrl: database?.url,
      port: 0,
      portalUrl: 'http://portal.test',
      now: () => new Date(Date.now() + clock.offsetMs),
      ...options,
    });
  let backoffice = await start();

  const test: TestBackoffice = {
    get backoffice() {
      return backoffice;
    },
    dataDir,
    clock,

    async call(name, { params, query, body, session, headers: extra } = {}) {
      const call = calls[name];
      const url = new URL(callPath(call.path, params), backoffice.url);
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
      const headers: Record<string, string> = { ...extra };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (session !== undefined) headers.cookie = `${BACKOFFICE_SESSION_COOKIE}=${session}`;
      const response = await fetch(url, {
        method: call.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      const schema = response.ok ? call.answer : errorAnswer;
      const checked = schema.safeParse(answer);
      if (!checked.success) {
        throw new Error(
          `${name} answered ${response.status} with a body the contract refuses: ${JSON.stringify(answer)}\n` +
            checked.error.message,
        );
      }
      return { status: response.status, headers: response.headers, body: answer };
    },

    async login(email, password = 'demo1234') {
      const result = await test.call('login', { body: { email, password } });
      const token = sessionTokenFrom(result.headers);
      if (result.status !== 200 || !token) throw new Error(`Login of ${email} failed: ${result.status}`);
      return token;
    },

    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
      return Promise.all(
        files.map(async (file) => ({ file, ...JSON.parse(await readFile(path.join(dir, file), 'utf8')) })),
      );
    },

    async restart() {
      await backoffice.close();
      backoffice = await start();
    },

    async dispose() {
      await backoffice.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** The smallest files each picture type is known by (their first bytes), for upload tests. */
export const SAMPLE_IMAGES = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L')]),
};

export type DemoAccount = 'admin' | 'agent' | 'client' | 'client2';
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ['admin', 'agent', 'client', 'client2'];

/** Signs in the four demo accounts: each one's session token, user id and partner id. */
export async function signInDemoAccounts(bo: TestBackoffice): Promise<{
  sessions: Record<DemoAccount, string>;
  users: Record<DemoAccount, number>;
  partners: Record<DemoAccount, number>;
}> {
  const result = { sessions: {}, users: {}, partners: {} } as {
    sessions: Record<DemoAccount, string>;
    users: Record<DemoAccount, number>;
    partners: Record<DemoAccount, number>;
  };
  for (const who of DEMO_ACCOUNTS) {
    const answer = await bo.call('login', { body: { email: `${who}@example.com`, password: 'demo1234' } });
    const user = backofficeUser.parse(answer.body);
    const token = sessionTokenFrom(answer.headers);
    if (answer.status !== 200 || !token || user.partner_id === null)
      throw new Error(`Sign-in of ${who} failed`);
    result.sessions[who] = token;
    result.users[who] = user.id;
    result.partners[who] = user.partner_id;
  }
  return result;
}
